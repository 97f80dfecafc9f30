// Browser tests of Chinese input (platform_web.cpp, "[SECTION] IME"): a canvas gets no
// composition events, so while an ImGui text field is active the page's #ime <input> sits at the
// caret with focus and hands committed text to ImGui. Composition is driven through CDP
// (Input.imeSetComposition, then Input.insertText to commit), as an IME would.
//   SIZER_DIST=<site> node --test tests/browser/ime.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { collectErrors, launchBrowser, repo, screenshotVariance, serve, typeText, waitForApp } from './lib.mjs';

let browser;
let site;
before(async () => {
  site = await serve();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  site?.server.close();
});

// Preset ids whose Chinese question contains 显存, and those whose question does not.
function presetsByChineseQuestion(word) {
  const rows = readFileSync(join(repo, 'imgui_app', 'strings', 'presets.tsv'), 'utf8').split('\n');
  const matching = [];
  const other = [];
  for (const row of rows) {
    const [key, , zh] = row.split('\t');
    const m = key && key.match(/^preset\.(.+)\.q$/);
    if (m) (zh.includes(word) ? matching : other).push(`preset-${m[1]}`);
  }
  return { matching, other };
}

async function open(scale = 1) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 },
                                         deviceScaleFactor: scale });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(site.url);
  await waitForApp(page);
  const cdp = await ctx.newCDPSession(page);
  const frames = () => page.evaluate(() => window.llmSizer.framesDrawn());
  // Forgets the widget rectangles drawn so far, then waits for frames that publish them again:
  // afterwards only widgets drawn now have a rectangle.
  let moves = 0;
  const redraw = async () => {
    await page.evaluate(() => { window.Module.llmSizerPage.rects = {}; });
    const since = await frames();
    moves += 1;
    await page.mouse.move(5, 5 + (moves % 2));  // input wakes the idle main loop
    await page.waitForFunction((f) => window.llmSizer.framesDrawn() >= f + 3, since,
                               { timeout: 15000 });
  };
  // Waits up to 15 s, moving the mouse so that the idle main loop draws (on a loaded CI machine
  // the Chinese font and the late strings can take seconds to arrive).
  const rect = async (id) => {
    for (let i = 0; i < 150; ++i) {
      const r = await page.evaluate((w) => window.llmSizer.widgetRect(w), id);
      if (r) return r;
      if (i % 5 === 4) await page.mouse.move(5, 5 + (i % 2));
      await page.waitForTimeout(100);
    }
    assert.fail(`widget ${id} was drawn`);
  };
  const click = async (id) => {
    const r = await rect(id);
    await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
    await redraw();
  };
  const overlay = () => page.evaluate(() => {
    const input = document.getElementById('ime');
    const r = input.getBoundingClientRect();
    return { focused: document.activeElement === input, display: getComputedStyle(input).display,
             x: r.x, y: r.y, height: r.height, value: input.value,
             composing: input.classList.contains('composing'),
             canvasFocused: document.activeElement === window.Module.canvas };
  });
  // Composes pinyin, then commits the characters, as a Chinese IME does.
  const compose = async (pinyin, text) => {
    for (let i = 1; i <= pinyin.length; ++i) {
      const partial = pinyin.slice(0, i);
      await cdp.send('Input.imeSetComposition',
                     { text: partial, selectionStart: i, selectionEnd: i });
    }
    await cdp.send('Input.insertText', { text });
    await redraw();
  };
  return { page, errors, ctx, cdp, redraw, rect, click, overlay, compose };
}

test('typing 显存 with an IME into the seed-question search shows the questions about 显存',
     async () => {
  const { page, errors, ctx, cdp, redraw, rect, click, overlay, compose } = await open();
  await page.evaluate(() => window.llmSizer.setState({ lang: 'zh' }));
  // The UI turns Chinese only once the CJK font has arrived (document lang zh-CN); a click before
  // that lands on the English layout, which the switch then redraws elsewhere.
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null,
                             { timeout: 30000 });
  await redraw();
  await click('presets-open');
  const search = await rect('presets-search');
  const o = await overlay();
  assert.ok(o.focused, 'the overlay has focus while the search field is active');
  assert.equal(o.display, 'block');
  // At the caret: inside the search field (CSS px), near its left edge while it is empty.
  assert.ok(o.x >= search.x - 2 && o.x <= search.x + 40, `overlay x ${o.x}, field x ${search.x}`);
  assert.ok(o.y >= search.y - 2 && o.y <= search.y + search.height,
            `overlay y ${o.y}, field ${search.y}..${search.y + search.height}`);

  const { matching, other } = presetsByChineseQuestion('显存');
  assert.ok(matching.length >= 3 && other.length >= 3, 'presets.tsv has both kinds of question');
  // Mid-composition the overlay shows the pinyin and ImGui gets nothing yet: every question is
  // still listed.
  await cdp.send('Input.imeSetComposition', { text: 'xian', selectionStart: 4, selectionEnd: 4 });
  await redraw();
  const composing = await overlay();
  assert.equal(composing.value, 'xian');
  assert.ok(composing.composing, 'the overlay shows the text being composed');
  assert.ok((await screenshotVariance(page, 'ime-composing.png')) > 10);
  const listed = await page.evaluate(() => window.llmSizer.widgetIds());
  assert.ok(other.some((id) => listed.includes(id)), 'uncommitted pinyin does not filter');
  await compose('xiancun', '显存');
  assert.ok((await screenshotVariance(page, 'ime-presets-search.png')) > 10);
  assert.equal((await overlay()).value, '', 'committed text leaves the overlay');
  const drawn = (await page.evaluate(() => window.llmSizer.widgetIds()))
    .filter((id) => id.startsWith('preset-') && id !== 'preset-answer');
  assert.ok(drawn.length > 0, 'some questions match 显存');
  for (const id of drawn) assert.ok(matching.includes(id), `${id} does not mention 显存`);

  // Escape leaves the field: the overlay hides and the canvas gets focus back.
  await page.keyboard.press('Escape');
  await redraw();
  await page.keyboard.press('Escape');
  await redraw();
  const closed = await overlay();
  assert.equal(closed.display, 'none');
  assert.ok(closed.canvasFocused, 'the canvas has focus again');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the model search takes 显存 from an IME, Backspace from the keyboard, and Latin once',
     async () => {
  // deviceScaleFactor 2: ImGui reports the caret in framebuffer pixels, the overlay needs CSS px.
  const { page, errors, ctx, redraw, rect, click, overlay, compose } = await open(2);
  await click('model-picker');
  const search = await rect('model-search');
  const o = await overlay();
  assert.ok(o.focused, 'the overlay has focus while the model search is active');
  assert.ok(o.x >= search.x - 2 && o.x <= search.x + 40, `overlay x ${o.x}, field x ${search.x}`);
  assert.ok(o.y >= search.y - 2 && o.y <= search.y + search.height, `overlay y ${o.y}`);
  assert.ok(o.height > 5 && o.height <= search.height + 2, `overlay height ${o.height}`);
  const firstMatch = () => page.evaluate(() => window.llmSizer.widgetRect('model-first-match'));
  assert.ok(await firstMatch(), 'an empty search lists models');

  await compose('xiancun', '显存');
  assert.equal(await firstMatch(), null, 'no model is called 显存');
  assert.ok((await screenshotVariance(page, 'ime-model-search.png')) > 10);
  // Backspace reaches ImGui through GLFW (two characters, one press each).
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await redraw();
  assert.ok(await firstMatch(), 'the emptied search lists models again');
  // Latin keys arrive once: "qwen" typed twice over ("qqwweenn") would match nothing.
  await typeText(page, 'qwen');
  await redraw();
  const first = await firstMatch();
  assert.ok(first, 'qwen matches models');
  await page.mouse.click(first.x + first.width / 2, first.y + first.height / 2);
  await redraw();
  assert.match((await page.evaluate(() => window.llmSizer.getState())).model, /qwen/i);
  const closed = await overlay();
  assert.equal(closed.display, 'none', 'the overlay hides when the combo closes');
  assert.deepEqual(errors, []);
  await ctx.close();
});

// A first visit's loading screen shows the default question's answer as text (written into
// index.html by the build, imgui_app/first_answer), in the language the app will pick, before any
// script file arrives; its numbers are the ones the app's first frame then draws. A visit from a
// share link or with saved state never shows it: the page's inline script decides before the
// loading screen is parsed. Screenshots of the loading screen (app.wasm held back) in
// build/screenshots/first-answer-*.png.
//   node --test tests/browser/first_answer.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { collectErrors, screenshotVariance, siteAndBrowserForThisFile, waitForApp, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// A page whose app.wasm is held back until release(): the loading screen stays up.
async function open({ locale = 'en-US', width = 1280, colorScheme = 'light', hash = '', ctx = null } = {}) {
  const context = ctx ?? await shared.browser.newContext({ viewport: { width, height: 800 }, locale, colorScheme });
  const page = await context.newPage();
  const errors = collectErrors(page);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/app.wasm', async (route) => { await held; await route.continue(); });
  await page.goto(shared.site.url + hash);
  return { ctx: context, page, errors, release };
}

// The answer blocks as laid out: which is displayed, and its texts.
const answers = (page) => page.evaluate(() => [...document.querySelectorAll('#loading .answer')].map((section) => ({
  id: section.id,
  shown: getComputedStyle(section).display !== 'none' && section.getBoundingClientRect().height > 0,
  verdict: section.querySelector('[elementtiming="first-answer"]')?.textContent ?? null,
  // The cells' no-break spaces (first_answer.cpp) are spaces in the app's frame.
  texts: [...section.querySelectorAll('p, td')].map((e) => e.textContent.replace(/\u00a0/g, ' ')),
  values: [...section.querySelectorAll('table:last-of-type td')].map((e) => e.textContent),
})));

// The Element Timing entry of the answer, once painted (null when it never is).
const answerPaint = (page, wait = 3000) => page.evaluate((wait) => new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entry = list.getEntries().find((e) => e.identifier === 'first-answer');
    if (entry) resolve(entry.renderTime);
  }).observe({ type: 'element', buffered: true });
  setTimeout(() => resolve(null), wait);
}), wait);

for (const { locale, id } of [{ locale: 'en-US', id: 'answer-en' }, { locale: 'zh-CN', id: 'answer-zh' }]) {
  test(`a first visit (${locale}) reads the default answer before the app starts, and the app then shows the same numbers`, async () => {
    const { ctx, page, errors, release } = await open({ locale });
    const blocks = await answers(page);
    assert.deepEqual(blocks.map((b) => b.id), ['answer-en', 'answer-zh']);
    const shown = blocks.filter((b) => b.shown);
    assert.deepEqual(shown.map((b) => b.id), [id], 'the one block in the app\'s language');
    const answer = shown[0];
    assert.ok(answer.verdict && answer.values.length === 3, JSON.stringify(answer));
    const painted = await answerPaint(page);
    assert.ok(painted > 0, 'the answer is painted while app.wasm is held back');
    assert.equal(await page.evaluate(() => window.llmSizerReady === true), false);
    release();
    await waitForApp(page);
    const readyAt = await page.evaluate(() => window.llmSizerReadyAt);
    assert.ok(painted < readyAt, `answer painted at ${painted} ms, the app ready at ${readyAt} ms`);
    assert.equal(await page.evaluate(() => document.getElementById('loading').hidden), true);
    // Every line and figure of the answer, as the app's first frame draws it.
    await waitText(page, answer.verdict);
    const frame = await page.evaluate(() => window.llmSizer.frameText());
    for (const text of answer.texts.filter((t) => /\d/.test(t) && !/·/.test(t))) {
      assert.ok(frame.includes(text), `the app shows "${text}"`);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

test('a share-link visit and a visit with saved state never show the answer', async () => {
  const link = await open({ hash: '#v=1&model=llama-2-7b&weights=fp16&gpu=a100-sxm-80gb' });
  assert.deepEqual((await answers(link.page)).filter((b) => b.shown), []);
  assert.equal(await answerPaint(link.page, 1000), null, 'never painted');
  link.release();
  await waitForApp(link.page);
  // The app saves its state; the next visit without a fragment starts from it.
  await link.page.waitForFunction(() => localStorage.getItem('llm-sizer-state'), null, { timeout: 15000 });
  const saved = await open({ ctx: link.ctx });
  assert.deepEqual((await answers(saved.page)).filter((b) => b.shown), []);
  assert.equal(await answerPaint(saved.page, 1000), null, 'never painted');
  saved.release();
  await waitForApp(saved.page);
  assert.deepEqual(link.errors.concat(saved.errors), []);
  await link.ctx.close();
});

test('the loading screen with the answer at 1280x800 and 400x800, English and Chinese, light and dark', async () => {
  for (const locale of ['en-US', 'zh-CN']) {
    for (const colorScheme of ['light', 'dark']) {
      for (const width of [1280, 400]) {
        const { ctx, page, release } = await open({ locale, width, colorScheme });
        await answerPaint(page);
        // The whole answer and the lite link on screen, nothing cut off.
        const fits = await page.evaluate(() => {
          const loading = document.getElementById('loading');
          return loading.scrollHeight <= loading.clientHeight && loading.scrollWidth <= loading.clientWidth;
        });
        assert.ok(fits, `${locale} ${colorScheme} ${width}: the loading screen fits`);
        const name = `first-answer-${locale.slice(0, 2)}-${width}-${colorScheme}.png`;
        assert.ok((await screenshotVariance(page, name)) > 20, name);
        if (width === 1280 && colorScheme === 'light') {
          release();
          await waitForApp(page);
          assert.ok((await screenshotVariance(page, `first-answer-${locale.slice(0, 2)}-app-up.png`)) > 20);
        }
        await ctx.close();
      }
    }
  }
});

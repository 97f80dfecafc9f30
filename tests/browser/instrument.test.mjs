// Browser tests of issue 13 ("the app as a precision instrument"), each driven by real input:
// mouse clicks and keys through playwright, touches through CDP Input.dispatchTouchEvent. Clicks
// land at the rectangles the widgets publish (window.llmSizer.widgetRect); outcomes are read back
// through window.llmSizer.getState / results. Screenshots go to build/screenshots/instrument-*.
//   node --test tests/browser/instrument.test.mjs   (after building the site; SIZER_DIST=...)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickAt, clickWidget as click, collectErrors, screenshotVariance, scrollIntoView as scrollTo,
         setAppState as setState, settle, siteAndBrowserForThisFile, typeText, waitForApp,
         waitRect } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

async function open({ width = 1280, height = 800, touch = false, ctx = null } = {}) {
  const context = ctx || await shared.browser.newContext({ viewport: { width, height },
                                                          hasTouch: touch, isMobile: false });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(shared.site.url);
  await waitForApp(page);
  return { page, errors, ctx: context, width, height };
}

const state = (page) => page.evaluate(() => window.llmSizer.getState());
const results = (page) => page.evaluate(() => window.llmSizer.results());
const rect = (page, id) => page.evaluate((i) => window.llmSizer.widgetRect(i), id);

let wiggle = 0;
// Forgets the published rectangles and draws again: afterwards only widgets drawn now have one.
async function redraw(page) {
  await page.evaluate(() => { window.Module.llmSizerPage.rects = {}; });
  wiggle += 1;
  await page.mouse.move(2, 2 + (wiggle % 2));
  await settle(page, 3);
}

// Types and waits until the app has drawn enough frames to take every key (ImGui takes a few
// characters per frame; typeText keeps a sleeping app drawing meanwhile), then presses Enter.
async function typeAndEnter(page, text) {
  await typeText(page, text, { delay: 15 });
  await page.keyboard.press('Enter');
  await settle(page);
}

test('the speed chart follows a GPU picked with the widgets, not the previous one', async () => {
  const { page, errors, ctx } = await open();
  await setState(page, { mode: 'inference', model: 'llama-3.1-8b', gpu: 'rtx-4090-24gb',
                         gpuCount: 1, weights: 'fp16', batch: 1 });
  const before = (await results(page)).inference.maxBatch;
  await click(page, 'gpu-picker');
  await typeAndEnter(page, 'h100 sxm');
  await click(page, 'gpu-first-match');
  assert.equal((await state(page)).gpu, 'h100-sxm-80gb');
  const after = (await results(page)).inference.maxBatch;
  assert.ok(after > before, `an 80 GB card holds more users (${after} > ${before})`);
  await redraw(page);
  assert.ok(await rect(page, `speed-chart-memory-full-${after}`),
            `the chart marks memory full after ${after}, as the table says`);
  assert.equal(await rect(page, `speed-chart-memory-full-${before}`), null,
               'not the previous card\'s limit');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('one byte unit, switched in the header and remembered after a reload', async () => {
  const { page, errors, ctx } = await open();
  assert.equal((await state(page)).units, 'GiB', 'binary units by default');
  await click(page, 'units-gb');
  assert.equal((await state(page)).units, 'GB');
  // The state is saved once it has been still for a moment (imgui_app/main.cpp, k_persist_delay_s).
  await page.waitForFunction(() => {
    const saved = window.localStorage.getItem('llm-sizer-state');
    return Boolean(saved) && JSON.parse(saved).units === 'GB';
  }, null, { timeout: 15000, polling: 50 });
  await page.reload();
  await waitForApp(page);
  assert.equal((await state(page)).units, 'GB', 'remembered');
  await click(page, 'units-gib');
  assert.equal((await state(page)).units, 'GiB');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('typed slider values: suffixes after a double-click or Ctrl+click, out of range refused',
     async () => {
  const { page, errors, ctx } = await open();
  await setState(page, { mode: 'inference', promptTokens: 512, batch: 1 });
  // The value is never under the grab: the number sits in its own field beside the slider.
  const slider = await waitRect(page, 'prompt-tokens');
  const entry = await waitRect(page, 'prompt-tokens-entry');
  assert.ok(entry.x >= slider.x + slider.width, 'the number is right of the slider');
  // Double-click types a value and does not move the slider. (ImGui counts a double-click
  // within 0.3 s of frame time; on this software renderer under load one frame can take 0.2 s, so
  // a double-click the app did not see as one is tried once more.)
  const at = [slider.x + slider.width * 0.9, slider.y + slider.height / 2];
  for (let attempt = 0; attempt < 2; ++attempt) {
    await setState(page, { promptTokens: 512 });
    await page.mouse.move(at[0], at[1]);
    await settle(page, 2);
    await page.mouse.dblclick(at[0], at[1]);
    await settle(page);
    if ((await state(page)).promptTokens === 512) break;
  }
  assert.equal((await state(page)).promptTokens, 512, 'the double-click did not move the value');
  await page.keyboard.press('Control+A');
  await typeAndEnter(page, '32k');
  assert.equal((await state(page)).promptTokens, 32000, '"32k" is 32,000 tokens');
  // Ctrl+click, then type at once: no keystroke is lost, and too many is refused, not clamped.
  const batch = await waitRect(page, 'batch');
  await page.mouse.move(batch.x + 10, batch.y + batch.height / 2);
  await settle(page, 2);
  await page.keyboard.down('Control');
  await page.mouse.click(batch.x + 10, batch.y + batch.height / 2);
  await page.keyboard.up('Control');
  await typeText(page, '2000000000', { delay: 5 });
  await page.keyboard.press('Enter');
  await settle(page);
  assert.equal((await state(page)).batch, 1, 'an out-of-range batch leaves the value as it was');
  assert.ok(await waitRect(page, 'batch-refused'), 'and says why under the slider');
  // A click in the number field types too; "1.5M" is above the 1,048,576-token prompt limit.
  await click(page, 'prompt-tokens-entry');
  await page.keyboard.press('Control+A');
  await typeAndEnter(page, '1.5M');
  assert.equal((await state(page)).promptTokens, 32000);
  assert.ok(await waitRect(page, 'prompt-tokens-refused'));
  await click(page, 'output-tokens-entry');
  await page.keyboard.press('Control+A');
  await typeAndEnter(page, '2K');
  assert.equal((await state(page)).outputTokens, 2000);
  // Training tokens take T.
  await setState(page, { mode: 'training', training: { method: 'full' } });
  await scrollTo(page, 'train-tokens-entry', 60, 760);
  await click(page, 'train-tokens-entry');
  await page.keyboard.press('Control+A');
  await typeAndEnter(page, '2T');
  assert.equal((await state(page)).training.tokens, 2e12);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('typing 8 cards for 70B FP16 on H100 starts from a split that fits (tensor parallel)',
     async () => {
  const { page, errors, ctx } = await open();
  await setState(page, { mode: 'inference', model: 'llama-2-70b', gpu: 'h100-sxm-80gb',
                         gpuCount: 1, weights: 'fp16', batch: 1 });
  assert.equal((await results(page)).memory.fits, false, '138 GB of weights do not fit 80 GB');
  await click(page, 'gpus-per-node-entry');
  await page.keyboard.press('Control+A');
  await typeAndEnter(page, '8');
  const s = await state(page);
  assert.equal(s.gpuCount, 8);
  assert.ok(s.tensorParallel * s.pipelineParallel > 1, 'the model is split over the cards');
  assert.equal((await results(page)).memory.fits, true, 'and the split fits');
  assert.deepEqual(errors, []);
  await ctx.close();
});

// The common recipe (core/src/training_defaults.cpp): LoRA/QLoRA default to full recomputation.
test('LoRA of a 7B model on one 24 GB card starts with gradient checkpointing and fits',
     async () => {
  const { page, errors, ctx } = await open();
  await setState(page, { mode: 'inference', model: 'llama-2-7b', gpu: 'rtx-4090-24gb',
                         gpuCount: 1, weights: 'fp16' });
  await click(page, 'tab-finetune');
  await click(page, 'method-lora');
  const s = await state(page);
  assert.equal(s.training.method, 'lora');
  assert.equal(s.training.recompute, 'full', 'the common recipe: gradient checkpointing on');
  assert.equal((await results(page)).memory.fits, true);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the format picker is searchable, grouped, without duplicates or tensor types', async () => {
  const { page, errors, ctx } = await open();
  await setState(page, { mode: 'inference', weights: 'fp16' });
  await click(page, 'weights-format');
  await redraw(page);
  assert.ok(await rect(page, 'weights-format-option-fp16'), 'plain FP16 is listed');
  assert.equal(await rect(page, 'weights-format-option-gguf-f16'), null, 'GGUF F16 is not again');
  await typeAndEnter(page, 'q4_k');
  await redraw(page);
  assert.ok(await rect(page, 'weights-format-option-gguf-q4_k_m'), 'the Q4_K_M file mix');
  assert.equal(await rect(page, 'weights-format-option-ggml-type-q4_k'), null,
               'the Q4_K tensor type is not a file to pick');
  await click(page, 'weights-format-first-match');
  assert.equal((await state(page)).weights, 'gguf-q4_k_m');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('"a100 80" offers the SXM card first and the PCIe card next; the GPU card shows its facts',
     async () => {
  const { page, errors, ctx } = await open();
  await click(page, 'gpu-picker');
  await typeText(page, 'a100 80', { delay: 15 });
  await redraw(page);
  assert.ok(await rect(page, 'gpu-second-match'), 'both variants are listed');
  // Hovering an entry shows the card's facts.
  const first = await waitRect(page, 'gpu-first-match');
  await page.mouse.move(first.x + 20, first.y + first.height / 2);
  await page.waitForTimeout(300);
  await page.mouse.move(first.x + 22, first.y + first.height / 2);
  await settle(page);
  assert.ok(await screenshotVariance(page, 'instrument-gpu-picker-card-1280x800-en.png') > 20);
  await click(page, 'gpu-first-match');
  assert.equal((await state(page)).gpu, 'a100-sxm-80gb');
  // A click on "GPU facts" opens the same card inline (a phone has no hover).
  await click(page, 'gpu-card-toggle');
  assert.ok(await waitRect(page, 'gpu-card'));
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the seed tables view computes the seeds\' tables with the seed figure beside each cell',
     async () => {
  const { page, errors, ctx, height } = await open();
  const header = await scrollTo(page, 'seed-tables-header', 60, height - 40);
  await clickAt(page, header.x + 40, header.y + header.height / 2);
  // Tables scrolled out of view submit no cells: bring the view near the top first.
  await scrollTo(page, 'seed-tables-header', 60, 200);
  await redraw(page);
  for (const id of ['precision-1-3', 'practical-3-3', 'cards-3-1']) {
    assert.ok(await rect(page, id), `cell ${id} is drawn`);
  }
  assert.ok(await screenshotVariance(page, 'instrument-tables-1280x800-en.png') > 20);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// CDP touches: one finger down, moved in steps, up.
async function touchDrag(cdp, page, x, y0, y1, steps = 8) {
  await cdp.send('Input.dispatchTouchEvent',
                 { type: 'touchStart', touchPoints: [{ x, y: y0, id: 1 }] });
  for (let i = 1; i <= steps; ++i) {
    const y = y0 + ((y1 - y0) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent',
                   { type: 'touchMove', touchPoints: [{ x, y, id: 1 }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await settle(page);
}

async function tap(cdp, page, r) {
  const x = r.x + Math.min(r.width / 2, 40);
  const y = r.y + r.height / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 2 }] });
  await page.waitForTimeout(50);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await settle(page);
}

test('phone: a summary line at the top, touch drags scroll, taps click, 44 px targets', async () => {
  const { page, errors, ctx } = await open({ width: 400, height: 800, touch: true });
  const cdp = await ctx.newCDPSession(page);
  const summary = await waitRect(page, 'summary-line');
  assert.ok(summary.y < 200 && summary.height >= 44, 'the summary line is at the top, tappable');
  for (const id of ['model-picker', 'weights-format', 'prompt-tokens', 'prompt-tokens-entry',
                    'gpu-picker', 'gpu-card-toggle', 'tab-finetune', 'units-gb', 'copy-link',
                    'summary-line']) {
    assert.ok((await waitRect(page, id)).height >= 44, `${id} is at least 44 CSS px tall`);
  }
  // A tap clicks: the fine-tune tab switches the mode.
  await tap(cdp, page, await waitRect(page, 'tab-finetune'));
  assert.equal((await state(page)).mode, 'training', 'a tap on a tab selects it');
  await tap(cdp, page, await waitRect(page, 'tab-inference'));
  assert.equal((await state(page)).mode, 'inference');
  // A drag scrolls the column under the finger, and the summary line stays where it is.
  const before = (await waitRect(page, 'gpu-picker')).y;
  await touchDrag(cdp, page, 200, 650, 350);
  const after = (await waitRect(page, 'gpu-picker')).y;
  assert.ok(before - after > 150, `a 300 px drag scrolls the panel (${before} -> ${after})`);
  assert.ok(Math.abs((await waitRect(page, 'summary-line')).y - summary.y) < 1, 'summary stays');
  const inputs = await state(page);
  assert.equal(inputs.promptTokens, 512, 'the drag moved no slider on its way');
  // Dragging back down scrolls back.
  await touchDrag(cdp, page, 200, 300, 600);
  assert.ok((await waitRect(page, 'gpu-picker')).y > after + 150);
  // A tap on the summary opens the results.
  await tap(cdp, page, await waitRect(page, 'summary-line'));
  await settle(page);
  assert.ok((await waitRect(page, 'model-picker')).y < 0, 'the inputs scrolled away');
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Screenshots of the new views at both sizes in both languages (look at them).
for (const [width, height] of [[1280, 800], [400, 800]]) {
  for (const lang of ['en', 'zh']) {
    test(`screenshots ${width}x${height} ${lang}: GPU card, seed tables, summary`, async () => {
      const { page, errors, ctx } = await open({ width, height });
      await setState(page, { lang, mode: 'inference', model: 'llama-2-70b', gpu: 'h100-sxm-80gb',
                             gpuCount: 2, weights: 'fp16', batch: 1 });
      const tag = `${width}x${height}-${lang}`;
      // Before each picture the pointer rests on the scroll bar, where no tooltip opens.
      const rest = async () => { await page.mouse.move(width - 4, height - 4); await settle(page); };
      await rest();
      assert.ok(await screenshotVariance(page, `instrument-summary-${tag}.png`) > 20);
      await scrollTo(page, 'gpu-card-toggle', 60, height - 40);
      await click(page, 'gpu-card-toggle');
      await scrollTo(page, 'gpu-card-toggle', 60, height / 3);
      await rest();
      assert.ok(await screenshotVariance(page, `instrument-gpu-card-${tag}.png`) > 20);
      const header = await scrollTo(page, 'seed-tables-header', 60, height - 40);
      await clickAt(page, header.x + 40, header.y + header.height / 2);
      await redraw(page);
      await scrollTo(page, 'seed-tables-header', 60, 260);
      await rest();
      assert.ok(await screenshotVariance(page, `instrument-tables-${tag}.png`) > 20);
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  }
}

test('the lite page says why it does not fit once, not again under Notes', async () => {
  const ctx = await shared.browser.newContext({ viewport: { width: 800, height: 800 } });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(`${shared.site.url}lite.html`);
  await page.waitForFunction(() => window.llmSizerLiteReady === true, null, { timeout: 60000 });
  await page.selectOption('select[name="model"]', 'llama-2-70b');
  await page.selectOption('select[name="gpu"]', 'rtx-4090-24gb');
  await page.waitForFunction(() => document.getElementById('verdict').className === 'nofit');
  const verdict = await page.textContent('#verdict');
  const reason = verdict.replace(/^Does not fit:\s*/, '').trim();
  assert.ok(reason.length > 20, `the verdict gives the reason (${verdict})`);
  const text = await page.textContent('main');
  assert.equal(text.split(reason).length - 1, 1, 'the reason is printed once');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a link with one bad key restores the rest, and an invalid split moves to a valid one',
     async () => {
  const { page, errors, ctx } = await open();
  // tensorParallel 7 does not divide Llama 3 8B's 32 heads; "bogusKey" is no request field.
  await page.goto(`${shared.site.url}#v=1&model=llama-3-8b&gpu=h100-sxm-80gb&gpuCount=8` +
                  '&tensorParallel=7&bogusKey=1&batch=24');
  await page.reload();
  await waitForApp(page);
  await settle(page);
  const s = await state(page);
  assert.equal(s.model, 'llama-3-8b');
  assert.equal(s.batch, 24, 'the keys beside the bad one are restored');
  assert.ok([1, 2, 4, 8].includes(s.tensorParallel), `tensor parallel ${s.tensorParallel}`);
  assert.notEqual(s.tensorParallel, 7);
  assert.deepEqual(errors, []);
  await ctx.close();
});

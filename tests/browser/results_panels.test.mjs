// Browser tests of the results column (imgui_app/panels/results*.cpp): one-click suggestions,
// the fit table's filter and row click, pinning configurations to compare, and screenshots of
// the results at desktop and phone widths in both languages and themes
// (build/screenshots/results-*.png). Inputs go in through window.llmSizer.setState; clicks land at
// the rectangles the panels publish (window.llmSizer.widgetRect); outcomes are read back through
// window.llmSizer.getState / results.
//   node --test tests/browser/results_panels.test.mjs   (after building the site; SIZER_DIST=...)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { collectErrors, screenshotVariance, settle as settleFrames, siteAndBrowserForThisFile, typeText,
         waitForApp, waitRect } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

async function open({ width = 1280, height = 800, colorScheme = 'light' } = {}) {
  const ctx = await shared.browser.newContext({ viewport: { width, height }, colorScheme });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(shared.site.url);
  await waitForApp(page);
  return { page, errors, ctx, width, height };
}


const state = (page) => page.evaluate(() => window.llmSizer.getState());
const results = (page) => page.evaluate(() => window.llmSizer.results());
const rect = (page, id) => page.evaluate((i) => window.llmSizer.widgetRect(i), id);
const framesDrawn = (page) => page.evaluate(() => window.llmSizer.framesDrawn());

// Waits until the app has drawn `n` more frames. The app sleeps when idle, and an input that
// changes nothing (a wheel at the end of the scroll range) may wake it for fewer frames, so after
// the first frame a shortfall is not an error. On a loaded machine the frames an input woke it
// for can be over before `since` is read: an empty setState wakes it for the first one.
async function settle(page, n = 3) {
  const since = await framesDrawn(page);
  await page.waitForFunction((f) => {
    if (window.llmSizer.framesDrawn() > f) return true;
    window.llmSizer.setState({});
    return false;
  }, since, { timeout: 15000, polling: 100 });
  // The rest with lib.mjs's wait, which wakes an app that went back to sleep early.
  await settleFrames(page, n - 1);
}

async function setState(page, partial) {
  await page.evaluate((p) => window.llmSizer.setState(p), partial);
  await settle(page);
}

// Scrolls the column holding widget `id` with the mouse wheel until the widget's top is between
// `top` and `bottom` (or the column cannot scroll further). The wheel is turned over the widget's
// column; when nothing moves (the pointer was over a nested scrolling region such as the fit
// table, which keeps the wheel), another height is tried.
async function scrollTo(page, id, viewportHeight, top, bottom) {
  const heights = [viewportHeight / 2, 100, viewportHeight - 40];
  let which = 0;
  let lastY = null;
  let stuck = 0;
  for (let i = 0; i < 40; ++i) {
    const r = await waitRect(page, id);
    if (r.y >= top && r.y + r.height <= bottom) return r;
    if (lastY !== null && Math.abs(lastY - r.y) < 1) {
      which = (which + 1) % heights.length;
      if (++stuck > heights.length) return r;  // at the end of the scroll range
    } else {
      stuck = 0;
    }
    lastY = r.y;
    await page.mouse.move(r.x + 4, heights[which]);
    const target = (top + Math.min(bottom - r.height, top + viewportHeight / 3)) / 2;
    await page.mouse.wheel(0, Math.max(-300, Math.min(300, r.y - target)));
    await settle(page, 2);
  }
  return waitRect(page, id);
}

async function scrollIntoView(page, id, viewportHeight) {
  const r = await scrollTo(page, id, viewportHeight, 60, viewportHeight - 20);
  assert.ok(r.y >= 40 && r.y + r.height <= viewportHeight, `${id} scrolled into view`);
  return r;
}

async function click(page, id, viewportHeight) {
  const r = await scrollIntoView(page, id, viewportHeight);
  const x = r.x + Math.min(r.width / 2, 40);
  const y = r.y + r.height / 2;
  // Hover first, as a person does (ImGui takes a press on an item hovered the frame before); the
  // one-pixel approach makes sure a move event fires even when the pointer is already there.
  await page.mouse.move(x - 1, y);
  await page.mouse.move(x, y);
  await settle(page, 2);
  await page.mouse.click(x, y);
  await settle(page);
}

test('a 70B model at FP16 on one RTX 4090 does not fit, and one click on a suggestion makes it fit',
     async () => {
  const { page, errors, ctx, height } = await open();
  await setState(page, { mode: 'inference', model: 'llama-2-70b', gpu: 'rtx-4090-24gb',
                         gpuCount: 1, weights: 'fp16', batch: 1 });
  const inputsBefore = await state(page);
  assert.equal((await results(page)).memory.fits, false, '140 GB of weights cannot fit in 24 GB');
  await click(page, 'suggestion-0', height);
  assert.equal((await results(page)).memory.fits, true, 'the applied suggestion fits');
  assert.notDeepEqual(await state(page), inputsBefore, 'the suggestion changed the inputs');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('filtering the fit table and clicking a row selects that GPU and its card count', async () => {
  const { page, errors, ctx, height } = await open();
  await setState(page, { mode: 'inference', model: 'llama-2-70b', gpu: 'rtx-4090-24gb',
                         gpuCount: 1, weights: 'fp16', batch: 1 });
  await click(page, 'fit-filter', height);
  await typeText(page, 'H100 SXM', { delay: 20 });
  await settle(page);
  await click(page, 'fit-row-h100-sxm-80gb', height);
  const s = await state(page);
  assert.equal(s.gpu, 'h100-sxm-80gb');
  // 70B in FP16 is ~138 GB of weights: two 80 GB cards are the fewest that hold it.
  assert.equal(s.gpuCount, 2);
  assert.equal((await results(page)).memory.fits, true);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('pinned configurations can be restored and removed', async () => {
  const { page, errors, ctx, height } = await open();
  await setState(page, { mode: 'inference', model: 'llama-2-7b', gpu: 'rtx-4090-24gb',
                         gpuCount: 1, weights: 'fp16', batch: 1 });
  await click(page, 'compare-pin', height);
  await setState(page, { weights: 'awq-4bit-g128' });
  await click(page, 'compare-pin', height);
  await setState(page, { weights: 'int8' });
  await scrollTo(page, 'compare-pin', height, 50, height * 0.45);
  assert.ok(await screenshotVariance(page, 'results-compare-desktop.png') > 50);
  await click(page, 'compare-restore-0', height);
  assert.equal((await state(page)).weights, 'fp16', 'restoring brings the first pin back');
  // Removing the first pin moves the second into its place.
  await click(page, 'compare-remove-0', height);
  await click(page, 'compare-restore-0', height);
  assert.equal((await state(page)).weights, 'awq-4bit-g128', 'the second pin is now the first');
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Screenshots of the results column, one per panel: each anchor widget is scrolled near the top.
async function shoot(name, { width, height, colorScheme, lang, partial, anchors }) {
  const { page, errors, ctx } = await open({ width, height, colorScheme });
  await setState(page, { ...partial, lang, theme: colorScheme });
  for (const id of anchors) {
    await scrollTo(page, id, height, 50, height * 0.45);
    const variance = await screenshotVariance(page, `results-${name}-${id}.png`);
    assert.ok(variance > 50, `${name} ${id} shows something`);
  }
  assert.deepEqual(errors, []);
  await ctx.close();
}

const inference = { mode: 'inference', model: 'llama-2-7b', gpu: 'rtx-4090-24gb', gpuCount: 1,
                    weights: 'fp16', batch: 8, promptTokens: 2000, outputTokens: 500 };
const notFitting = { ...inference, model: 'llama-2-70b', batch: 1 };
const inferenceAnchors = ['verdict', 'speed-chart', 'roofline', 'fit-filter', 'compare-pin'];
const trainingAnchors = ['verdict', 'training-split', 'fit-filter', 'compare-pin'];
const training = { mode: 'training', model: 'llama-2-7b', gpu: 'a100-sxm-80gb', gpuCount: 8,
                   weights: 'bf16', training: { method: 'full' } };

test('results screenshots: desktop light en (inference)', () =>
  shoot('desktop-light-en', { width: 1280, height: 800, colorScheme: 'light', lang: 'en',
                              partial: inference, anchors: inferenceAnchors }));
test('results screenshots: desktop dark zh (does not fit)', () =>
  shoot('desktop-dark-zh', { width: 1280, height: 800, colorScheme: 'dark', lang: 'zh',
                             partial: notFitting, anchors: inferenceAnchors }));
test('results screenshots: desktop dark en (training)', () =>
  shoot('desktop-dark-training', { width: 1280, height: 800, colorScheme: 'dark', lang: 'en',
                                   partial: training, anchors: trainingAnchors }));
test('results screenshots: phone light zh (inference)', () =>
  shoot('phone-light-zh', { width: 400, height: 800, colorScheme: 'light', lang: 'zh',
                            partial: inference, anchors: inferenceAnchors }));
test('results screenshots: phone dark en (does not fit)', () =>
  shoot('phone-dark-en', { width: 400, height: 800, colorScheme: 'dark', lang: 'en',
                           partial: notFitting, anchors: inferenceAnchors }));

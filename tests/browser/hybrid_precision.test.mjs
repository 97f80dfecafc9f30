// Issue 14 in the page: a hybrid model (Qwen3-Next's 36 Gated DeltaNet layers keep a fixed state,
// only its 12 attention layers a KV cache) shows its recurrent state in the memory bar, and the
// activations picker turns INT8 weights into W8A8 on the INT8 tensor cores, by real clicks.
// Screenshots at 1280x800 and 400x800 in English and Chinese (build/screenshots/hybrid-*.png).
//   node --test tests/browser/hybrid_precision.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, scrollIntoView, settle, state } from './app_widgets.mjs';
import { openApp, screenshotVariance, siteAndBrowserForThisFile, stateFromLink, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

const hybrid = {
  mode: 'inference', model: 'qwen3-next-80b-a3b', gpu: 'h100-sxm-80gb', gpuCount: 4,
  tensorParallel: 4, pipelineParallel: 1, weights: 'bf16', batch: 8, promptTokens: 30000,
  outputTokens: 2000,
};

async function showLanguage(page, lang) {
  await page.evaluate((l) => window.llmSizer.setState({ lang: l }), lang);
  await settle(page, 4);
  await scrollIntoView(page, 'memory-bar');
  if (lang === 'zh') {
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: 15000 });
    await waitText(page, '循环状态');  // the CJK font is in and the bar's legend names the state
  } else {
    await waitText(page, 'Recurrent state');
  }
  await settle(page, 4);
}

test('a hybrid model shows its recurrent state beside a KV cache of its attention layers only',
     async () => {
  for (const width of [1280, 400]) {
    const { page, errors, ctx } = await openApp(shared, { width, height: 800 });
    await page.evaluate((s) => window.llmSizer.setState(s), hybrid);
    await settle(page, 4);
    const r = await page.evaluate(() => window.llmSizer.results());
    // 36 layers x 548,864 state values x 2 bytes x 8 sequences / 4 ranks; 12 attention layers of
    // KV at 32,000 tokens, one KV head per rank.
    assert.equal(Math.round(r.memory.recurrentStateBytes), 39518208 * 2);
    assert.equal(Math.round(r.memory.kvCacheBytes), 8 * 32000 * 12 * 1024);
    for (const lang of ['en', 'zh']) {
      await showLanguage(page, lang);
      await screenshotVariance(page, `hybrid-${lang}-${width}.png`);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  }
});

test('the activations picker runs INT8 weights as W8A8, and the choice is kept in links',
     async () => {
  const { page, errors, ctx } = await openApp(shared);
  await page.evaluate((s) => window.llmSizer.setState(s), {
    mode: 'inference', model: 'llama-3.1-8b', gpu: 'a100-sxm-80gb', gpuCount: 1, tensorParallel: 1,
    pipelineParallel: 1, weights: 'int8', promptTokens: 4096, outputTokens: 256,
  });
  await settle(page, 4);
  const before = await page.evaluate(() => window.llmSizer.results());
  assert.equal(before.peakFlops, 312e12);  // weight-only: the BF16 tensor peak
  await scrollIntoView(page, 'activations');
  await clickWidget(page, 'activations');
  await clickWidget(page, 'activations-option-4');  // INT8 (W8A8 / W4A8)
  await settle(page, 4);
  assert.equal((await state(page)).activations, 'int8');
  const after = await page.evaluate(() => window.llmSizer.results());
  assert.equal(after.peakFlops, 624e12);  // A100 dense INT8
  assert.ok(after.inference.ttftSeconds < 0.6 * before.inference.ttftSeconds);
  for (const lang of ['en', 'zh']) {
    await page.evaluate((l) => window.llmSizer.setState({ lang: l }), lang);
    if (lang === 'zh') await waitText(page, '激活精度');
    await settle(page, 4);
    await scrollIntoView(page, 'activations');
    await screenshotVariance(page, `activations-${lang}-1280.png`);
  }
  await page.evaluate(() => window.llmSizer.setState({ lang: 'en' }));
  const linked = await stateFromLink(page, ctx, shared, 'activations=int8');
  assert.equal(linked.activations, 'int8');
  assert.deepEqual(errors, []);
  await ctx.close();
});

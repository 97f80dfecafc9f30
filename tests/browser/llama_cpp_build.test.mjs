// llama.cpp's per-layer decode time by build (issue 8): a current build on an Ampere-or-newer
// NVIDIA card takes llamaCppCudaOverheadSecondsPerLayer, an older build (llamaCppBuild below
// 6000) decodeOverheadSecondsPerLayer. Both constants and the build are in the Assumptions panel,
// with the llama.cpp profile named in the tooltip. Screenshots at 1280x800 and 400x800 in English
// and Chinese (build/screenshots/llama-cpp-build-*.png).
//   node --test tests/browser/llama_cpp_build.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, hoverAssumptionName, scrollIntoView, settle } from './app_widgets.mjs';
import { openApp, scrollIntoView as scrollIntoViewBetween, screenshotVariance, showLanguage, siteAndBrowserForThisFile, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// Row P-044: Llama 3.1 8B Q4_0 on an RTX 3090, llama-bench tg512, 155.02 t/s (September 2025).
const run = { mode: 'inference', model: 'llama-3.1-8b', weights: 'gguf-q4_0', kvCache: 'fp16',
              gpu: 'rtx-3090-24gb', gpuCount: 1, engine: 'llama.cpp', batch: 1, promptTokens: 1,
              outputTokens: 512 };

for (const [width, height] of [[1280, 800], [400, 800]]) {
  test(`the llama.cpp build sets the per-layer decode time, at ${width} px`, async () => {
    const { page, errors, ctx } = await openApp(shared, { width, height });
    const decode = async (request) => {
      await page.evaluate((s) => window.llmSizer.setState(s), request);
      await settle(page, 4);
      return page.evaluate(() => window.llmSizer.results().inference.decodeTokensPerSecond);
    };
    const current = await decode(run);
    const old = await decode({ ...run, assumptions: { llamaCppBuild: 2796 } });
    // 32 layers x (100 - 30) us = 2.2 ms less per token: about 121 -> 162 tokens/s.
    assert.ok(current > 140 && current < 175, `current build: ${current}, build 2796: ${old} tokens/s`);
    assert.ok(old > 105 && old < 135, `build 2796: ${old} tokens/s`);
    for (const [lang, needle] of [['en', 'Default for llama.cpp'], ['zh', 'llama.cpp 的默认值']]) {
      await showLanguage(page, lang, '种子问题');  // the top bar's text: always on screen
      await scrollIntoViewBetween(page, 'assumptions-header', 300, 700);  // clear of the top bar
      await clickWidget(page, 'assumptions-header');
      await scrollIntoView(page, 'assumption-llamaCppBuild');
      await hoverAssumptionName(page, 'llamaCppCudaOverheadSecondsPerLayer');
      await waitText(page, needle);
      await waitText(page, 'PR #15802');
      assert.ok(await screenshotVariance(page, `llama-cpp-build-${lang}-${width}.png`) > 10);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

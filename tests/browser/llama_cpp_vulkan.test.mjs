// llama.cpp's Vulkan backend (issue 8): on an AMD card llama.cpp runs ROCm/HIP unless the user
// types 1 into the Assumptions panel's llamaCppVulkan field; then a decode step takes
// llamaCppVulkanOverheadSecondsPerLayer per layer instead of decodeOverheadSecondsPerLayer. The
// tooltip names the issue that measured both backends. Screenshots at 1280x800 and 400x800 in
// English and Chinese (build/screenshots/llama-cpp-vulkan-*.png).
//   node --test tests/browser/llama_cpp_vulkan.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, hoverAssumptionName, scrollIntoView, settle } from './app_widgets.mjs';
import { openApp, scrollIntoView as scrollIntoViewBetween, screenshotVariance, showLanguage, siteAndBrowserForThisFile, typeText, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// Rows P-401 and P-404: Llama 2 7B Q4_0 on an RX 7900 XTX, tg128: Vulkan 167-177, ROCm 129-144 t/s.
const run = { mode: 'inference', model: 'llama-2-7b', weights: 'gguf-q4_0', kvCache: 'fp16',
              gpu: 'radeon-rx-7900-xtx-24gb', gpuCount: 1, engine: 'llama.cpp', batch: 1,
              promptTokens: 1, outputTokens: 128 };

const decodeRate = (page) =>
  page.evaluate(() => window.llmSizer.results().inference.decodeTokensPerSecond);

for (const [width, height] of [[1280, 800], [400, 800]]) {
  test(`typing 1 into llamaCppVulkan runs the Vulkan backend, at ${width} px`, async () => {
    const { page, errors, ctx } = await openApp(shared, { width, height });
    await page.evaluate((s) => window.llmSizer.setState(s), run);
    await settle(page, 4);
    const rocm = await decodeRate(page);
    await scrollIntoViewBetween(page, 'assumptions-header', 300, 700);  // clear of the top bar
    await clickWidget(page, 'assumptions-header');
    await scrollIntoView(page, 'assumption-llamaCppVulkan');
    await clickWidget(page, 'assumption-llamaCppVulkan');
    await typeText(page, '1');
    await page.keyboard.press('Enter');
    await settle(page, 4);
    const vulkan = await decodeRate(page);
    const state = await page.evaluate(() => window.llmSizer.getState());
    assert.equal(state.assumptions?.llamaCppVulkan, 1, JSON.stringify(state.assumptions));
    // 32 layers x (100 - 32) us = 2.2 ms less per token: about 131 -> 185 tokens/s.
    assert.ok(rocm > 115 && rocm < 150, `ROCm: ${rocm} tokens/s`);
    assert.ok(vulkan > 160 && vulkan < 210, `Vulkan: ${vulkan} tokens/s (ROCm ${rocm})`);
    for (const [lang, needle] of [['en', 'Default for llama.cpp'], ['zh', 'llama.cpp 的默认值']]) {
      await showLanguage(page, lang, '种子问题');  // the top bar's text: always on screen
      if (lang === 'zh') {  // the panel's open state is keyed by its title, which is new
        await scrollIntoViewBetween(page, 'assumptions-header', 300, 700);
        await clickWidget(page, 'assumptions-header');
      }
      await hoverAssumptionName(page, 'llamaCppVulkanOverheadSecondsPerLayer');
      await waitText(page, needle);
      await waitText(page, 'P-394..P-403');
      await hoverAssumptionName(page, 'llamaCppVulkan');
      await waitText(page, '#20934');
      assert.ok(await screenshotVariance(page, `llama-cpp-vulkan-${lang}-${width}.png`) > 10);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

// Why a default is what it is (issue 8: every constant named, sourced and visible): hovering a
// constant in the Assumptions panel shows its source and, where an engine profile, setup rule or
// training framework set its default, which one and why (sizer::default_reason). DeepSeek-V3 AWQ
// at TP 8 on A100s under vLLM: weightOnlyMoeKernelSeconds, 78 us per MoE layer from vLLM's
// profile (FlagGems kernel benchmarks). Screenshots of the tooltip at 1280x800 and 400x800 in
// English and Chinese (build/screenshots/assumption-reason-*.png).
//   node --test tests/browser/assumption_reasons.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, hoverAssumptionName, settle } from './app_widgets.mjs';
import { openApp, scrollIntoView as scrollIntoViewBetween, screenshotVariance, showLanguage, siteAndBrowserForThisFile, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

const deepseekAwq = { mode: 'inference', model: 'deepseek-v3', weights: 'awq-4bit-g128', kvCache: 'fp16',
                      gpu: 'a100-sxm-80gb', gpuCount: 8, tensorParallel: 8, engine: 'vllm', batch: 1,
                      promptTokens: 2, outputTokens: 2048 };

for (const [width, height] of [[1280, 800], [400, 800]]) {
  test(`a constant's tooltip names the profile that set its default, at ${width} px`, async () => {
    const { page, errors, ctx } = await openApp(shared, { width, height });
    await page.evaluate((s) => window.llmSizer.setState(s), deepseekAwq);
    await settle(page, 4);
    // 58 MoE layers x 78 us of Marlin MoE: about 9 ms a step, 111 tokens/s (row P-170's estimate).
    const decode = await page.evaluate(() => window.llmSizer.results().inference.decodeTokensPerSecond);
    assert.ok(decode > 100 && decode < 122, `decode ${decode} tokens/s`);
    for (const [lang, needle] of [['en', 'Default for vLLM: Marlin MoE'], ['zh', 'vLLM 的默认值：Marlin MoE']]) {
      await showLanguage(page, lang, '种子问题');  // the top bar's text: always on screen
      await scrollIntoViewBetween(page, 'assumptions-header', 300, 700);  // clear of the top bar
      await clickWidget(page, 'assumptions-header');  // starts closed, and re-closes on a switch
      await hoverAssumptionName(page, 'weightOnlyMoeKernelSeconds');
      await waitText(page, needle);
      await waitText(page, 'FlagGems');
      assert.ok(await screenshotVariance(page, `assumption-reason-${lang}-${width}.png`) > 10);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

// The block-FP8 GEMM floor (issue 8) in the page: DeepSeek-V3 with its FP8 checkpoint at TP 8 on
// H200s under SGLang. The decode figure carries the floor (5.0 ms a step, the core test pins
// it), the Assumptions panel, opened by a click, lists blockFp8GemmFloorSeconds, and 16-bit
// weights drop it. Screenshots of the open panel at 1280x800 and 400x800 in English and Chinese
// (build/screenshots/gemm-floor-*.png).
//   node --test tests/browser/gemm_floor.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, scrollIntoView, settle } from './app_widgets.mjs';
import { openApp, scrollIntoView as scrollIntoViewBetween, screenshotVariance, showLanguage, siteAndBrowserForThisFile, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

const deepseek = { mode: 'inference', model: 'deepseek-v3', weights: 'fp8-e4m3-block128', kvCache: 'bf16',
                   gpu: 'h200-sxm-141gb', gpuCount: 8, tensorParallel: 8, engine: 'sglang', batch: 1,
                   promptTokens: 128, outputTokens: 256 };

const inference = (page) => page.evaluate(() => window.llmSizer.results().inference);

for (const [width, height] of [[1280, 800], [400, 800]]) {
  test(`the block-FP8 GEMM floor in the decode figure and the Assumptions panel at ${width} px`, async () => {
    const { page, errors, ctx } = await openApp(shared, { width, height });
    await page.evaluate((s) => window.llmSizer.setState(s), deepseek);
    await settle(page, 4);
    const floored = await inference(page);
    assert.ok(Math.abs(floored.gemmFloorSecondsPerStep - 5.03e-3) < 0.05e-3,
              `floor ${floored.gemmFloorSecondsPerStep} s`);
    assert.ok(floored.decodeTokensPerSecond > 85 && floored.decodeTokensPerSecond < 105,
              `decode ${floored.decodeTokensPerSecond} tokens/s`);
    for (const lang of ['en', 'zh']) {
      // The top bar's seed-question button: always on screen, where the panel's header can be
      // scrolled away at 400 px once the English pass has scrolled to the floor's row.
      await showLanguage(page, lang, '种子问题');
      // The panel starts closed, and its header's label (its ImGui id) changes with the language.
      // Mid-screen first: at 400 px the header can sit under the top bar, whose seed-question
      // button would take the click.
      await scrollIntoViewBetween(page, 'assumptions-header', 300, 700);
      await clickWidget(page, 'assumptions-header');
      // Mid-screen, so its label's first line is clear of the top bar at 400 px.
      await scrollIntoViewBetween(page, 'assumption-blockFp8GemmFloorSeconds', 300, 700);
      await waitText(page, 'Block-FP8 GEMM');
      await screenshotVariance(page, `gemm-floor-${lang}-${width}.png`);
    }
    await page.evaluate(() => window.llmSizer.setState({ lang: 'en', weights: 'bf16' }));
    await settle(page, 4);
    const sixteen = await inference(page);
    assert.ok(!sixteen.gemmFloorSecondsPerStep, `16-bit floor ${sixteen.gemmFloorSecondsPerStep}`);  // none (null)
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

// Host sampling (issue 8) in the page: Llama 3.2 3B Q4_K_M on an RTX 4090 under Ollama, whose Go
// sampler adds 128,256 logits x 4.3 ns = 0.55 ms to every decode step. The speed table shows the
// row, llama.cpp (llama-bench samples nothing) drops it. Screenshots of the row at 1280x800 and
// 400x800 in English and Chinese (build/screenshots/host-sampling-*.png).
//   node --test tests/browser/host_sampling.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { settle } from './app_widgets.mjs';
import { openApp, scrollIntoView, screenshotVariance, showLanguage, siteAndBrowserForThisFile, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

const ollama = { mode: 'inference', model: 'llama-3.2-3b', weights: 'gguf-q4_k_m', kvCache: 'fp16',
                 gpu: 'rtx-4090-24gb', gpuCount: 1, engine: 'ollama', batch: 1, promptTokens: 32,
                 outputTokens: 400 };

const inference = (page) => page.evaluate(() => window.llmSizer.results().inference);

for (const [width, height] of [[1280, 800], [400, 800]]) {
  test(`Ollama's host sampling in the speed table at ${width} px`, async () => {
    const { page, errors, ctx } = await openApp(shared, { width, height });
    await page.evaluate((s) => window.llmSizer.setState(s), ollama);
    await settle(page, 4);
    const sampled = await inference(page);
    assert.ok(Math.abs(sampled.samplingSecondsPerStep - 128256 * 4.3e-9) < 1e-6,
              `sampling ${sampled.samplingSecondsPerStep} s`);
    for (const [lang, label] of [['en', 'Host sampling per step'], ['zh', '每步主机端采样时间']]) {
      await showLanguage(page, lang, '种子问题');
      await scrollIntoView(page, 'speed-sampling', 300, 700);
      await waitText(page, label);
      await page.mouse.move(2, 2);  // no hover tooltip over the table
      await settle(page, 2);
      await screenshotVariance(page, `host-sampling-${lang}-${width}.png`);
    }
    await page.evaluate(() => window.llmSizer.setState({ lang: 'en', engine: 'llama.cpp' }));
    await settle(page, 4);
    const bench = await inference(page);
    assert.ok(!bench.samplingSecondsPerStep, `llama.cpp sampling ${bench.samplingSecondsPerStep}`);
    assert.ok(bench.decodeTokensPerSecond > sampled.decodeTokensPerSecond);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

// The MLC LLM, ExLlamaV2 and AutoAWQ engine profiles (issue 8) picked with real clicks in the engine list:
// the list shows them in both languages, the choice changes the decode figure the way the
// profile says (ExLlamaV2's host time per layer, MLC's CUDA-graph decode), a file the engine
// cannot load is called out, and the choice survives a share link. Screenshots of the open list at 1280x800 and 400x800 in English and Chinese
// (build/screenshots/engines-*.png).
//   node --test tests/browser/engine_profiles.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, scrollIntoView, settle, state } from './app_widgets.mjs';
import { openApp, screenshotVariance, showLanguage, siteAndBrowserForThisFile, stateFromLink, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// The engine list's order is core/src/enums.cpp's: ... Ollama (6), MLC LLM (7), ExLlamaV2 (8),
// AutoAWQ (9).
const kMlc = 7;
const kExllamav2 = 8;
const kAutoawq = 9;

const tinyllama = { mode: 'inference', model: 'tinyllama-1.1b', gpu: 'rtx-4090-24gb', weights: 'exl2-3.0',
                    batch: 1, promptTokens: 128, outputTokens: 128 };

async function pickEngine(page, index) {
  await scrollIntoView(page, 'engine');
  await clickWidget(page, 'engine');
  await clickWidget(page, `engine-option-${index}`);
  await settle(page, 4);
}

const decodeTps = (page) => page.evaluate(() => window.llmSizer.results().inference.decodeTokensPerSecond);

for (const [width, height] of [[1280, 800], [400, 800]]) {
  test(`MLC LLM, ExLlamaV2 and AutoAWQ in the engine list at ${width} px, kept in links`, async () => {
    const { page, errors, ctx } = await openApp(shared, { width, height });
    await page.evaluate((s) => window.llmSizer.setState(s), tinyllama);
    await settle(page, 4);
    await pickEngine(page, 0);  // generic
    const generic = await decodeTps(page);
    await pickEngine(page, kExllamav2);
    assert.equal((await state(page)).engine, 'exllamav2');
    const exl = await decodeTps(page);
    // 22 layers x 73 us of host time (counted in ExLlamaV2's code) dominate TinyLlama's step: the
    // core test pins 477 tokens/s (the README measured 635), far from the bandwidth-only figure.
    assert.ok(exl > 430 && exl < 530, `ExLlamaV2 decode ${exl} tokens/s`);
    assert.ok(exl < generic, `ExLlamaV2 ${exl}, generic ${generic}`);
    await pickEngine(page, kMlc);
    assert.equal((await state(page)).engine, 'mlc');
    const mlc = await decodeTps(page);
    // CUDA graphs: 20 us a layer instead of ExLlamaV2's 73 us and the generic 30 us.
    assert.ok(mlc > exl && mlc > generic, `MLC ${mlc}, ExLlamaV2 ${exl}, generic ${generic}`);
    // AutoAWQ's fused modules run AWQ checkpoints only: EXL2 weights are called out.
    await pickEngine(page, kAutoawq);
    assert.equal((await state(page)).engine, 'autoawq');
    const autoawqWarnings = await page.evaluate(() => window.llmSizer.results().warnings);
    assert.ok(autoawqWarnings.some((w) => w.includes('AWQ checkpoints')), JSON.stringify(autoawqWarnings));
    await pickEngine(page, kMlc);
    for (const lang of ['en', 'zh']) {
      await showLanguage(page, lang, '推理引擎');
      // EXL2 weights under MLC LLM: the warning says the engine cannot load that file (drawn
      // beside the inputs at 1280 px; below them, off screen, on a phone).
      const warnings = await page.evaluate(() => window.llmSizer.results().warnings);
      assert.ok(warnings.some((w) => w.includes('mlc_llm')), JSON.stringify(warnings));
      if (width === 1280) await waitText(page, lang === 'zh' ? '无法运行' : 'cannot run');
      await scrollIntoView(page, 'engine');
      await clickWidget(page, 'engine');  // the list open, the three newest entries at its end
      await settle(page, 3);
      await waitText(page, 'ExLlamaV2');
      await waitText(page, 'AutoAWQ');
      await screenshotVariance(page, `engines-${lang}-${width}.png`);
      await page.keyboard.press('Escape');
      await settle(page, 3);
    }
    await page.evaluate(() => window.llmSizer.setState({ lang: 'en' }));
    const linked = await stateFromLink(page, ctx, shared, 'engine=mlc');
    assert.equal(linked.engine, 'mlc');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

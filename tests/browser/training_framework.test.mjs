// The training framework picker (issue 9) driven with real clicks: Fine-tune tab, QLoRA of
// Llama 3.1 8B, Hugging Face Transformers then Unsloth; the figures follow the framework's
// behaviours (Unsloth offloads the checkpoints and never builds the logits), the Assumptions
// table shows the framework's defaults, and the choice survives a share link. Screenshots at
// 1280x800 and 400x800 in English and Chinese (build/screenshots/framework-*.png).
//   node --test tests/browser/training_framework.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, scrollIntoView, settle, state } from './app_widgets.mjs';
import { openApp, screenshotVariance, showLanguage, siteAndBrowserForThisFile, stateFromLink, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

const qlora = {
  mode: 'training', tab: 'finetune', model: 'llama-3.1-8b', gpu: 'a100-sxm-80gb', weights: 'bnb-nf4-dq',
  training: { method: 'qlora', seqLen: 8192, recompute: 'full' },
};

async function showFrameworkIn(page, lang) {
  await showLanguage(page, lang, '训练框架');
  await scrollIntoView(page, 'framework');
}

async function pickFramework(page, index) {
  await scrollIntoView(page, 'framework');
  await clickWidget(page, 'framework');
  await clickWidget(page, `framework-option-${index}`);
  await settle(page, 4);
}

test('picking a framework changes the memory the way its code does, and is kept in links',
     async () => {
  const { page, errors, ctx } = await openApp(shared);
  await page.evaluate((s) => window.llmSizer.setState(s), qlora);
  await settle(page, 4);
  await pickFramework(page, 1);  // HF Transformers + PEFT/TRL
  let s = await state(page);
  assert.equal(s.training.framework, 'transformers');
  const hf = await page.evaluate(() => window.llmSizer.results());
  await pickFramework(page, 2);  // Unsloth
  s = await state(page);
  assert.equal(s.training.framework, 'unsloth');
  const un = await page.evaluate(() => window.llmSizer.results());
  // HF keeps 14 bytes per logit at the loss (8192 x 128,256 x 14 = 14.7 GB); Unsloth none, and its
  // checkpoints are in host RAM.
  assert.ok(hf.memory.activationBytes > 5 * un.memory.activationBytes,
            `activations ${hf.memory.activationBytes} vs ${un.memory.activationBytes}`);
  assert.ok(un.memory.hostRamBytes > hf.memory.hostRamBytes);
  for (const lang of ['en', 'zh']) {
    await showFrameworkIn(page, lang);
    await screenshotVariance(page, `framework-${lang}-1280.png`);
  }
  await page.evaluate(() => window.llmSizer.setState({ lang: 'en' }));
  const linked = await stateFromLink(page, ctx, shared, 'framework=unsloth');
  assert.equal(linked.training.framework, 'unsloth');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the framework picker on a phone, in both languages', async () => {
  const { page, errors, ctx } = await openApp(shared, { width: 400, height: 800 });
  await page.evaluate((s) => window.llmSizer.setState(s), qlora);
  await settle(page, 4);
  await pickFramework(page, 3);  // torchtune
  assert.equal((await state(page)).training.framework, 'torchtune');
  for (const lang of ['en', 'zh']) {
    await showFrameworkIn(page, lang);
    await screenshotVariance(page, `framework-${lang}-400.png`);
  }
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the training panel shows the longest sequence and the largest micro-batch that fit',
     async () => {
  for (const [width, height] of [[1280, 800], [400, 800]]) {
    const { page, errors, ctx } = await openApp(shared, { width, height });
    await page.evaluate((s) => window.llmSizer.setState(s),
                        { ...qlora, gpu: 'rtx-4090-24gb', training: { ...qlora.training, seqLen: 2048 } });
    await settle(page, 4);
    await pickFramework(page, 1);  // HF Transformers + PEFT/TRL
    const hf = (await page.evaluate(() => window.llmSizer.results())).training;
    await pickFramework(page, 2);  // Unsloth
    const un = (await page.evaluate(() => window.llmSizer.results())).training;
    // "How long a context can I fine-tune on my 24 GB card?": Unsloth's offloaded checkpoints and
    // chunked loss fit a longer sequence than HF's full logits.
    assert.ok(hf.maxSeqLen > 2048 && un.maxSeqLen > hf.maxSeqLen, `${hf.maxSeqLen} / ${un.maxSeqLen}`);
    assert.ok(un.maxMicroBatch >= 1 && hf.maxMicroBatch >= 1);
    for (const lang of ['en', 'zh']) {
      await page.evaluate((l) => window.llmSizer.setState({ lang: l }), lang);
      if (lang === 'zh') await waitText(page, '训练时间与费用');  // the CJK font is in
      await settle(page, 4);
      await scrollIntoView(page, 'training-max-seq-len');
      // The label wraps in a 400 px column: its first words.
      await waitText(page, lang === 'zh' ? '最长序列' : 'Longest sequence');
      await screenshotVariance(page, `training-limits-${lang}-${width}.png`);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  }
});

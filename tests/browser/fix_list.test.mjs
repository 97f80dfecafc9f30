// Browser tests of the fix list under the verdict (issue 13): the fixes offered for a plan that
// does not fit, applied with real clicks, and the results panels of such a plan.
//   node --test tests/browser/fix_list.test.mjs   (after building the site; SIZER_DIST=...)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, collectErrors, frameText, setAppState, settle, siteAndBrowserForThisFile,
         typeText, waitForApp, waitRect, openApp } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

const open = (width = 1280, height = 800) => openApp(shared, { width, height });

const state = (page) => page.evaluate(() => window.llmSizer.getState());
const results = (page) => page.evaluate(() => window.llmSizer.results());
const ids = (page) => page.evaluate(() => window.llmSizer.widgetIds());

// The fix buttons drawn now, in order: suggestion-0, suggestion-1, ...
async function fixCount(page) {
  await page.evaluate(() => { window.Module.llmSizerPage.rects = {}; });
  await page.mouse.move(3, 3);
  await settle(page);
  return (await ids(page)).filter((id) => /^suggestion-\d+$/.test(id)).length;
}

// The fix list as one string: from its heading to the memory warning under it (labels wrap, so
// lines are joined with spaces).
function fixList(text) {
  const flat = text.split('\n').map((l) => l.trim()).join(' ');
  const start = flat.indexOf('Cheapest changes that make it fit');
  assert.ok(start >= 0, `the fix list is shown:\n${text}`);
  const end = flat.indexOf('Needs ', start);
  return flat.slice(start, end > start ? end : undefined);
}

test('70B FP16 on 8 x H100 as replicas: the first fix is the tensor-parallel split', async () => {
  const { page, errors, ctx } = await open();
  // Eight replicas of the whole model: each card would hold 138 GB of weights.
  await setAppState(page, { mode: 'inference', model: 'llama-2-70b', gpu: 'h100-sxm-80gb',
                            gpuCount: 8, tensorParallel: 1, pipelineParallel: 1, weights: 'fp16',
                            batch: 1 });
  assert.equal((await results(page)).memory.fits, false);
  const count = await fixCount(page);
  assert.ok(count >= 1, 'fixes are offered');
  const list = fixList(await frameText(page));
  assert.match(list, /fit \(one click applies\): Split the model over the 8 cards: tensor parallel \d/,
               'the split comes first');
  await clickWidget(page, 'suggestion-0');
  const s = await state(page);
  assert.equal(s.gpuCount, 8, 'the same cards');
  assert.equal(s.weights, 'fp16', 'the same weights');
  assert.equal(s.tensorParallel * s.pipelineParallel, 8, 'split over all eight');
  assert.equal((await results(page)).memory.fits, true, 'and now it fits');
  assert.deepEqual(errors, []);
  await ctx.close();
});

// LoRA of Llama 2 7B on one RTX 4090 without gradient checkpointing and with micro-batch 2.
const loraThatDoesNotFit = {
  mode: 'training', model: 'llama-2-7b', gpu: 'rtx-4090-24gb', gpuCount: 1, weights: 'fp16',
  training: { method: 'lora', recompute: 'none', microBatch: 2, gradAccumulation: 1 },
};

test('LoRA of 7B on a 24 GB card: training fixes only, each one click, none changes the mode',
     async () => {
  const { page, errors, ctx } = await open();
  await setAppState(page, { mode: 'inference', model: 'llama-2-7b', gpu: 'rtx-4090-24gb',
                            gpuCount: 1, weights: 'fp16' });
  // Into fine-tuning with clicks: LoRA starts from the common recipe, checkpointing on.
  await clickWidget(page, 'tab-finetune');
  await clickWidget(page, 'method-lora');
  assert.equal((await state(page)).training.recompute, 'full');
  // Then micro-batch 2 typed in its field and checkpointing turned off in its combo.
  await clickWidget(page, 'micro-batch-entry');
  await page.keyboard.press('Control+A');
  await typeText(page, '2', { delay: 15 });
  await page.keyboard.press('Enter');
  await settle(page);
  await clickWidget(page, 'recompute');
  await clickWidget(page, 'recompute-option-0');
  const start = await state(page);
  assert.equal(start.training.method, 'lora');
  assert.equal(start.training.microBatch, 2);
  assert.equal(start.training.recompute, 'none');
  assert.equal((await results(page)).memory.fits, false, 'activations of 2 x 4096 tokens');
  const count = await fixCount(page);
  assert.ok(count >= 1, 'fixes are offered');
  const list = fixList(await frameText(page));
  assert.match(list, /Turn on gradient checkpointing/);
  assert.doesNotMatch(list, /Quantize|GGUF|Q8_0/, 'no inference-only format');
  let checkpointing = false;
  for (let i = 0; i < count; ++i) {
    await setAppState(page, { ...loraThatDoesNotFit, tab: 'finetune' });
    await clickWidget(page, `suggestion-${i}`);
    const s = await state(page);
    assert.equal(s.mode, 'training', `fix ${i} keeps training`);
    assert.equal(s.tab, 'finetune', `fix ${i} stays on the fine-tune tab`);
    assert.ok(['lora', 'qlora'].includes(s.training.method), `fix ${i} still fine-tunes`);
    assert.ok(!/^gguf|^ggml/.test(s.weights), `fix ${i} picks no llama.cpp file format`);
    if (s.training.method === 'qlora') {
      assert.match(list, /Switch to QLoRA \(NF4 base, LoRA rank \d+\): changes the method/);
    }
    assert.equal((await results(page)).memory.fits, true, `fix ${i} fits`);
    checkpointing ||= s.training.recompute === 'full';
  }
  assert.ok(checkpointing, 'one fix turns gradient checkpointing on');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a fix that changes the method says so and shows its tab (pre-train to QLoRA)', async () => {
  const { page, errors, ctx } = await open();
  await setAppState(page, { mode: 'training', tab: 'pretrain', model: 'llama-2-7b',
                            gpu: 'rtx-4090-24gb', gpuCount: 1, weights: 'bf16',
                            training: { method: 'full' } });
  assert.equal((await results(page)).memory.fits, false, '7B full training needs ~110 GB');
  const count = await fixCount(page);
  const list = fixList(await frameText(page));
  assert.match(list, /changes the method/, 'a method change is offered and labelled');
  // Whichever fix changes the method shows the fine-tune tab; the others stay on pre-train.
  let changed = 0;
  for (let i = 0; i < count; ++i) {
    await setAppState(page, { mode: 'training', tab: 'pretrain', model: 'llama-2-7b',
                              gpu: 'rtx-4090-24gb', gpuCount: 1, weights: 'bf16',
                              training: { method: 'full' } });
    await clickWidget(page, `suggestion-${i}`);
    const s = await state(page);
    assert.equal(s.mode, 'training');
    assert.equal(s.tab, s.training.method === 'full' ? 'pretrain' : 'finetune',
                 `fix ${i}: the tab shows the method (${s.training.method})`);
    if (s.training.method !== 'full') ++changed;
  }
  assert.ok(changed >= 1, 'one fix changes the method');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('training that does not fit shows dashes, with why, for time, speed and cost', async () => {
  const { page, errors, ctx } = await open();
  await setAppState(page, { mode: 'training', tab: 'pretrain', model: 'llama-2-70b',
                            gpu: 'h100-sxm-80gb', gpuCount: 1, weights: 'bf16',
                            training: { method: 'full' } });
  assert.equal((await results(page)).memory.fits, false);
  // The training panel sits below the verdict and memory: wheel down to it.
  // (Until the step split is wholly on screen: its line is read from the drawn frame.)
  const onScreen = () => page.evaluate(() => {
    const r = window.llmSizer.widgetRect('training-split');
    return !!r && r.y >= 0 && r.y + r.height <= window.innerHeight;
  });
  for (let i = 0; i < 30 && !(await onScreen()); ++i) {
    const r = await page.evaluate(() => window.llmSizer.widgetRect('training-split'));
    await page.mouse.move(900, 500);
    await page.mouse.wheel(0, r && r.y < 0 ? -150 : r ? 150 : 300);
    await settle(page, 2);
  }
  const split = await waitRect(page, 'training-split');
  const lines = (await frameText(page)).split('\n').map((l) => l.trim());
  for (const label of ['Time per step', 'Total time', 'Total cost', 'Training speed', 'GPU-hours']) {
    const line = lines.find((l) => l.startsWith(label));
    assert.ok(line, `${label} is shown`);
    assert.match(line, /\u2014\s*$/, `${label} is a dash: ${line}`);
  }
  assert.ok(lines.some((l) => /^Communication is \u2014 of each step/.test(l)), 'no split drawn');
  // Hovering the dash says why.
  await page.mouse.move(split.x + 10, split.y + split.height / 2);
  await settle(page);
  assert.match(await frameText(page), /does not fit in memory/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Browser tests of how figures are written (issue 13): one byte unit (GB or GiB, the header's
// switch) for every memory figure including the GPU picker and the warnings, no scientific
// notation, and Chinese unit, count and time words. The page's text is read back with
// window.llmSizer.frameText() (what the next frame draws: labels, values, tooltips).
//   node --test tests/browser/units_language.test.mjs   (after building the site; SIZER_DIST=...)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { clickWidget, collectErrors, frameText, repo, setAppState, settle,
         siteAndBrowserForThisFile, waitForApp, openApp } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

const open = (width = 1280, height = 800) => openApp(shared, { width, height });

const results = (page) => page.evaluate(() => window.llmSizer.results());
const exponent = /\d[eE][+-]?\d/;

test('the GPU line, the GPU picker and the memory warning follow the GB / GiB switch', async () => {
  const { page, errors, ctx } = await open();
  // Llama 2 70B FP16 on one RTX 4090 (24 GiB as the card reports it): does not fit.
  await setAppState(page, { mode: 'inference', model: 'llama-2-70b', gpu: 'rtx-4090-24gb',
                            gpuCount: 1, weights: 'fp16', batch: 1 });
  assert.equal((await results(page)).memory.fits, false);
  await clickWidget(page, 'units-gib');
  let text = await frameText(page);
  assert.match(text, /24\.0 GiB \u00B7 1,010 GB\/s/, 'the card line in GiB');
  assert.match(text, /Needs [\d.,]+ GiB per GPU but the GeForce RTX 4090 holds [\d.,]+ GiB\./);
  assert.doesNotMatch(text, exponent);
  await clickWidget(page, 'units-gb');
  text = await frameText(page);
  assert.match(text, /25\.8 GB \u00B7 1,010 GB\/s/, 'the same card line in GB');
  assert.match(text, /Needs [\d.,]+ GB per GPU but the GeForce RTX 4090 holds [\d.,]+ GB\./);
  assert.doesNotMatch(text, /\d GiB/, 'no GiB left on the page');
  // The picker's rows too (it opens scrolled to the current card).
  await clickWidget(page, 'gpu-picker');
  text = await frameText(page);
  assert.match(text, /GeForce RTX 4090 25\.8 GB \u00B7 1,010 GB\/s/, `GB rows:\n${text}`);
  // Escape leaves the search field, a second one closes the picker.
  for (const key of ['Escape', 'Escape']) {
    await page.keyboard.press(key);
    await settle(page);
  }
  await clickWidget(page, 'units-gib');
  await clickWidget(page, 'gpu-picker');
  assert.match(await frameText(page), /GeForce RTX 4090 24\.0 GiB \u00B7 1,010 GB\/s/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a terabyte shortfall reads in TiB or TB, never with an exponent', async () => {
  const { page, errors, ctx } = await open();
  await setAppState(page, { mode: 'training', tab: 'pretrain', model: 'llama-3.1-405b',
                            gpu: 'h100-sxm-80gb', gpuCount: 1, weights: 'bf16',
                            training: { method: 'full' } });
  await clickWidget(page, 'units-gib');
  let text = await frameText(page);
  assert.match(text, /Needs [\d.]+ TiB per GPU but the H100 SXM5 80GB holds [\d.]+ GiB\./);
  assert.doesNotMatch(text, exponent);
  await clickWidget(page, 'units-gb');
  text = await frameText(page);
  assert.match(text, /Needs [\d.]+ TB per GPU/);
  assert.doesNotMatch(text, exponent);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Catalog names (models, GPUs) keep their Latin sizes ("Llama 3.1 8B", "RTX 4090"): they are
// names. Everything else in Chinese must carry no English unit, count or time word.
function catalogNames() {
  const names = [];
  for (const [file, column] of [['models.csv', 1], ['gpus.csv', 2]]) {
    const rows = readFileSync(join(repo, 'core', 'data', file), 'utf8').split('\n').slice(1);
    for (const row of rows) if (row) names.push(row.split(',')[column]);
  }
  return names.filter(Boolean).sort((a, b) => b.length - a.length);
}

function withoutNames(text, names) {
  let out = text;
  for (const n of names) out = out.split(n).join(' ');
  return out;
}

const englishWords = /\b(days?|hours?|minutes?|seconds?|tokens|tokens\/s|users|layers|steps|seq|cards|per card|per GPU|Needs|Fits|Split|Turn on|Shard|Micro-batch|Quantize|Keep \d|Use \d)\b/;
const latinCountSuffix = /\d(?:\.\d+)?[KMBTk](?![A-Za-z0-9])/;

async function chineseText(page, names) {
  const text = withoutNames(await frameText(page), names);
  assert.doesNotMatch(text, englishWords, `no English words:\n${text}`);
  assert.doesNotMatch(text, latinCountSuffix, `no K/M/B/T counts:\n${text}`);
  assert.doesNotMatch(text, exponent);
  return text;
}

test('Chinese: every unit, count and time word is Chinese', async () => {
  const { page, errors, ctx } = await open();
  const names = catalogNames();
  await setAppState(page, { lang: 'zh' });
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null,
                             { timeout: 30000 });
  await settle(page, 10);
  // Inference that fits: speeds and times.
  await setAppState(page, { mode: 'inference', tab: 'inference', model: 'llama-3.1-8b',
                            gpu: 'h100-sxm-80gb', gpuCount: 1, weights: 'fp16', batch: 8 });
  let text = await chineseText(page, names);
  assert.match(text, /token\/秒/);
  assert.match(text, /毫秒|秒/);
  // The model picker's rows: parameter counts in 亿, contexts as whole numbers.
  await clickWidget(page, 'model-picker');
  text = await chineseText(page, names);
  assert.match(text, /80\.3亿/, 'Llama 3.1 8B has 8.03 billion parameters');
  assert.match(text, /131,072/, 'its 128K context as a whole number');
  await page.keyboard.press('Escape');
  // Training that fits: days, counts of trainable parameters and tokens per step.
  await setAppState(page, { mode: 'training', tab: 'finetune', model: 'llama-2-7b',
                            gpu: 'h100-sxm-80gb', gpuCount: 8, weights: 'bf16',
                            training: { method: 'lora', tokens: 1e12 } });
  text = await chineseText(page, names);
  assert.match(text, /[\d.,]+ 天/, 'a trillion tokens take days: 天');
  assert.match(text, /万/, 'trainable parameters in 万');
  // A plan that does not fit: the fixes and the warning.
  await setAppState(page, { mode: 'training', tab: 'finetune', model: 'llama-2-7b',
                            gpu: 'rtx-4090-24gb', gpuCount: 1, weights: 'fp16',
                            training: { method: 'lora', recompute: 'none', microBatch: 2 } });
  text = await chineseText(page, names);
  assert.match(text, /每张卡需要 [\d.,]+ GiB，但 .* 只有 [\d.,]+ GiB。/);
  assert.match(text, /梯度检查点/, 'the checkpointing fix in Chinese');
  assert.deepEqual(errors, []);
  await ctx.close();
});

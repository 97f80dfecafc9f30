// CPU-only inference, images and NVMe offload (issue 14) driven with real clicks and keys: "CPU
// only" found by typing "cpu" in the GPU picker, a host preset changed, Qwen2.5-VL-7B picked and
// 2 images typed, llama.cpp's mmap toggled, the training tab's NVMe box (waiting for an offload,
// then on), a share link round trip, and screenshots at 1280x800 and 400x800 in English and
// Chinese (build/screenshots/cpu-*.png).
//   node --test tests/browser/cpu_vision.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, scrollIntoView, settle, state } from './app_widgets.mjs';
import {
  openApp, screenshotVariance, siteAndBrowserForThisFile, typeText, waitForApp, waitText,
} from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// Opens a picker (a combo whose search field takes the keyboard focus), types, clicks a row.
async function pick(page, picker, query, row) {
  await clickWidget(page, picker);
  await typeText(page, query);
  await clickWidget(page, row);
}

// Types a value into a slider's number field and confirms it with Enter.
async function typeValue(page, id, text) {
  await clickWidget(page, `${id}-entry`);
  await typeText(page, text);
  await page.keyboard.press('Enter');
  await settle(page, 4);
}

async function showLanguage(page, lang, needle) {
  await page.evaluate((l) => window.llmSizer.setState({ lang: l }), lang);
  if (lang === 'zh') {
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: 15000 });
  }
  await waitText(page, needle);
  await settle(page, 4);
}

async function screenshots(page, name, width) {
  for (const [lang, needle] of [['en', 'CPU only: EPYC 9654 (96 cores)'], ['zh', '仅 CPU：EPYC 9654（96 核）']]) {
    await showLanguage(page, lang, needle);
    const text = await page.evaluate(() => window.llmSizer.frameText());
    assert.ok(!/\b(cpu|work|res|hw|train)\.[a-z_.]+/.test(text), `an untranslated key in ${lang}`);
    assert.ok((await screenshotVariance(page, `cpu-${name}-${lang}-${width}.png`)) > 10);
  }
  await page.evaluate(() => window.llmSizer.setState({ lang: 'en' }));
  await settle(page, 4);
}

test('CPU only, a host preset, two images and mmap, by clicks and keys; kept in links', async () => {
  const { page, errors, ctx } = await openApp(shared);
  await pick(page, 'gpu-picker', 'cpu', 'gpu-cpu-only');
  let s = await state(page);
  assert.equal(s.gpu, 'cpu');
  await waitText(page, 'CPU only: Ryzen 9 7950X (16 cores)');
  await scrollIntoView(page, 'cpu-no-split');  // the GPU count and splits give way to this line
  await clickWidget(page, 'host-profile');
  await clickWidget(page, 'host-profile-option-4');  // EPYC 9654, 1.5 TB, 12 channels
  s = await state(page);
  assert.equal(s.host.id, 'ddr5-12ch-1536');
  await waitText(page, 'CPU only: EPYC 9654 (96 cores)');
  await scrollIntoView(page, 'host-cpuCores');

  await pick(page, 'model-picker', 'qwen2.5-vl-7b', 'model-first-match');
  assert.equal((await state(page)).model, 'qwen2.5-vl-7b');
  await waitText(page, 'vision encoder');
  await typeValue(page, 'images', '2');
  s = await state(page);
  assert.equal(s.images, 2);
  const perImage = await page.evaluate(() => window.llmSizer.results().inference.imageTokensPerSequence / 2);
  await waitText(page, `${perImage.toLocaleString('en-US')} tokens per 1024 x 1024 image`);
  await waitText(page, 'Image encoder (in the first token)');

  await clickWidget(page, 'engine');
  await clickWidget(page, 'engine-option-2');  // llama.cpp
  await clickWidget(page, 'mmap-weights');
  assert.equal((await state(page)).mmapWeights, true);
  await screenshots(page, 'vision', 1280);

  await page.waitForFunction(() => location.hash.includes('gpu=cpu') && location.hash.includes('images=2'),
                             null, { timeout: 15000, polling: 200 });
  const before = await state(page);
  const hash = await page.evaluate(() => location.hash);
  const other = await ctx.newPage();
  await other.goto(shared.site.url + '?nosw' + hash);
  await waitForApp(other);
  const after = await state(other);
  for (const key of ['gpu', 'model', 'images', 'imageWidth', 'imageHeight', 'mmapWeights', 'engine']) {
    assert.deepEqual(after[key], before[key], key);
  }
  assert.deepEqual(after.host, before.host);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('training: CPU only says why, a GPU again, and the NVMe box waits for an offload', async () => {
  const { page, errors, ctx } = await openApp(shared);
  await pick(page, 'gpu-picker', 'cpu', 'gpu-cpu-only');
  await clickWidget(page, 'tab-pretrain');
  await waitText(page, 'runs inference only');  // the core's validation message, no numbers
  // A GPU again (picked by clicks in the first test; set here: the open picker over the training
  // tab's error never showed its list in headless Chromium, left for later).
  await page.evaluate(() => window.llmSizer.setState({ gpu: 'h100-sxm-80gb' }));
  await settle(page, 4);
  let s = await state(page);
  assert.notEqual(s.gpu, 'cpu');
  assert.equal(s.mode, 'training');
  await scrollIntoView(page, 'offload-nvme-reason');
  await clickWidget(page, 'offload-optimizer');
  await clickWidget(page, 'offload-nvme');
  s = await state(page);
  assert.equal(s.training.offloadNvme, true);
  await waitText(page, 'On NVMe');
  assert.ok((await page.evaluate(() => window.llmSizer.results().memory.nvmeBytes)) > 0);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('CPU only with images on a phone, in both languages', async () => {
  const { page, errors, ctx } = await openApp(shared, { width: 400, height: 800 });
  await page.evaluate(() => window.llmSizer.setState({
    gpu: 'cpu', host: { id: 'ddr5-12ch-1536' }, model: 'qwen2.5-vl-7b', images: 2, engine: 'llama.cpp',
    mmapWeights: true,
  }));
  await settle(page, 4);
  await scrollIntoView(page, 'host-cpuCores');
  await screenshots(page, 'host', 400);
  await scrollIntoView(page, 'image-tokens');
  await screenshots(page, 'images', 400);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Browser test of the cards added for the catalog gaps (docs/DATA.md, "Catalog gaps"): the app's
// embedded copy of core/data carries them, the GPU picker finds one by typing, and a share of
// the state that names another one loads it with its memory and price.
//   node --test --test-concurrency=1 tests/browser/catalog_gaps.test.mjs   (after building the site)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, openApp, setAppState, settle, siteAndBrowserForThisFile, typeText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

const state = (page) => page.evaluate(() => window.llmSizer.getState());
const results = (page) => page.evaluate(() => window.llmSizer.results());

test('the GPU picker finds the DGX Spark by typing "spark"', async () => {
  const { page, errors, ctx } = await openApp(shared);
  await clickWidget(page, 'gpu-picker');
  await typeText(page, 'spark', { delay: 20 });
  await settle(page);
  await clickWidget(page, 'gpu-first-match');
  assert.equal((await state(page)).gpu, 'dgx-spark-gb10-128gb');
  // nvidia-smi's 124610 MiB of the shared pool.
  const r = await results(page);
  assert.equal(r.memory.capacityBytes, 124610 * 1024 * 1024);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the RTX 5060 loads from state with its 8 GB and its $299 launch price', async () => {
  const { page, errors, ctx } = await openApp(shared);
  await setAppState(page, { gpu: 'rtx-5060-8gb', model: 'llama-3.1-8b', weights: 'gguf-q4_k_m' });
  assert.equal((await state(page)).gpu, 'rtx-5060-8gb');
  const r = await results(page);
  assert.equal(r.memory.capacityBytes, 8 * 1024 ** 3);
  assert.equal(r.cost.purchaseUsd, 299);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Browser tests of the Plan view (imgui_app/panels/plan*.cpp): real clicks open it from the mode
// tabs, press "Find plans", read the ranked plans (window.llmSizer.results().plan), click the
// first plan and check that the calculator now shows its GPU; hit targets on a 400-px screen;
// screenshots at 1280x800 and 400x800 in English and Chinese (build/shots/plan-*.png).
//   node --test --test-concurrency=1 tests/browser/plan.test.mjs   (after building the site)
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { clickWidget as click, collectErrors, openApp, repo, setAppState as setState, settle, siteAndBrowserForThisFile, waitForApp, waitRect } from './lib.mjs';

const shared = siteAndBrowserForThisFile();
const shotsDir = join(repo, 'build', 'shots');

const open = (options) => openApp(shared, options);

const state = (page) => page.evaluate(() => window.llmSizer.getState());
const results = (page) => page.evaluate(() => window.llmSizer.results());

// Turns of the wheel that leave the widget where it was before scrollTo takes the column to be at
// the end of its range: further turns over the same place change nothing (the 1280-px training
// view never scrolls, and 30 turns cost a quarter of this file's time).
const STILL_TURNS = 3;

// Turns the wheel over the column until widget `id` is in the upper part of the screen, or until
// the column stops scrolling.
async function scrollTo(page, id, height) {
  let lastY = null;
  let still = 0;
  for (let i = 0; i < 30; ++i) {
    const r = await waitRect(page, id);
    if (r.y >= 40 && r.y + r.height <= height * 0.6) return r;
    still = lastY !== null && Math.abs(r.y - lastY) < 0.5 ? still + 1 : 0;
    if (still >= STILL_TURNS) return r;
    lastY = r.y;
    await page.mouse.move(r.x + 4, height / 2);
    await page.mouse.wheel(0, Math.max(-300, Math.min(300, r.y - height / 4)));
    await settle(page, 2);
  }
  return waitRect(page, id);
}

// The plan summary once a search has finished (the search waits for the inputs to be still).
async function planResult(page) {
  const handle = await page.waitForFunction(() => {
    const p = window.llmSizer.results().plan;
    if (p && p.hasResult) return p;
    window.llmSizer.setState({});  // keep a sleeping page drawing
    return null;
  }, null, { timeout: 30000, polling: 100 });
  return handle.jsonValue();
}

async function shoot(page, name) {
  mkdirSync(shotsDir, { recursive: true });
  writeFileSync(join(shotsDir, name), await page.screenshot());
}

test('Plan: a click on the tab, Find plans, a priced plan, and a click loads its GPU', async () => {
  const { page, errors, ctx } = await open();
  await setState(page, { mode: 'inference', model: 'llama-3.1-8b', gpu: 'rtx-4090-24gb',
                         promptTokens: 2000, outputTokens: 256 });
  await click(page, 'tab-plan');
  assert.equal((await state(page)).planOpen, true, 'the Plan view is open');
  const started = Date.now();
  await click(page, 'plan-find');
  const plan = await planResult(page);
  const wall = Date.now() - started;
  console.log(`inference search: ${plan.stats.milliseconds.toFixed(1)} ms in wasm ` +
              `(${plan.stats.evaluated} evaluated, ${plan.stats.pruned} pruned, ` +
              `${plan.stats.gpuTypesPriced}/${plan.stats.gpuTypes} card types priced); ` +
              `click to result ${wall} ms`);
  assert.ok(plan.plans.length > 0, 'at least one plan');
  const best = plan.plans[0];
  assert.ok(best.priceKnown && best.usdPerHour > 0 && best.usdPerMillionTokens > 0,
            `the first plan has a price: ${JSON.stringify(best)}`);
  assert.ok(plan.stats.evaluated > 0);
  await waitRect(page, 'plan-chart');
  await click(page, 'plan-0');
  const after = await state(page);
  assert.equal(after.gpu, best.gpu, 'the calculator now uses the plan\'s GPU');
  assert.equal(after.gpuCount ?? 1, best.gpuCount, 'and its card count');
  assert.notEqual(after.planOpen, true, 'back in the calculator');
  await waitRect(page, 'gpu-picker');
  assert.equal((await results(page)).memory.fits, true, 'the loaded plan fits');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('Plan: training searches from the Fine-tune tab and reports its time', async () => {
  const { page, errors, ctx } = await open();
  await setState(page, { mode: 'training', model: 'llama-3.1-8b', gpu: 'a100-sxm-80gb',
                         training: { method: 'lora' }, planOpen: true,
                         planMethods: 'lora,qlora,full' });
  await click(page, 'plan-find');
  // The search runs a slice per frame: the page reports a share done between 0 and 1 (and keeps
  // drawing) before the plans arrive.
  const midway = await page.waitForFunction(() => {
    const p = window.llmSizer.results().plan;
    return p && p.searching && p.progress > 0 && p.progress < 1 ? p.progress : null;
  }, null, { timeout: 30000, polling: 'raf' });
  console.log(`training search seen at ${((await midway.jsonValue()) * 100).toFixed(0)}% done`);
  const plan = await planResult(page);
  console.log(`training search: ${plan.stats.milliseconds.toFixed(1)} ms in wasm ` +
              `(${plan.stats.evaluated} evaluated)`);
  assert.ok(plan.plans.length > 0, 'a training plan');
  assert.ok(plan.plans[0].totalHours > 0);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('Plan: 44-px hit targets on a 400-px screen', async () => {
  const { page, errors, ctx } = await open({ width: 400, height: 800 });
  await setState(page, { mode: 'inference', model: 'llama-3.1-8b', planOpen: true });
  await planResult(page);  // the view searches on its own once the inputs are still
  for (const id of ['tab-plan', 'plan-rps', 'plan-consumer', 'plan-find', 'plan-0', 'plan-use-0',
                    'plan-link-0']) {
    const r = await waitRect(page, id);
    assert.ok(r.height >= 43.5, `${id} is ${r.height} px tall`);
    assert.ok(r.x >= 0 && r.x + r.width <= 400, `${id} stays on the screen`);
  }
  assert.deepEqual(errors, []);
  await ctx.close();
});

for (const [lang, width] of [['en', 1280], ['zh', 1280], ['en', 400], ['zh', 400]]) {
  for (const mode of ['inference', 'training']) {
    test(`Plan screenshots: ${mode} ${lang} ${width}x800`, async () => {
      const { page, errors, ctx } = await open({ width, height: 800 });
      const partial = mode === 'inference'
        ? { mode, model: 'llama-3.1-70b', promptTokens: 2000, outputTokens: 256, planRps: 5,
            planTtft: 2, planTokensPerUser: 20 }
        : { mode, model: 'llama-3.1-8b', training: { method: 'lora' }, planMethods: 'lora,qlora' };
      await setState(page, { ...partial, lang, planOpen: true });
      if (mode === 'training') {
        // A training search takes ~1 s in wasm: it waits for the button instead of stalling
        // typing (inference runs on its own once the inputs are still).
        await waitRect(page, 'plan-press-find');
        await scrollTo(page, 'plan-find', 800);
        await click(page, 'plan-find');
      }
      await planResult(page);
      await settle(page, 5);
      await page.waitForTimeout(500);
      const name = `plan-${mode}-${lang}-${width}`;
      await shoot(page, `${name}.png`);
      if (width === 400) {
        if (mode === 'inference') await scrollTo(page, 'plan-found', 800);
        await shoot(page, `${name}-results.png`);
      }
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  }
}

// Owned, the list of cards the search could not price says which are never sold (TPUs, A10G):
// the pointer rests on its "(?)", at both widths, in English and Chinese (build/shots/plan-unpriced-*.png).
for (const [width, height] of [[1280, 800], [400, 800]]) {
  test(`Plan: owned, the unpriced cards name the parts nobody sells (${width} px)`, async () => {
    const { page, errors, ctx } = await open({ width, height });
    await setState(page, { mode: 'inference', model: 'llama-3.1-8b', planOpen: true,
                           cost: { basis: 'own' } });
    const plan = await planResult(page);
    assert.ok(plan.stats.unpriced > 0, 'some cards have no purchase price');
    for (const [lang, needle] of [['en', '(not sold, rented only)'], ['zh', '不出售']]) {
      await page.evaluate((l) => window.llmSizer.setState({ lang: l }), lang);
      await settle(page, 4);
      const r = await scrollTo(page, 'plan-unpriced', height);
      let text = '';
      for (let i = 0; i < 40 && !text.includes(needle); ++i) {
        await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
        await settle(page, 2);
        text = await page.evaluate(() => window.llmSizer.frameText());
      }
      assert.ok(text.includes(needle), `the tooltip says ${needle} (${lang})`);
      await shoot(page, `plan-unpriced-${width}-${lang}.png`);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

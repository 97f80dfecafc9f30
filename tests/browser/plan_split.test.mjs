// Browser tests of the Plan view's fixed split (imgui_app/panels/plan.cpp, degree_row): real clicks
// pin tensor parallelism to 4 from the "Tensor parallel" control, every plan of the next search
// has TP 4 (window.llmSizer.results().plan.plans[].tensor), the plan list says so, and the page's
// share link opens a fresh page with the same pin and the same plans. Screenshots of the controls
// (TP pinned, the pipeline list open, then closed) at 1280x800 and 400x800 in English and Chinese
// (build/shots/plan-split-*.png). A pin the model has no split for is shown marked, and the empty
// state's "let the planner pick" clears it (plan-split-none-*.png).
//   node --test --test-concurrency=1 tests/browser/plan_split.test.mjs   (after building the site)
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { clickWidget, openApp, repo, scrollIntoView, setAppState, settle,
         siteAndBrowserForThisFile, waitForApp, waitRect, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();
const shotsDir = join(repo, 'build', 'shots');

// The issue's serving case: Llama-3.1-70B (64 heads, 8 KV heads, 80 layers) at 5 requests/s.
const serving = { mode: 'inference', model: 'llama-3.1-70b', promptTokens: 2000, outputTokens: 256,
                  planRps: 5, planTtft: 2, planTokensPerUser: 20, planOpen: true };

const state = (page) => page.evaluate(() => window.llmSizer.getState());

// The plan summary of a finished search with plans (the inference search runs on its own once the
// inputs are still); with `notEvaluated`, one of another search than the one that evaluated that
// many candidates.
async function plansFound(page, notEvaluated = -1) {
  const handle = await page.waitForFunction((n) => {
    const p = window.llmSizer.results().plan;
    if (p && p.hasResult && p.plans.length > 0 && p.stats.evaluated !== n) return p;
    window.llmSizer.setState({});  // keep a sleeping page drawing
    return null;
  }, notEvaluated, { timeout: 30000, polling: 100 });
  return handle.jsonValue();
}

// Opens the tensor-parallel control and clicks its option `index` (0 = Any, then the core's
// degrees in order).
async function pinTensor(page, index) {
  await scrollIntoView(page, 'plan-tensor', 60, 700);
  await clickWidget(page, 'plan-tensor');
  await clickWidget(page, `plan-tensor-option-${index}`);
}

// Presses Find plans: a search that took over 150 ms (a loaded machine, or one with relaxed
// searches) does not start again on its own (panels/plan.cpp, k_auto_search_max_ms).
async function find(page) {
  await scrollIntoView(page, 'plan-find', 60, 700);
  await clickWidget(page, 'plan-find');
}

test('Plan: TP pinned by clicks gives only TP-4 plans, and the link keeps the pin', async () => {
  const { page, errors, ctx } = await openApp(shared);
  await setAppState(page, serving);
  const free = await plansFound(page);
  console.log(`unpinned: ${free.plans.map((p) => `${p.gpuCount}x${p.gpu} TP${p.tensor}`).join(', ')}`);

  // Options: Any, 1, 2, 4, 8 (Llama-3.1-70B's heads split 1, 2, 4 or 8 ways inside a node).
  await pinTensor(page, 3);
  assert.equal((await state(page)).planTensorParallel, 4, 'the click pinned TP 4');
  await find(page);
  // The pinned search tries fewer splits than the free one: it evaluates another count.
  const pinned = await plansFound(page, free.stats.evaluated);
  for (const p of pinned.plans) {
    assert.equal(p.tensor, 4, `every plan has TP 4: ${JSON.stringify(p)}`);
    assert.equal(p.gpuCount % 4, 0, `and a multiple of 4 cards: ${JSON.stringify(p)}`);
  }
  await waitText(page, 'TP 4');

  // The share link (the URL hash) carries the pin: a fresh page opens the Plan view pinned and
  // finds the same plans.
  await page.waitForFunction(() => location.hash.includes('planTensorParallel=4'), null,
                             { timeout: 15000, polling: 200 });
  const hash = await page.evaluate(() => location.hash);
  const other = await ctx.newPage();
  await other.goto(`${shared.site.url}?nosw${hash}`);
  await waitForApp(other);
  const restored = await state(other);
  assert.equal(restored.planTensorParallel, 4);
  assert.equal(restored.planOpen, true);
  const again = await plansFound(other);
  assert.deepEqual(again.plans.map((p) => [p.gpu, p.gpuCount, p.tensor]),
                   pinned.plans.map((p) => [p.gpu, p.gpuCount, p.tensor]), 'the same plans');

  // "Any" lets the planner pick again: the key leaves the state.
  await pinTensor(page, 0);
  assert.equal((await state(page)).planTensorParallel, undefined);
  assert.deepEqual(errors, []);
  await ctx.close();
});

for (const [lang, width] of [['en', 1280], ['zh', 400]]) {
  test(`Plan: a pin with no split (TP 3) is marked, and the empty state lets the planner pick: ${lang} ${width}`,
       async () => {
    const { page, errors, ctx } = await openApp(shared, { width, height: 800 });
    // A link of another model's pin: 3 divides none of Llama-3.1-70B's 64 heads.
    await setAppState(page, { ...serving, lang, planTensorParallel: 3 });
    const handle = await page.waitForFunction(() => {
      const p = window.llmSizer.results().plan;
      if (p && p.hasResult && p.plans.length === 0 && p.relaxations.length > 0) return p;
      window.llmSizer.setState({});
      return null;
    }, null, { timeout: 30000, polling: 100 });
    const empty = await handle.jsonValue();
    const split = empty.relaxations.indexOf('split');
    assert.ok(split >= 0, `the split is offered: ${JSON.stringify(empty.relaxations)}`);
    if (lang === 'zh') {
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null,
                                 { timeout: 15000 });
      await scrollIntoView(page, `plan-relax-${split}`, 200, 700);
      await waitText(page, '由规划器挑选切分方式');
    } else {
      await waitText(page, '3 (no such split here)');
    }
    await scrollIntoView(page, `plan-relax-${split}`, 200, 700);
    await settle(page, 5);
    mkdirSync(shotsDir, { recursive: true });
    writeFileSync(join(shotsDir, `plan-split-none-${lang}-${width}.png`), await page.screenshot());
    await clickWidget(page, `plan-relax-${split}`);
    assert.equal((await state(page)).planTensorParallel, undefined, 'the pin is gone');
    await find(page);
    const again = await plansFound(page);
    assert.ok(again.plans.length > 0);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

for (const [lang, width] of [['en', 1280], ['zh', 1280], ['en', 400], ['zh', 400]]) {
  test(`Plan split screenshot: ${lang} ${width}x800`, async () => {
    const { page, errors, ctx } = await openApp(shared, { width, height: 800 });
    await setAppState(page, { ...serving, lang, planTensorParallel: 4 });
    await plansFound(page);
    if (lang === 'zh') {
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null,
                                 { timeout: 15000 });
      await waitText(page, '规划');  // the CJK font is in: its rebuild no longer moves widgets
    }
    // The pipeline control open: Any and the stages TP 4 leaves within 16 cards (1, 2, 4).
    await scrollIntoView(page, 'plan-pipeline', 200, 520);
    await clickWidget(page, 'plan-pipeline');
    await waitRect(page, 'plan-pipeline-option-1');
    await settle(page, 5);
    mkdirSync(shotsDir, { recursive: true });
    writeFileSync(join(shotsDir, `plan-split-${lang}-${width}.png`), await page.screenshot());
    await page.keyboard.press('Escape');
    await settle(page, 3);
    writeFileSync(join(shotsDir, `plan-split-${lang}-${width}-closed.png`), await page.screenshot());
    if (width === 400) {
      const r = await waitRect(page, 'plan-tensor');
      assert.ok(r.height >= 43.5, `the control is a 44-px target: ${r.height} px`);
      assert.ok(r.x >= 0 && r.x + r.width <= 400, 'and stays on the screen');
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

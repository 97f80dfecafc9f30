// Browser tests of the Plan view's rate table (imgui_app/panels/plan_rates.cpp): a serving search
// runs, the table of 0.25x..4x the target rate appears under plan #1
// (window.llmSizer.results().plan.rates), its 1x row is the plan, more requests never take fewer
// cards, plan #2's "Rate table" button redraws it for that plan, and the page keeps drawing while
// the rates are worked out. Screenshots at
// 1280x800 and 400x800 in English and Chinese (build/screenshots/plan-rates-*.png).
//   node --test --test-concurrency=1 tests/browser/plan_rates.test.mjs   (after building the site)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, openApp, screenshotVariance, scrollIntoView, setAppState, settle,
         siteAndBrowserForThisFile, waitRect, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// The serving case: Llama-3.1-70B at 5 requests/s, 2k in / 256 out, TTFT p90 <= 2 s,
// >= 20 tokens/s per user.
const serving = { mode: 'inference', model: 'llama-3.1-70b', promptTokens: 2000, outputTokens: 256,
                  planRps: 5, planTtft: 2, planTokensPerUser: 20, planOpen: true };

// The plan summary once the search and the rate curve for plan `index` are done.
async function ratesDone(page, index) {
  const handle = await page.waitForFunction((i) => {
    const p = window.llmSizer.results().plan;
    const s = window.llmSizer.getState();
    if (p && p.hasResult && p.rates && p.rates.done && (s.planRatePlan ?? 0) === i) return p;
    window.llmSizer.setState({});  // keep a sleeping page drawing
    return null;
  }, index, { timeout: 60000, polling: 100 });
  return handle.jsonValue();
}

async function open(width) {
  return openApp(shared, { width, height: 800 });
}

function checkCurve(plan, index) {
  const { rates } = plan;
  const chosen = plan.plans[index];
  assert.equal(rates.points.length, 9, 'nine rates from 0.25x to 4x');
  assert.equal(rates.fromTarget, true);
  assert.equal(rates.referenceRequestsPerSecond, 5);
  const one = rates.points.find((p) => p.factor === 1);
  assert.ok(one.served && one.sameSplit, `the 1x row is served: ${JSON.stringify(one)}`);
  assert.equal(one.gpuCount, chosen.gpuCount, 'the 1x row has the plan\'s cards');
  assert.ok(Math.abs(one.usdPerMillionTokens / chosen.usdPerMillionTokens - 1) < 1e-6,
            'and its $ per million tokens');
  let last = 0;
  for (const p of rates.points.filter((q) => q.served)) {
    assert.ok(p.gpuCount >= last, `more requests never take fewer cards: ${JSON.stringify(p)}`);
    last = p.gpuCount;
  }
}

test('Plan rates: a serving search shows how cards and cost move with the rate', async () => {
  const { page, errors, ctx } = await open(1280);
  // The longest gap between two animation frames while the search and the rates run.
  await page.evaluate(() => {
    window.rateGap = 0;
    let last = performance.now();
    const tick = (t) => {
      window.rateGap = Math.max(window.rateGap, t - last);
      last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await setAppState(page, serving);
  const plan = await ratesDone(page, 0);
  const gap = await page.evaluate(() => window.rateGap);
  console.log(`rates of plan #1: ${plan.rates.milliseconds.toFixed(1)} ms in wasm for ` +
              `${plan.rates.points.length} rates (search ${plan.stats.milliseconds.toFixed(1)} ms); ` +
              `longest frame gap ${gap.toFixed(0)} ms`);
  checkCurve(plan, 0);
  await scrollIntoView(page, 'plan-rates-table', 60, 760);
  const text = await waitText(page, 'How cards, latency and cost move with the request rate');
  assert.ok(text.includes('4\u00d7'), 'the 4x row is drawn');

  // Plan #2's "Rate table" button: the table moves under it and follows it.
  await scrollIntoView(page, 'plan-rates-show-1', 60, 700);
  await clickWidget(page, 'plan-rates-show-1');
  const second = await ratesDone(page, 1);
  checkCurve(second, 1);
  assert.equal(second.stats.milliseconds, plan.stats.milliseconds, 'no new search');
  assert.deepEqual(errors, []);
  await ctx.close();
});

for (const [lang, width] of [['en', 1280], ['zh', 1280], ['en', 400], ['zh', 400]]) {
  test(`Plan rates screenshot: ${lang} ${width}x800`, async () => {
    const { page, errors, ctx } = await open(width);
    await setAppState(page, { ...serving, lang });
    await ratesDone(page, 0);
    await settle(page, 5);
    await waitRect(page, 'plan-rates-table');
    if (width === 400) {
      const r = await waitRect(page, 'plan-rates-show-1');
      assert.ok(r.height >= 43.5, `the Rate table button is a 44-px target: ${r.height} px`);
    }
    await scrollIntoView(page, 'plan-rates', 40, 200);
    await page.mouse.move(2, 2);  // no hover tooltip over the table
    await settle(page, 5);
    const variance = await screenshotVariance(page, `plan-rates-${lang}-${width}.png`);
    assert.ok(variance > 20, 'the screenshot shows something');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

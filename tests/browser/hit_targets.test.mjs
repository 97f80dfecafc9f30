// Hit targets on a phone (issue 13): at 400x800 every row of the pickers, combos and tables and
// every button is at least 44 CSS px tall (Apple HIG), measured from the rectangles the widgets
// publish after real clicks open them.
//   node --test tests/browser/hit_targets.test.mjs   (after building the site; SIZER_DIST=...)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, collectErrors, scrollIntoView, setAppState, settle,
         siteAndBrowserForThisFile, waitForApp, waitRect } from './lib.mjs';

const shared = siteAndBrowserForThisFile();
const k_min_css_px = 44;

async function openPhone() {
  const ctx = await shared.browser.newContext({ viewport: { width: 400, height: 800 },
                                                hasTouch: true });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(shared.site.url);
  await waitForApp(page);
  return { page, errors, ctx };
}

async function assertTall(page, ids) {
  for (const id of ids) {
    const r = await waitRect(page, id);
    assert.ok(r.height >= k_min_css_px - 0.5, `${id} is ${r.height.toFixed(1)} px tall`);
  }
}

test('400x800: rows of the GPU, model and format pickers and of combos are 44 px', async () => {
  const { page, errors, ctx } = await openPhone();
  await setAppState(page, { mode: 'inference', model: 'llama-3.1-8b', gpu: 'rtx-4090-24gb',
                            gpuCount: 1, weights: 'fp16' });
  await scrollIntoView(page, 'gpu-picker', 60, 300);
  await clickWidget(page, 'gpu-picker');
  await assertTall(page, ['gpu-search', 'gpu-first-match', 'gpu-second-match']);
  await page.keyboard.press('Escape');
  await settle(page);
  await scrollIntoView(page, 'model-picker', 60, 300);
  await clickWidget(page, 'model-picker');
  await assertTall(page, ['model-custom', 'model-first-match']);
  await page.keyboard.press('Escape');
  await settle(page);
  await scrollIntoView(page, 'weights-format', 60, 300);
  await clickWidget(page, 'weights-format');
  await assertTall(page, ['weights-format-first-match', 'weights-format-option-fp16']);
  await page.keyboard.press('Escape');
  await settle(page);
  await scrollIntoView(page, 'engine', 60, 300);
  await clickWidget(page, 'engine');
  await assertTall(page, ['engine-option-0', 'engine-option-1']);
  await page.keyboard.press('Escape');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('400x800: fit table rows, seed table rows and fix buttons are 44 px', async () => {
  const { page, errors, ctx } = await openPhone();
  // Does not fit: the fix buttons show under the verdict.
  await setAppState(page, { mode: 'inference', model: 'llama-2-70b', gpu: 'rtx-4090-24gb',
                            gpuCount: 1, weights: 'fp16', batch: 1 });
  await scrollIntoView(page, 'suggestion-0', 60, 700);
  await assertTall(page, ['suggestion-0']);
  await scrollIntoView(page, 'fit-row-0', 60, 600);
  await assertTall(page, ['fit-row-0', 'fit-row-1']);
  // Seed tables: one row to the next is at least a finger apart.
  const header = await scrollIntoView(page, 'seed-tables-header', 60, 700);
  await clickWidget(page, 'seed-tables-header');
  assert.ok(header.height >= k_min_css_px - 0.5, 'the section header');
  await scrollIntoView(page, 'precision-1-1', 60, 500);
  const a = await waitRect(page, 'precision-0-1');
  const b = await waitRect(page, 'precision-1-1');
  assert.ok(b.y - a.y >= k_min_css_px - 0.5, `seed table rows are ${(b.y - a.y).toFixed(1)} px apart`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

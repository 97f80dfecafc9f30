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
// On a phone the header and the summary line stay at the top; the column scrolls under them.
const k_below_header_px = 250;

async function openPhone() {
  const ctx = await shared.browser.newContext({ viewport: { width: 400, height: 800 },
                                                hasTouch: true });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(shared.site.url);
  await waitForApp(page);
  return { page, errors, ctx };
}

// Escape leaves a picker's search field, a second one closes the picker.
async function closePopup(page) {
  for (const key of ['Escape', 'Escape']) {
    await page.keyboard.press(key);
    await settle(page);
  }
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
  await scrollIntoView(page, 'gpu-picker', k_below_header_px, 600);
  await clickWidget(page, 'gpu-picker');
  await assertTall(page, ['gpu-search', 'gpu-first-match', 'gpu-second-match']);
  await closePopup(page);
  await scrollIntoView(page, 'model-picker', k_below_header_px, 600);
  await clickWidget(page, 'model-picker');
  await assertTall(page, ['model-custom', 'model-first-match']);
  await closePopup(page);
  await scrollIntoView(page, 'weights-format', k_below_header_px, 600);
  await clickWidget(page, 'weights-format');
  await assertTall(page, ['weights-format-first-match', 'weights-format-option-fp16']);
  await closePopup(page);
  await scrollIntoView(page, 'engine', k_below_header_px, 600);
  await clickWidget(page, 'engine');
  await assertTall(page, ['engine-option-0', 'engine-option-1']);
  await closePopup(page);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('400x800: fit table rows, seed table rows and fix buttons are 44 px', async () => {
  const { page, errors, ctx } = await openPhone();
  // Does not fit: the fix buttons show under the verdict.
  await setAppState(page, { mode: 'inference', model: 'llama-2-70b', gpu: 'rtx-4090-24gb',
                            gpuCount: 1, weights: 'fp16', batch: 1 });
  await scrollIntoView(page, 'suggestion-0', k_below_header_px, 700);
  await assertTall(page, ['suggestion-0']);
  // Rows below the view are not drawn at all (a list clipper): bring the table's filter up first.
  await scrollIntoView(page, 'fit-filter', k_below_header_px, 400);
  await scrollIntoView(page, 'fit-row-1', k_below_header_px, 700);
  await assertTall(page, ['fit-row-0', 'fit-row-1']);
  // Seed tables: one row to the next is at least a finger apart.
  const header = await scrollIntoView(page, 'seed-tables-header', k_below_header_px, 700);
  await clickWidget(page, 'seed-tables-header');
  assert.ok(header.height >= k_min_css_px - 0.5, 'the section header');
  await scrollIntoView(page, 'precision-1-1', k_below_header_px, 700);
  const a = await waitRect(page, 'precision-0-1');
  const b = await waitRect(page, 'precision-1-1');
  assert.ok(b.y - a.y >= k_min_css_px - 0.5, `seed table rows are ${(b.y - a.y).toFixed(1)} px apart`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('help markers sit beside their labels (44 px buttons on a phone), never off the row', async () => {
  for (const [width, minHeight] of [[1280, 1], [400, k_min_css_px]]) {
    const ctx = await shared.browser.newContext({ viewport: { width, height: 800 },
                                                  hasTouch: width < 900 });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(shared.site.url);
    await waitForApp(page);
    await setAppState(page, { mode: 'inference', model: 'llama-3.1-8b', gpu: 'rtx-4090-24gb',
                              gpuCount: 1, weights: 'fp16' });
    for (const [help, widget] of [['help.batch', 'batch'], ['help.tensor', 'tensor-parallel'],
                                  ['help.engine', 'engine'], ['help.host', 'host-profile'],
                                  ['help.weights_format', 'weights-format']]) {
      const w = await scrollIntoView(page, widget, width < 900 ? k_below_header_px : 60, 700);
      const h = await waitRect(page, help);
      assert.ok(h.height >= minHeight - 0.5, `${help} is ${h.height.toFixed(1)} px tall at ${width}`);
      if (width < 900) {
        assert.ok(h.y + h.height <= w.y + 0.5, `${help} is on the label's line, above ${widget}`);
      } else {
        assert.ok(h.x + h.width <= w.x + 0.5, `${help} is left of ${widget}, not clipped after it`);
      }
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  }
});

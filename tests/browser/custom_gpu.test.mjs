// The custom GPU form (issue 14) driven with real clicks and keys: "Copy H100 and edit", a refused
// value named beside its field (the card unchanged), an accepted one in the estimate, the share
// link and saved work; a card without a price offered the form from its warning. Screenshots of
// the form at 1280x800 and 400x800 in English and Chinese (build/screenshots/custom-gpu-*.png).
//   node --test tests/browser/custom_gpu.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, isDrawn, scrollIntoView, settle, state } from './app_widgets.mjs';
import { frameText, openApp, screenshotVariance, siteAndBrowserForThisFile, stateFromLink, typeText, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// Clicks field `key` of the form (its value is selected whole), types `text` once the field has
// keyboard focus (lib.mjs, typeText) and presses Enter.
async function typeInto(page, key, text) {
  await clickWidget(page, `gpu-field-${key}`);
  await typeText(page, text);
  await page.keyboard.press('Enter');
  await settle(page, 4);
}

test('copy H100 and edit: refused values named at the field, accepted ones everywhere', async () => {
  const { page, errors, ctx } = await openApp(shared);
  await page.evaluate(() => window.llmSizer.setState({ gpu: 'h100-sxm-80gb', model: 'llama-3.1-8b' }));
  await settle(page, 3);
  const before = await page.evaluate(() => window.llmSizer.results());
  await clickWidget(page, 'gpu-copy-edit');
  let s = await state(page);
  assert.equal(typeof s.gpu, 'object', 'the card in use is now a custom object');
  assert.equal(s.gpu.name, 'H100 SXM5 80GB (custom)');
  assert.equal(s.gpu.memoryBandwidthGbPerS, 3350);
  assert.equal(s.gpu.cloudUsdPerGpuHour, 4.29, 'the gpu-cloud price of the table is the copy\'s own');

  await typeInto(page, 'memoryBandwidthGbPerS', '0');
  await waitText(page, 'must be more than 0');
  assert.ok(await page.evaluate(() => window.llmSizer.widgetRect('gpu-field-error-memoryBandwidthGbPerS')));
  s = await state(page);
  assert.equal(s.gpu.memoryBandwidthGbPerS, 3350, 'a refused value leaves the card unchanged');
  await typeInto(page, 'memoryGb', 'lots');
  await waitText(page, '"lots" is not a number');
  const shown = await frameText(page);
  assert.doesNotMatch(shown, /\bnan\b|NaN/);

  await typeInto(page, 'memoryBandwidthGbPerS', '6700');
  s = await state(page);
  assert.equal(s.gpu.memoryBandwidthGbPerS, 6700);
  const after = await page.evaluate(() => window.llmSizer.results());
  assert.ok(after.inference.decodeTokensPerSecond > 1.5 * before.inference.decodeTokensPerSecond,
            `decode ${before.inference.decodeTokensPerSecond} -> ${after.inference.decodeTokensPerSecond}`);

  // Kept in saved work, and in the share link: a fresh page from the link has the same card.
  await clickWidget(page, 'gpu-form-keep');
  const saved = await page.evaluate(() => localStorage.getItem('llm-sizer-saved') || '');
  assert.match(saved, /H100 SXM5 80GB \(custom\)/);
  // Kept cards are listed first in the GPU picker, picked like a catalog card.
  await page.evaluate(() => window.llmSizer.setState({ gpu: 'rtx-4090-24gb' }));
  await settle(page, 3);
  await clickWidget(page, 'gpu-picker');
  await clickWidget(page, 'gpu-saved-first');
  assert.equal((await state(page)).gpu.memoryBandwidthGbPerS, 6700);
  const restored = await stateFromLink(page, ctx, shared, 'gpu.memoryBandwidthGbPerS=6700');
  assert.equal(restored.gpu.memoryBandwidthGbPerS, 6700);
  assert.equal(restored.gpu.name, 'H100 SXM5 80GB (custom)');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a card without a price: the warning\'s button opens the form on a priced copy', async () => {
  const { page, errors, ctx } = await openApp(shared);
  // A custom card without prices (a link of an older version, say).
  await page.evaluate(() => window.llmSizer.setState({
    gpu: { name: 'Lab card', memoryGb: 48, memoryBandwidthGbPerS: 960, fp16TensorTflops: 180 },
  }));
  await settle(page, 3);
  await waitText(page, 'give the card its own prices in the custom GPU form');
  await clickWidget(page, 'warning-price-form');
  await scrollIntoView(page, 'gpu-field-cloudUsdPerGpuHour');
  await typeInto(page, 'cloudUsdPerGpuHour', '1.2');
  const s = await state(page);
  assert.equal(s.gpu.cloudUsdPerGpuHour, 1.2);
  const r = await page.evaluate(() => window.llmSizer.results());
  assert.equal(r.cost.priceKnown, true);
  assert.equal(r.cost.usdPerGpuHour, 1.2);
  assert.deepEqual(errors, []);
  await ctx.close();
});

for (const lang of ['en', 'zh']) {
  for (const [width, height] of [[1280, 800], [400, 800]]) {
    test(`custom GPU form screenshot, ${lang} ${width}x${height}`, async () => {
      const { page, errors, ctx } = await openApp(shared, { width, height });
      await page.evaluate((l) => window.llmSizer.setState({ lang: l, gpu: 'h100-sxm-80gb' }), lang);
      if (lang === 'zh') {
        await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: 15000 });
        await waitText(page, '复制分享链接');  // the CJK font is in: its rebuild no longer moves widgets
      }
      await clickWidget(page, 'gpu-copy-edit');
      await typeInto(page, 'memoryBandwidthGbPerS', '0');
      assert.ok(await isDrawn(page, 'gpu-field-error-memoryBandwidthGbPerS'), 'the refused value is named');
      await scrollIntoView(page, 'gpu-field-error-memoryBandwidthGbPerS');
      await settle(page, 4);
      // Touch targets: on a phone each field is at least 44 CSS px tall, as the rest of the app.
      if (width < 900) {
        for (const key of ['memoryGb', 'memoryBandwidthGbPerS', 'gpu-form-keep']) {
          const id = key.startsWith('gpu-') ? key : `gpu-field-${key}`;
          const r = await page.evaluate((i) => window.llmSizer.widgetRect(i), id);
          if (r) assert.ok(r.height >= 43.5, `${id} is ${r.height} px tall`);
        }
      }
      assert.ok((await screenshotVariance(page, `custom-gpu-${lang}-${width}.png`)) > 20);
      // The measured sustained shares (matmuls, attention) sit under the peaks they scale.
      await scrollIntoView(page, 'gpu-field-attentionEfficiency');
      await settle(page, 4);
      assert.ok(await isDrawn(page, 'gpu-field-matmulEfficiency'), 'the matmul share is a field');
      assert.ok((await screenshotVariance(page, `custom-gpu-sustained-${lang}-${width}.png`)) > 20);
      // The price group: purchase, rental, and whether the card is sold at all (a click clears it).
      await scrollIntoView(page, 'gpu-field-forSale');
      await settle(page, 4);
      assert.equal((await state(page)).gpu.forSale, true);
      await clickWidget(page, 'gpu-field-forSale');
      await settle(page, 4);
      assert.equal((await state(page)).gpu.forSale, false);
      assert.ok((await screenshotVariance(page, `custom-gpu-price-${lang}-${width}.png`)) > 20);
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  }
}

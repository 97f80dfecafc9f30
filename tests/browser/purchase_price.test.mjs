// The user's purchase price (cost.purchaseUsd, issue 10) driven with real clicks and keys: a card
// the price table cannot price for owning (MI210) says so, a price typed under Cost prices it, the
// link keeps it, and screenshots of the Cost section at 1280x800 and 400x800 in English and
// Chinese (build/screenshots/purchase-*.png). A part nobody sells (TPU v5e) owned says it is only
// rented, and the price basis picked with clicks prices it (build/screenshots/not-for-sale-*.png).
//   node --test tests/browser/purchase_price.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clickWidget, scrollIntoView, settle, state, waitWidget } from './app_widgets.mjs';
import {
  openApp, screenshotVariance, setAppState, showLanguage, siteAndBrowserForThisFile,
  stateFromLink, typeText, waitText,
} from './lib.mjs';

const shared = siteAndBrowserForThisFile();

const results = (page) => page.evaluate(() => window.llmSizer.results());

const ownedMi210 = {
  mode: 'inference', model: 'llama-2-7b', weights: 'fp16', gpu: 'mi210-64gb', gpuCount: 1,
  cost: { basis: 'own', purchaseUsd: 0 },
};

test('a purchase price typed under Cost owns a card the table has none for; links keep it',
     async () => {
  const { page, errors, ctx } = await openApp(shared);
  await setAppState(page, ownedMi210);
  const before = await results(page);
  assert.equal(before.cost.priceKnown, false, 'the table has no MI210 purchase price');
  await waitText(page, 'No purchase price for');

  await clickWidget(page, 'purchase-quote-entry');
  await page.keyboard.press('Control+A');
  await typeText(page, '8000', { delay: 15 });
  await page.keyboard.press('Enter');
  await settle(page, 4);

  assert.equal((await state(page)).cost.purchaseUsd, 8000);
  const after = await results(page);
  assert.equal(after.cost.priceKnown, true);
  assert.equal(after.cost.purchaseUsd, 8000);
  // 3 years x 8,760 h busy: $8,000 / 26,280 h plus the board's power.
  assert.ok(Math.abs(after.cost.ownUsdPerGpuHour -
                     (8000 / 26280 + after.cost.powerUsdPerGpuHour)) < 1e-6,
            `${after.cost.ownUsdPerGpuHour}`);
  const text = await page.evaluate(() => window.llmSizer.frameText());
  assert.ok(!text.includes('No purchase price for'), 'the warning is gone');

  const linked = await stateFromLink(page, ctx, shared, 'cost.purchaseUsd=8000');
  assert.equal(linked.cost.purchaseUsd, 8000);
  assert.equal(linked.cost.basis, 'own');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the purchase price row at 1280x800 and 400x800, English and Chinese', async () => {
  for (const [width, height] of [[1280, 800], [400, 800]]) {
    const { page, errors, ctx } = await openApp(shared, { width, height });
    await setAppState(page, { ...ownedMi210, cost: { basis: 'own', purchaseUsd: 8000 } });
    for (const [lang, needle] of [['en', 'Purchase price'], ['zh', '购买价']]) {
      await showLanguage(page, lang, needle);
      await scrollIntoView(page, 'purchase-quote', 60, height - 60);
      await settle(page, 4);
      const text = await page.evaluate(() => window.llmSizer.frameText());
      assert.ok(text.includes(needle), `${needle} is drawn`);
      assert.ok(!/\b(cost|unit|help)\.[a-z_]+/.test(text), `an untranslated key in ${lang}`);
      const variance = await screenshotVariance(page, `purchase-${width}-${lang}.png`);
      assert.ok(variance > 50, `the ${width} px ${lang} screenshot shows the page`);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  }
});

const ownedTpu = {
  mode: 'inference', model: 'llama-3.2-3b', weights: 'bf16', gpu: 'tpu-v5e', gpuCount: 1,
  cost: { basis: 'own', purchaseUsd: 0 },
};

for (const [width, height] of [[1280, 800], [400, 800]]) {
  test(`a part that is only rented, owned, points at a rental basis (${width} px, EN and ZH)`,
       async () => {
    const { page, errors, ctx } = await openApp(shared, { width, height });
    await setAppState(page, ownedTpu);
    const owned = await results(page);
    assert.equal(owned.cost.priceKnown, false);
    assert.ok(owned.warnings.some((w) => w.includes('is not sold, only rented')), owned.warnings);
    // The wide layout shows the warning beside the inputs; the narrow one further down.
    let text = width > 800 ? await waitText(page, 'is not sold, only rented') : '';
    assert.ok(!text.includes('as a custom GPU and give it a price'), 'no purchase-price form offer');
    for (const [lang, needle] of [['en', 'Purchase price'], ['zh', '购买价']]) {
      await scrollIntoView(page, 'purchase-quote', 60, height - 60);
      await showLanguage(page, lang, needle);
      await scrollIntoView(page, 'purchase-quote', 60, height - 60);
      await settle(page, 4);
      const variance = await screenshotVariance(page, `not-for-sale-${width}-${lang}.png`);
      assert.ok(variance > 50, `the ${width} px ${lang} screenshot shows the page`);
    }
    await showLanguage(page, 'en', 'Purchase price');
    // Hyperscaler (the second basis) by clicks: Google Cloud's chip-hour price.
    await scrollIntoView(page, 'price-basis', 60, height - 60);
    await clickWidget(page, 'price-basis');
    await waitWidget(page, 'price-basis-option-1');
    await clickWidget(page, 'price-basis-option-1');
    await settle(page, 4);
    assert.equal((await state(page)).cost.basis, 'hyperscaler');
    const rented = await results(page);
    assert.equal(rented.cost.priceKnown, true);
    assert.equal(rented.cost.usdPerGpuHour, 1.2);
    text = await page.evaluate(() => window.llmSizer.frameText());
    assert.ok(!text.includes('is not sold, only rented'), 'the warning is gone');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

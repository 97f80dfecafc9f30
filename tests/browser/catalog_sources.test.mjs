// Where a card's figures and a price come from, in the page. The web build leaves the catalogs'
// source cells out of app.wasm (imgui_app/app_catalogs.py) and fetches them after the first frame
// with en-late.tsv; the GPU card and the price row still name them. Screenshots of the card with
// its source and of the price row's hover at 1280x800 and 400x800 in English and Chinese
// (build/screenshots/catalog-source-*).
//   node --test tests/browser/catalog_sources.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { clickWidget, distDir, frameText, openApp, repo, screenshotVariance, scrollIntoView,
         settle, siteAndBrowserForThisFile } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// The late row's text for `key` (en-late.tsv: key<TAB>text<TAB>).
function lateText(key) {
  const row = readFileSync(join(distDir, 'en-late.tsv'), 'utf8').split('\n')
    .find((line) => line.startsWith(`${key}\t`));
  assert.ok(row, `en-late.tsv has ${key}`);
  return row.split('\t')[1];
}

// Waits until the drawn text, its wrapped lines joined, holds `needle` (a URL wraps anywhere).
async function waitJoined(page, needle) {
  for (let i = 0; i < 60; ++i) {
    const text = (await frameText(page)).replaceAll('\n', '');
    if (text.includes(needle)) return text;
    await settle(page, 2);
  }
  assert.fail(`the page never showed "${needle}"`);
}

test('the catalogs\' source cells are fetched after the first frame, not compiled in', () => {
  const source = lateText('catalog.gpus.source.rtx-4090-24gb');
  const price = lateText('catalog.prices.source.rtx-4090-24gb.gpu-cloud');
  const csv = (name) => readFileSync(join(repo, 'core', 'data', name), 'utf8');
  // The same text as core/data (CSV doubles its quotes).
  assert.ok(csv('gpus.csv').includes(source.replaceAll('"', '""')));
  assert.ok(csv('prices.csv').includes(price.replaceAll('"', '""')));
  const wasm = readFileSync(join(distDir, 'app.wasm')).toString('latin1');
  assert.ok(!wasm.includes(source.slice(0, 40)), 'the GPU source is not in app.wasm');
  assert.ok(!wasm.includes(price.slice(0, 40)), 'the price source is not in app.wasm');
});

for (const [width, lang] of [[1280, 'en'], [400, 'en'], [1280, 'zh'], [400, 'zh']]) {
  test(`the GPU card and the price row name their sources (${width}px, ${lang})`, async () => {
    const { page, errors, ctx } = await openApp(shared, { width, height: 800 });
    if (lang === 'zh') await clickWidget(page, 'lang-zh');
    await page.evaluate(() => window.llmSizer.setState({ gpu: 'rtx-4090-24gb', model: 'llama-3.1-8b' }));
    await settle(page, 3);
    // The GPU card, opened by a click: its source line.
    await scrollIntoView(page, 'gpu-card-toggle', 80, 500);
    await clickWidget(page, 'gpu-card-toggle');
    // The card's last line (its source, or its notes after it) is the widget "gpu-card".
    await scrollIntoView(page, 'gpu-card', 80, 760);
    const source = lateText('catalog.gpus.source.rtx-4090-24gb');
    await waitJoined(page, source.slice(0, 60));
    assert.ok(await screenshotVariance(page, `catalog-source-gpu-card-${width}x800-${lang}.png`) > 20);
    // The price row: hovering it names the provider and the source.
    const row = await scrollIntoView(page, 'price-used', 80, 700);
    // The value ("$0.xx per GPU-hour · GPU cloud (on demand)") wraps inside the window.
    assert.ok(row.x + row.width <= width, `price row ends at ${row.x + row.width} of ${width} px`);
    await page.mouse.move(row.x + 4, row.y + row.height / 2);
    await settle(page, 2);
    await page.mouse.move(row.x + 6, row.y + row.height / 2);
    const price = lateText('catalog.prices.source.rtx-4090-24gb.gpu-cloud');
    const text = await waitJoined(page, price.slice(0, 60));
    assert.doesNotMatch(text, /Source: \u2014/);
    assert.ok(await screenshotVariance(page, `catalog-source-price-${width}x800-${lang}.png`) > 20);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

// Browser smoke test of the built site (dist/): the app draws its first frame without console
// errors at a desktop and a phone size, the canvas is not blank, the accessible page computes an
// estimate, and everything still loads when the site is served under a project path.
//   node --test tests/browser/   (after building the `site` target of the web preset)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { collectErrors, screenshotVariance, serve, siteAndBrowserForThisFile, waitForApp } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// A blank canvas has variance 0; panels, text and charts give far more.
const MIN_VARIANCE = 20;

for (const [width, height] of [[1280, 800], [400, 800]]) {
  test(`the app draws its first frame at ${width}x${height} without console errors`, async () => {
    const page = await shared.browser.newPage({ viewport: { width, height } });
    const errors = collectErrors(page);
    await page.goto(shared.site.url);
    await waitForApp(page);
    await page.waitForTimeout(500);  // a few more frames (fonts, layout settle)
    const variance = await screenshotVariance(page, `app-${width}x${height}.png`);
    assert.ok(variance > MIN_VARIANCE, `screenshot looks blank (luminance variance ${variance})`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('the accessible page estimates 7B at FP16 from a share link', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 1000, height: 900 } });
  const errors = collectErrors(page);
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname.split('/').pop()));
  await page.goto(shared.site.url + 'lite.html#v=1&model=llama-2-7b&weights=fp16&gpu=a100-sxm-80gb');
  await page.waitForFunction(() => window.llmSizerLiteReady === true, null, { timeout: 30000 });
  // One engine on the site: the page calls the app's module (imgui_app/lite_api.cpp), whose
  // exported calls live in app.deferred.wasm.
  for (const file of ['app.js', 'app.wasm', 'app.deferred.wasm']) assert.ok(fetched.includes(file), `${file} fetched`);
  assert.ok(!fetched.some((f) => f.startsWith('sizer.')), `no second engine (${fetched.join(', ')})`);
  const rows = await page.locator('#results tbody tr').count();
  assert.ok(rows >= 10, `results table has ${rows} rows`);
  assert.equal(await page.locator('#error').textContent(), '');
  const weights = await page.locator('#results tbody tr', { hasText: 'Weights' }).first()
    .locator('td').textContent();
  assert.equal(weights, '13.48 GB');  // 6,738,415,616 parameters x 2 bytes
  assert.match(page.url(), /model=llama-2-7b/);
  await screenshotVariance(page, 'lite-1000x900.png');
  // Bad input typed by hand: the core's message names the field, and the estimate comes back once
  // the field is right again.
  const batch = page.locator('input[name="batch"]');
  await batch.fill('');
  await batch.pressSequentially('-3');
  await batch.press('Enter');
  await page.waitForFunction(() => document.getElementById('error').textContent !== '');
  assert.match(await page.locator('#error').textContent(), /batch/i);
  await batch.fill('');
  await batch.pressSequentially('2');
  await batch.press('Enter');
  await page.waitForFunction(() => document.getElementById('error').textContent === '');
  assert.match(page.url(), /batch=2/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the site works under a project path such as /llm-sizer/ (relative URLs only)', async () => {
  const nested = await serve(undefined, '/llm-sizer/');
  try {
    const page = await shared.browser.newPage({ viewport: { width: 800, height: 600 } });
    const errors = collectErrors(page);
    await page.goto(nested.url);
    await waitForApp(page);
    await page.goto(nested.url + 'lite.html');
    await page.waitForFunction(() => window.llmSizerLiteReady === true, null, { timeout: 30000 });
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    nested.server.close();
  }
});

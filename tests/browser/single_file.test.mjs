// The single-file build (dist/llm-sizer.html, web/make-single-file.mjs) opened from a file://
// URL, with no server: the app starts, computes, switches to Chinese (font inlined), keeps its
// state in storage, and the page asks for nothing but itself.
//   node --test tests/browser/single_file.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';

import { settle, state } from './app_widgets.mjs';
import { collectErrors, distDir, launchBrowser, requireSite, screenshotVariance, waitForApp } from './lib.mjs';

test('llm-sizer.html works from file:// with no server and fetches nothing', async () => {
  requireSite();
  const file = join(distDir, 'llm-sizer.html');
  assert.ok(existsSync(file), 'the site target writes dist/llm-sizer.html');
  assert.ok(statSync(file).size > statSync(join(distDir, 'app.wasm')).size, 'the wasm is inside');
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    const url = pathToFileURL(file).href;
    await page.goto(url);
    await waitForApp(page);
    const results = await page.evaluate(() => window.llmSizer.results());
    assert.ok(results.memory.weightsBytes > 1e9, 'the engine computes');
    await page.evaluate(() => window.llmSizer.setState({ model: 'llama-2-7b', batch: 3, lang: 'zh' }));
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: 15000 });
    await settle(page, 6);
    assert.equal((await state(page)).lang, 'zh', 'Chinese stays on: the inlined text loaded, drawn with the system font');
    assert.ok((await screenshotVariance(page, 'single-file-zh-1280.png')) > 50);
    // State survives a reload from disk.
    await page.waitForFunction(() => (localStorage.getItem('llm-sizer-state') || '').includes('"batch":3'),
                               null, { timeout: 10000 });
    await page.goto(url);
    await waitForApp(page);
    assert.equal((await state(page)).batch, 3);
    assert.deepEqual(requests.filter((r) => r !== url && !r.startsWith(url + '#')), [],
                     'nothing but the page itself is requested');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// The service worker: after one visit the app and the accessible page start with the server gone.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { collectErrors, launchBrowser, serve, waitForApp } from './lib.mjs';

test('after one visit, the app and the lite page start offline', async () => {
  const site = await serve();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
    const page = await context.newPage();
    await page.goto(site.url);
    await waitForApp(page);
    // Wait until the worker has installed (precached every file) and controls the page.
    const version = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active.scriptURL;
    });
    assert.match(version, /sw\.js$/);
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const cache = await caches.open(keys.find((k) => k.startsWith('llm-sizer-')));
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    for (const file of ['/', '/app.js', '/app.wasm', '/app.deferred.wasm', '/lite.html', '/lite.js']) {
      assert.ok(cached.includes(file), `${file} precached (have ${cached.join(', ')})`);
    }

    site.server.closeAllConnections();
    await new Promise((resolve) => site.server.close(resolve));
    await context.setOffline(true);

    const errors = collectErrors(page);
    await page.reload();
    await waitForApp(page);
    await page.goto(site.url + 'lite.html');
    await page.waitForFunction(() => window.llmSizerLiteReady === true, null, { timeout: 30000 });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    site.server.close();
  }
});

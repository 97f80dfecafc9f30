// Updates and ?nosw (issue 11): after a new deployment the next visit is taken over by the new
// service worker and a small "updated" notice offers a reload; ?nosw registers no worker and
// removes one that is there.
//   node --test tests/browser/updates.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { collectErrors, launchBrowser, requireSite, serve, waitForApp } from './lib.mjs';

// A copy of the site that the test can "deploy" a new version into.
function siteCopy() {
  const folder = mkdtempSync(join(tmpdir(), 'llm-sizer-deploy-'));
  cpSync(requireSite(), folder, { recursive: true });
  return folder;
}

async function controlledBy(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  return page.evaluate(() => navigator.serviceWorker.controller.scriptURL);
}

test('a new deployment is picked up on the next visit, with an "updated" notice', async () => {
  const folder = siteCopy();
  const site = await serve(folder);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(site.url);
    await waitForApp(page);
    await controlledBy(page);
    assert.equal(await page.locator('#updated').count(), 0, 'no notice on a first visit');
    // Deploy: a new version string in sw.js (what cmake/SizerSite.cmake writes for any change).
    const sw = join(folder, 'sw.js');
    writeFileSync(sw, readFileSync(sw, 'utf8').replace(/const VERSION = '[^']*'/, "const VERSION = 'next-deploy'"));
    await page.reload();
    await waitForApp(page);
    await page.locator('#updated').waitFor({ state: 'visible', timeout: 30000 });
    assert.match(await page.locator('#updated').innerText(), /updated/i);
    const version = await page.evaluate(async () => (await caches.keys()).join(','));
    assert.match(version, /llm-sizer-next-deploy/, 'the new version cached itself');
    await page.locator('#updated button', { hasText: 'Reload' }).click();
    await waitForApp(page);
    assert.equal(await page.locator('#updated').count(), 0, 'the reloaded page runs the new version');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    site.server.close();
  }
});

test('?nosw turns the service worker off and removes a registered one', async () => {
  const site = await serve();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
    const page = await context.newPage();
    await page.goto(site.url);
    await waitForApp(page);
    await controlledBy(page);
    await page.goto(site.url + '?nosw');
    await waitForApp(page);
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length === 0,
                               null, { timeout: 15000, polling: 200 });
    const fresh = await (await browser.newContext()).newPage();
    await fresh.goto(site.url + '?nosw');
    await waitForApp(fresh);
    await fresh.waitForTimeout(3000);  // past the idle callback that would register it
    assert.equal(await fresh.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
  } finally {
    await browser.close();
    site.server.close();
  }
});

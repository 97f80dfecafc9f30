// The page never breaks: a C++ exception or a WebAssembly trap in the app ends in a message with
// "reset to defaults" and a link that reproduces the state (public/boot.js, main.cpp's boundary),
// never a frozen canvas; a lost WebGL context is restored and redrawn (WEBGL_lose_context).
//   node --test tests/browser/robustness.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { collectErrors, screenshotVariance, siteAndBrowserForThisFile, waitForApp } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

async function open(hash = '') {
  const ctx = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(shared.site.url + hash);
  await waitForApp(page);
  return { ctx, page, errors };
}

const framesDrawn = (page) => page.evaluate(() => window.llmSizer.framesDrawn());
const failureShown = (page) => page.waitForFunction(() => !document.getElementById('failure').hidden,
                                                    null, { timeout: 15000 });

for (const kind of ['exception', 'trap']) {
  test(`a ${kind} in the app shows the error page with a reset and a reproducing link`, async () => {
    const { ctx, page, errors } = await open();
    await page.evaluate(() => window.llmSizer.setState({ batch: 24, promptTokens: 3000 }));
    await page.evaluate((k) => window.llmSizer.injectFault(k), kind);
    await failureShown(page);

    const what = await page.locator('#failure-what').textContent();
    assert.match(what, kind === 'exception' ? /injectFault/ : /unreachable|RuntimeError/i);
    assert.ok(await page.locator('#canvas').isHidden(), 'the frozen canvas is hidden');
    assert.equal(await page.locator('#failure-reset').textContent(), 'Reset to defaults');
    const link = await page.locator('#failure-link').getAttribute('href');
    assert.match(link, /batch=24/, `the link carries the state (${link})`);
    assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#/);
    const frames = await framesDrawn(page);
    await page.mouse.move(300, 300);
    await page.mouse.move(500, 400);
    await page.waitForTimeout(300);
    assert.equal(await framesDrawn(page), frames, 'the broken module is not called again');
    // Only the failure itself may reach the console (the trap is rethrown to the browser).
    assert.ok(errors.every((e) => /RuntimeError|unreachable|Uncaught/.test(e)), errors.join('\n'));

    // The link reproduces the state in a fresh page ...
    const again = await ctx.newPage();
    await again.goto(link);
    await waitForApp(again);
    const s = await again.evaluate(() => window.llmSizer.getState());
    assert.equal(s.batch, 24);
    assert.equal(s.promptTokens, 3000);
    await again.close();

    // ... and "reset to defaults" forgets it (storage and hash).
    await page.waitForTimeout(500);  // the broken page saved nothing more; the fresh one did
    await Promise.all([page.waitForNavigation(), page.locator('#failure-reset').click()]);
    await waitForApp(page);
    const reset = await page.evaluate(() => window.llmSizer.getState());
    assert.notEqual(reset.batch, 24);
    assert.equal(await page.evaluate(() => location.hash.includes('batch=24')), false);
    await ctx.close();
  });
}

test('the error page speaks Chinese when the UI is Chinese', async () => {
  const { ctx, page } = await open();
  await page.evaluate(() => window.llmSizer.setState({ lang: 'zh' }));
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  await page.evaluate(() => window.llmSizer.injectFault('exception'));
  await failureShown(page);
  assert.equal(await page.locator('#failure-reset').textContent(), '恢复默认设置');
  await ctx.close();
});

test('a lost WebGL context is restored and the app draws again', async () => {
  const { ctx, page, errors } = await open();
  await page.evaluate(() => window.llmSizer.setState({ batch: 16 }));
  await page.waitForTimeout(300);
  const before = await screenshotVariance(page, 'context-before-loss.png');
  await page.evaluate(() => {
    const gl = document.getElementById('canvas').getContext('webgl2');
    window.loseContext = gl.getExtension('WEBGL_lose_context');
    window.contextEvents = [];
    const canvas = document.getElementById('canvas');
    canvas.addEventListener('webglcontextlost', () => window.contextEvents.push('lost'));
    canvas.addEventListener('webglcontextrestored', () => window.contextEvents.push('restored'));
    window.loseContext.loseContext();
  });
  await page.waitForFunction(() => window.contextEvents.includes('lost'));
  await page.mouse.move(400, 400);  // input while the context is gone must not break anything
  await page.waitForTimeout(300);
  const since = await framesDrawn(page);
  await page.evaluate(() => window.loseContext.restoreContext());
  await page.waitForFunction(() => window.contextEvents.includes('restored'));
  await page.waitForFunction((f) => window.llmSizer.framesDrawn() >= f + 3, since, { timeout: 15000 });
  const after = await screenshotVariance(page, 'context-after-restore.png');
  assert.ok(after > 20, `the canvas shows the app again (variance ${after}, before the loss ${before})`);
  assert.ok(Math.abs(after - before) / before < 0.1, `the same picture (variance ${before} -> ${after})`);
  assert.equal((await page.evaluate(() => window.llmSizer.getState())).batch, 16);
  assert.ok(await page.locator('#failure').isHidden());
  assert.deepEqual(errors, []);
  await ctx.close();
});

// What the first load fetches and from where: nothing leaves the site's origin, the
// Content-Security-Policy of each page holds (its style hashes match, no violation is reported),
// the service worker starts precaching only after the app's first frame, and the Chinese text is
// fetched only for a Chinese UI (at once for one, on the switch for an English one), with the
// English UI drawing meanwhile; its characters are drawn with the system's font (no font file). The functions the first frame does not run
// (app.deferred.wasm, imgui_app/split_app.mjs) load after it, or with app.wasm for a page that
// starts from a link, and a call that comes before them still works (public/boot.js).
//   node --test tests/browser/first_load.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { collectErrors, distDir, requireSite, screenshotVariance, siteAndBrowserForThisFile, waitForApp, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// Every request of a context (pages and service worker), in order, with the time it was issued.
function recordRequests(ctx) {
  const requests = [];
  ctx.on('request', (r) => requests.push({ url: r.url(), at: Date.now(), page: !r.serviceWorker() }));
  return requests;
}

// A page in its own context; CSP violations are collected as errors.
async function open({ locale = 'en-US', hash = '', path = '' } = {}) {
  const ctx = await shared.browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  const requests = recordRequests(ctx);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await page.goto(shared.site.url + path + hash);
  return { ctx, page, errors, requests };
}

const paths = (requests) => requests.map((r) => new URL(r.url).pathname.replace(/^\//, ''));

test('each page\'s Content-Security-Policy lists the hash of each of its inline scripts and style elements', () => {
  requireSite();
  for (const file of ['index.html', 'lite.html']) {
    const html = readFileSync(join(distDir, file), 'utf8');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html);
    assert.ok(csp, `${file} has a CSP meta tag`);
    assert.match(csp[1], /default-src 'none'/);
    assert.doesNotMatch(csp[1], /unsafe-inline/);
    // Neither page evaluates code from text (app.js: -sDYNAMIC_EXECUTION=0).
    assert.doesNotMatch(csp[1], /'unsafe-eval'/);
    // The app may call one host besides its own, for the Hugging Face look-up the user asks for.
    const connect = /connect-src ([^;]*)/.exec(csp[1]);
    assert.equal(connect?.[1], file === 'index.html' ? "'self' https://huggingface.co" : "'self'");
    for (const m of html.matchAll(/\n<style>([\s\S]*?)<\/style>/g)) {
      const hash = `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`;
      assert.ok(csp[1].includes(hash), `${file}: put ${hash} in style-src (the style element changed)`);
    }
    // index.html's one inline script starts app.wasm's compile and the WebGL context at once.
    const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    assert.equal(inlineScripts.length, file === 'index.html' ? 1 : 0, `${file}: inline scripts`);
    for (const m of inlineScripts) {
      const hash = `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`;
      assert.ok(/script-src ([^;]*)/.exec(csp[1])[1].includes(hash), `${file}: put ${hash} in script-src (the inline script changed)`);
    }
    assert.doesNotMatch(csp[1], /script-src[^;]*'unsafe-inline'/);
    assert.doesNotMatch(html, /\sstyle="/, `${file}: no style attribute`);
  }
});

test('an English first load stays on the origin, obeys its CSP and never fetches the Chinese text', async () => {
  const { ctx, page, errors, requests } = await open();
  await waitForApp(page);
  // When the first frame was drawn, on the clock of the request times (not when waitForApp saw
  // it: on a busy machine that can be late enough to count the precache as the first load).
  const readyAt = await page.evaluate(() => performance.timeOrigin + window.llmSizerReadyAt);
  await page.evaluate(() => navigator.serviceWorker.ready);  // precache done
  const origin = new URL(shared.site.url).origin;
  for (const r of requests) assert.equal(new URL(r.url).origin, origin, `request to ${r.url}`);
  assert.ok(!paths(requests).includes('zh.tsv'), 'an English page does not fetch zh.tsv');
  assert.ok(!paths(requests).some((p) => /\.(otf|ttf|woff2?)$/.test(p)), 'the site serves no font file');
  const sw = requests.find((r) => r.url.endsWith('/sw.js'));
  assert.ok(sw && sw.at >= readyAt - 50, 'the service worker is registered after the first frame');
  assert.equal(paths(requests.filter((r) => r.at <= readyAt)).filter((p) => p === 'app.wasm').length, 1,
               'app.wasm is fetched once before the first frame');
  assert.ok(!paths(requests.filter((r) => r.at <= readyAt)).includes('app.deferred.wasm'),
            'app.deferred.wasm waits for the first frame');
  assert.ok(paths(requests).includes('app.deferred.wasm'), 'app.deferred.wasm follows the first frame');
  // The manifest (and so its 192-px icon) is linked after the first frame (boot.js [7]).
  for (const file of ['manifest.webmanifest', 'icon-192.png']) {
    assert.ok(!paths(requests.filter((r) => r.at <= readyAt - 50)).includes(file), `${file} waits for the first frame`);
  }
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('link[rel=manifest], link[rel=icon], link[rel=apple-touch-icon]')]
                                                .map((l) => `${l.rel} ${l.getAttribute('href')}`)),
                   ['icon icon-32.png', 'manifest manifest.webmanifest', 'apple-touch-icon apple-touch-icon.png']);
  // The state's writers are deferred (main.cpp, persist_if_changed): once they are in, the first
  // visit saves its state and the error boundary gets its reproducing link.
  await page.waitForFunction(() => localStorage.getItem('llm-sizer-state') && location.hash.length > 1 &&
                                   window.Module.llmSizerPage.recovery, null, { timeout: 15000 });
  await page.goto(shared.site.url + 'lite.html#v=1&model=llama-2-7b&weights=fp16&gpu=a100-sxm-80gb');
  await page.waitForFunction(() => window.llmSizerLiteReady === true, null, { timeout: 30000 });
  for (const r of requests) assert.equal(new URL(r.url).origin, origin, `request to ${r.url}`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('switching to Chinese fetches its text once and draws it with the system font; English stays usable meanwhile', async () => {
  const { ctx, page, errors, requests } = await open();
  await waitForApp(page);
  // Hold the text back to see the page in between.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/zh.tsv', async (route) => { await held; await route.continue(); });
  await page.evaluate(() => window.llmSizer.setState({ lang: 'zh' }));
  const since = await page.evaluate(() => window.llmSizer.framesDrawn());
  await page.mouse.move(640, 300);
  await page.waitForFunction((f) => window.llmSizer.framesDrawn() > f, since);
  const waiting = await page.evaluate(() => window.llmSizer.results());
  assert.ok(waiting.memory, 'results are there while the text loads');
  assert.ok((await screenshotVariance(page, 'cjk-font-loading.png')) > 20);
  release();
  await page.waitForResponse((r) => r.url().endsWith('/zh.tsv'));
  // Drawn with the machine's Noto Sans CJK SC through a canvas (fonts/ui_fonts.hpp): the frame's
  // text is Chinese, and no glyph fell back to '?'.
  const text = await waitText(page, '\u6BCF\u5361\u663E\u5B58');  // 每卡显存
  assert.ok(!text.includes('?'.repeat(3)), 'every CJK glyph is in the atlas');
  assert.ok((await screenshotVariance(page, 'cjk-font-loaded.png')) > 20);
  const fromPage = paths(requests.filter((r) => r.page));
  assert.equal(fromPage.filter((p) => p === 'zh.tsv').length, 1);
  assert.ok(!fromPage.some((p) => p.endsWith('.otf')), 'no font file is fetched');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a Chinese first load fetches its text with the app; a failed text or no Chinese font leaves English', async () => {
  const zh = await open({ locale: 'zh-CN' });
  await waitForApp(zh.page);
  // The worker came after that fetch; it caches it too, for the next visit offline.
  const cached = await zh.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100; i++) {
      const keys = await caches.keys();
      const name = keys.find((k) => k.startsWith('llm-sizer-'));
      const files = name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
      if (files.includes('/zh.tsv')) return files;
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  });
  assert.ok(cached, 'zh.tsv is cached for offline use');
  const p = paths(zh.requests);
  assert.ok(p.indexOf('zh.tsv') >= 0 && p.indexOf('zh.tsv') < p.indexOf('app.js') + 4,
            `zh.tsv starts with the app (${p.join(', ')})`);
  assert.equal((await zh.page.evaluate(() => window.llmSizer.getState())).lang, 'zh');
  assert.deepEqual(zh.errors, []);
  await zh.ctx.close();

  const ctx = await shared.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.route('**/zh.tsv', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(shared.site.url);
  await waitForApp(page);
  await page.waitForFunction(() => window.llmSizer.getState().lang === 'en', null, { timeout: 10000 });
  assert.ok(await page.evaluate(() => window.llmSizer.widgetRect('status')), 'a status line explains why');
  await ctx.close();

  // A system without a Chinese font: every CJK character draws as a code point no font has.
  const bare = await shared.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  await bare.addInitScript(() => {
    for (const C of [CanvasRenderingContext2D, OffscreenCanvasRenderingContext2D]) {
      const fill = C.prototype.fillText;
      C.prototype.fillText = function (text, ...rest) {
        return fill.call(this, /[\u2E80-\uFFEF]/.test(text) ? String.fromCodePoint(0x10FFFD) : text, ...rest);
      };
    }
  });
  const noFont = await bare.newPage();
  const noFontErrors = collectErrors(noFont);
  await noFont.goto(shared.site.url);
  await waitForApp(noFont);
  await noFont.waitForFunction(() => window.llmSizer.getState().lang === 'en', null, { timeout: 10000 });
  await waitText(noFont, 'This system has no Chinese font');
  assert.deepEqual(noFontErrors, []);
  await bare.close();
});

// Emscripten's placeholder handler says so on the console when a deferred function is called
// before app.deferred.wasm is instantiated.
function placeholderCalls(page) {
  const calls = [];
  page.on('console', (m) => { if (m.text().startsWith('placeholder function called')) calls.push(m.text()); });
  return calls;
}

test('a page opened from a share link fetches the deferred module with app.wasm', async () => {
  const ctx = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  const calls = placeholderCalls(page);
  const requests = recordRequests(ctx);
  await page.goto(shared.site.url + '#model=llama-3.1-70b&batch=4');
  await waitForApp(page);
  const readyAt = await page.evaluate(() => performance.timeOrigin + window.llmSizerReadyAt);
  const before = paths(requests.filter((r) => r.at <= readyAt));
  assert.ok(before.includes('app.deferred.wasm'), `fetched before the first frame (${before.join(', ')})`);
  assert.equal((await page.evaluate(() => window.llmSizer.getState())).batch, 4, 'the link is read');
  assert.deepEqual(calls, [], 'no deferred function was waited for');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a deferred function called before app.deferred.wasm arrives loads it at once', async () => {
  const ctx = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  const calls = placeholderCalls(page);
  // Hold back the download after the first frame; the synchronous request (xhr) passes.
  await page.route('**/app.deferred.wasm', (route) => {
    if (route.request().resourceType() !== 'xhr') return new Promise(() => {});
    return route.continue();
  });
  await page.goto(shared.site.url);
  await waitForApp(page);
  // Reading a state change is among the deferred functions (app::merge_state).
  await page.evaluate(() => window.llmSizer.setState({ batch: 3 }));
  assert.equal((await page.evaluate(() => window.llmSizer.getState())).batch, 3);
  assert.ok(calls.length > 0, 'the call went through a placeholder');
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Records each webgl2 getContext call (canvas, attributes, whether it created a context, when, at
// which canvas size) and each WebAssembly.compileStreaming call.
async function watchContexts(page) {
  await page.addInitScript(() => {
    window.contextCalls = [];
    const contexts = new Set();
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, attributes) {
      const context = getContext.call(this, type, attributes);
      if (type === 'webgl2') {
        window.contextCalls.push({ canvas: this.id, attributes: JSON.stringify(attributes ?? null),
                                   created: !contexts.has(context), at: performance.now(),
                                   size: [this.width, this.height] });
        contexts.add(context);
      }
      return context;
    };
    window.compileStreamingAt = [];
    const compileStreaming = WebAssembly.compileStreaming;
    WebAssembly.compileStreaming = function (source) {
      window.compileStreamingAt.push(performance.now());
      return compileStreaming.call(WebAssembly, source);
    };
  });
}
const watched = (page) => page.evaluate(() => ({
  calls: window.contextCalls, compiles: window.compileStreamingAt,
  size: [document.getElementById('canvas').width, document.getElementById('canvas').height] }));

test('one WebGL context: boot.js creates it when the app asks, at the app\'s size with its attributes, and app.wasm compiles meanwhile', async () => {
  const ctx = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await watchContexts(page);
  await page.goto(shared.site.url);
  await waitForApp(page);
  const { calls, compiles, size } = await watched(page);
  assert.equal(calls.filter((c) => c.created).length, 1, `one context created: ${JSON.stringify(calls)}`);
  assert.ok(calls.every((c) => c.canvas === 'canvas'), 'on the app\'s canvas, not a probe');
  // The app's own call (GLFW's hints in imgui_app/main.cpp) asks for what boot.js asked for, so the
  // context it is handed is the one it would have created.
  const app = calls[calls.length - 1];
  assert.ok(calls.length >= 2, 'the app asked for its context too');
  const pick = (json) => { const a = JSON.parse(json); return [a.antialias, a.alpha, a.depth, a.stencil]; };
  assert.deepEqual(pick(app.attributes), pick(calls[0].attributes));
  // Created at the size the app draws at (css x dpr), so no resize reallocates its buffer.
  assert.deepEqual(calls[0].size, size, 'the canvas keeps the size it had when its context was created');
  assert.deepEqual(size, [1280, 800]);
  // Streaming compilation (application/wasm), started before the context was created.
  assert.equal(compiles.length, 1, 'app.wasm is compiled with compileStreaming');
  assert.ok(compiles[0] <= calls[0].at, 'the compile starts before the context is created');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('on a phone at two device pixels per CSS pixel, the context is created at the size the app draws at', async () => {
  const ctx = await shared.browser.newContext({ viewport: { width: 400, height: 800 }, deviceScaleFactor: 2 });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await watchContexts(page);
  await page.goto(shared.site.url);
  await waitForApp(page);
  const { calls, size } = await watched(page);
  assert.equal(calls.filter((c) => c.created).length, 1);
  assert.deepEqual(size, [800, 1600]);
  assert.deepEqual(calls[0].size, size);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a browser without WebGL 2 or without WebAssembly gets a plain message, not a blank page', async () => {
  for (const [what, disable, words] of [
    ['WebGL 2', () => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (type, attributes) {
        return type === 'webgl2' ? null : getContext.call(this, type, attributes);
      };
    }, 'cannot create a WebGL 2 canvas'],
    ['WebAssembly', () => { delete window.WebAssembly; }, 'does not support WebAssembly'],
  ]) {
    const ctx = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.addInitScript(disable);
    await page.goto(shared.site.url);
    await page.waitForFunction((w) => document.getElementById('message').textContent.includes(w), words,
                               { timeout: 30000 });
    assert.equal(await page.evaluate(() => document.getElementById('loading').hidden), false, what);
    assert.equal(await page.evaluate(() => window.llmSizerReady === true), false, `${what}: the app never starts`);
    assert.ok(await page.locator('#loading a[href="lite.html"]').isVisible(), `${what}: the plain HTML version is offered`);
    await ctx.close();
  }
});

// imgui_app/main.cpp runs ImGui's two layout passes before the first frame it draws, and the page
// is "ready" after that frame: what a user first sees is already the settled layout, the same
// pixels as a page left to draw as many frames as it likes. A Chinese UI's text is in before the
// app starts (public/boot.js), so its first frame is Chinese, not English that switches.
test('the first frame the page draws is its settled layout, on a desktop, on a phone and in Chinese', async () => {
  for (const [width, height, dpr, locale] of [[1280, 800, 1, 'en-US'], [400, 800, 2, 'en-US'], [1280, 800, 1, 'zh-CN']]) {
    const shots = [];
    for (const firstFrameOnly of [true, false]) {
      const ctx = await shared.browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr, locale });
      const page = await ctx.newPage();
      const errors = collectErrors(page);
      if (firstFrameOnly) {
        await page.addInitScript(() => {  // no frame after the one that made the page ready
          const requestFrame = window.requestAnimationFrame.bind(window);
          window.requestAnimationFrame = (callback) => requestFrame((t) => { if (!window.llmSizerReady) callback(t); });
        });
      }
      await page.goto(shared.site.url);
      // Polled by a timer: a frozen page runs no animation frame after the one that made it ready,
      // and which of the page's and the poll's callbacks comes first in a frame is not fixed.
      await page.waitForFunction(() => window.llmSizerReady === true, null, { timeout: 60000, polling: 50 });
      await page.waitForTimeout(1500);  // the unfrozen page settles and goes idle
      shots.push(await page.screenshot());
      assert.deepEqual(errors, []);
      await ctx.close();
    }
    assert.ok(shots[0].equals(shots[1]), `${width}x${height} ${locale}: the first frame differs from the settled page`);
  }
});

// Shared helpers of the browser tests: serve a folder on a free port, launch Debian's Chromium
// through playwright-core (flags from TOOLCHAIN.md gotcha 5), collect console errors, measure
// whether a screenshot shows anything, and save screenshots under build/screenshots/.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { startServer } from '../../tools/static-server.mjs';
import { sameRect } from './app_widgets.mjs';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const distDir = resolve(repo, process.env.SIZER_DIST || 'dist');
export const screenshotDir = join(repo, 'build', 'screenshots');

// The built site, or a clear failure telling how to build it.
export function requireSite() {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`${distDir}/index.html not found: run cmake --build <web build> --target site`);
  }
  return distDir;
}

export async function serve(folder = requireSite(), base = '/', replies = {}) {
  return startServer(folder, { base, replies });
}

// No GPU here: SwiftShader provides WebGL2. The networking flags keep Chromium from calling out
// into the closed network; playwright gives every launch a fresh temporary profile.
export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    chromiumSandbox: false,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic',
           '--no-first-run', '--disable-background-networking', '--disable-component-update',
           '--disable-sync', '--disable-default-apps', '--no-default-browser-check'],
  });
}

// Console errors and uncaught exceptions of a page, as strings.
export function collectErrors(page) {
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText || '';
    // Navigation aborts in-flight requests; that is not a fault of the page.
    if (!reason.includes('ERR_ABORTED')) errors.push(`request failed: ${request.url()} (${reason})`);
  });
  return errors;
}

// Waits until the ImGui app has drawn its first frame (platform_web.cpp sets llmSizerReady).
// A page that never gets ready says where its start stopped (boot.js's message, whether the
// module loaded, how many frames it drew), so a failure under load can be told apart from a hang.
export async function waitForApp(page, timeout = 60000) {
  try {
    await page.waitForFunction(() => window.llmSizerReady === true, null, { timeout });
  } catch (error) {
    const where = await page.evaluate(() => {
      const loading = document.getElementById('loading');
      const appPage = window.Module?.llmSizerPage;
      return {
        readyState: document.readyState,
        message: document.getElementById('message')?.textContent || '',
        loadingShown: loading ? !loading.hidden : null,
        module: typeof window.Module,
        runtimeReady: Boolean(window.Module?.calledRun),
        pageState: appPage ? { ready: appPage.ready, frames: appPage.frames, failed: appPage.failed || null } : null,
      };
    }).catch((e) => ({ unreadable: e.message }));
    error.message += `\npage when the wait ended: ${JSON.stringify(where)}`;
    throw error;
  }
}

// Waits until an ImGui text field is active and the page's #ime <input> over it has keyboard
// focus (platform_web.cpp, js_ime_place): a key typed before then reaches no field, or the
// field that was active before.
export async function waitForTextEntry(page) {
  await page.waitForFunction(() => {
    const ime = window.Module.llmSizerIme;
    return Boolean(ime && ime.wanted && document.activeElement === ime.input);
  }, null, { timeout: 15000, polling: 50 });
}

// Types `text` into the active text field and waits until the app has taken all of it. ImGui's
// input queue hands each frame one key change and the characters around it, so n characters need
// about 2n frames after the last key event (a burst of keys can arrive between two frames when
// the main thread is idle). A slow machine may fall asleep before that many frames: an empty
// setState wakes it again.
export async function typeText(page, text, options) {
  await waitForTextEntry(page);
  await page.keyboard.type(text, options);
  const since = await page.evaluate(() => window.llmSizer.framesDrawn());
  await page.waitForFunction(([f, k]) => {
    if (window.llmSizer.framesDrawn() >= f + k) return true;
    window.llmSizer.setState({});
    return false;
  }, [since, 2 * text.length + 3], { timeout: 15000, polling: 200 });
}

// Saves a screenshot of the page and returns the variance of its luminance (0 = one flat colour).
export async function screenshotVariance(page, name) {
  const png = await page.screenshot();
  mkdirSync(screenshotDir, { recursive: true });
  writeFileSync(join(screenshotDir, name), png);
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    let sum = 0;
    let sumSquares = 0;
    const n = data.length / 4;
    for (let i = 0; i < data.length; i += 4) {
      const y = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      sum += y;
      sumSquares += y * y;
    }
    const mean = sum / n;
    return sumSquares / n - mean * mean;
  }, png.toString('base64'));
}

// One server for the site and one browser per test file, closed after its tests:
//   const shared = siteAndBrowserForThisFile();  ... shared.browser.newPage(), shared.site.url
export function siteAndBrowserForThisFile() {
  const shared = { site: null, browser: null };
  before(async () => {
    shared.site = await serve();
    shared.browser = await launchBrowser();
  });
  after(async () => {
    await shared.browser?.close();
    shared.site?.server.close();
  });
  return shared;
}

// Waits for a widget's rectangle (rectangles are published while the widget is drawn).
export async function waitRect(page, id) {
  let r = null;
  for (let i = 0; i < 50 && !r; ++i) {
    r = await page.evaluate((w) => window.llmSizer.widgetRect(w), id);
    if (!r) await page.waitForTimeout(100);
  }
  assert.ok(r, `widget ${id} was drawn`);
  return r;
}

// Waits until the app has drawn `n` more frames. The app sleeps when idle, and it may have gone to
// sleep before the wait began (an input's frames over before `since` was read, a result that
// arrived by itself): the wait then lasted its whole timeout (15 s, seen in the Plan screenshots).
// So when no frame has come for a quarter of a second, the app is asked for frames without
// changing anything: frameText() wakes it for a few frames and only reads the next one. A
// shortfall is still not an error (an app that failed draws none).
export async function settle(page, n = 3) {
  const since = await page.evaluate(() => window.llmSizer.framesDrawn());
  await page.waitForFunction(([f, k]) => {
    const drawn = window.llmSizer.framesDrawn();
    if (drawn >= f + k) return true;
    const now = performance.now();
    const last = window.llmSizerSettle;
    if (!last || last.drawn !== drawn) {
      window.llmSizerSettle = { drawn, at: now };
    } else if (now - last.at > 250 && !window.Module.llmSizerPage.failed) {
      window.llmSizerSettle = { drawn, at: now };
      window.llmSizer.frameText();
    }
    return false;
  }, [since, n], { timeout: 15000, polling: 50 }).catch(() => {});
}

// Sets part of the app's state (window.llmSizer.setState) and lets it draw.
export async function setAppState(page, partial) {
  await page.evaluate((p) => window.llmSizer.setState(p), partial);
  await settle(page);
}

// A real mouse click at (x, y): the pointer moves there first, so ImGui sees the hover.
export async function clickAt(page, x, y, options = {}) {
  await page.mouse.move(x - 1, y);
  await page.mouse.move(x, y);
  await settle(page, 2);
  await page.mouse.click(x, y, options);
  await settle(page);
}

// Clicks the widget the app published as `id` (near its left end: labels start there), once it
// holds still (app_widgets.mjs, clickWidget, says why).
export async function clickWidget(page, id, options = {}) {
  for (let i = 0; i < 20; ++i) {
    const r = await waitRect(page, id);
    const x = r.x + Math.min(r.width / 2, 40);
    const y = r.y + r.height / 2;
    await page.mouse.move(x - 1, y);
    await page.mouse.move(x, y);
    await settle(page, 2);
    if (!sameRect(r, await page.evaluate((w) => window.llmSizer.widgetRect(w), id))) continue;
    await page.mouse.click(x, y, options);
    await settle(page);
    return;
  }
  assert.fail(`widget ${id} never held still`);
}

// The text of the next frame the app draws: labels, values and tooltips (not chart ticks).
export async function frameText(page) {
  return page.evaluate(() => window.llmSizer.frameText());
}

// The share-link round trip: waits until the page's link holds `needle`, opens that link in a new
// page of the same context and returns the app's state there.
export async function stateFromLink(page, ctx, shared, needle) {
  await page.waitForFunction((n) => location.hash.includes(n), needle, { timeout: 15000, polling: 200 });
  const hash = await page.evaluate(() => location.hash);
  const other = await ctx.newPage();
  await other.goto(shared.site.url + '?nosw' + hash);
  await waitForApp(other);
  return other.evaluate(() => window.llmSizer.getState());
}

// Waits (up to 60 settled frame pairs) until the drawn frame's text contains `needle`; returns it.
export async function waitText(page, needle) {
  for (let i = 0; i < 60; ++i) {
    const text = await frameText(page);
    if (text.includes(needle)) return text;
    await settle(page, 2);
  }
  assert.fail(`the page never showed "${needle}"`);
}

// Switches the UI language (window.llmSizer.setState) and lets it draw; for Chinese, waits until
// `cjkNeedle` (a label of the view) is drawn, i.e. the CJK font is in.
export async function showLanguage(page, lang, cjkNeedle) {
  await page.evaluate((l) => window.llmSizer.setState({ lang: l }), lang);
  if (lang === 'zh') {
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: 15000 });
    await waitText(page, cjkNeedle);
  }
  await settle(page, 4);
}

// Turns the mouse wheel over the column of `id` until its widget lies between `top` and `bottom`
// (CSS px). When nothing moves (the pointer was over a nested scrolling region, such as the fit
// table, which keeps the wheel) another height is tried; all of them stuck = the end of the range.
export async function scrollIntoView(page, id, top, bottom) {
  const heights = [480, 300, 700, 600];
  let which = 0;
  let stuck = 0;
  let last = null;
  for (let i = 0; i < 60; ++i) {
    const r = await waitRect(page, id);
    if (r.y >= top && r.y + r.height <= bottom) return r;
    if (last !== null && Math.abs(last - r.y) < 1) {
      which = (which + 1) % heights.length;
      if (++stuck > heights.length) return r;
    } else {
      stuck = 0;
    }
    last = r.y;
    await page.mouse.move(r.x + 4, heights[which]);
    await page.mouse.wheel(0, Math.max(-300, Math.min(300, r.y - (top + bottom) / 2)));
    await settle(page, 2);
  }
  return waitRect(page, id);
}

// A fresh context and page at `width` x `height`, the app loaded, its console errors collected.
export async function openApp(shared, { width = 1280, height = 800, colorScheme = 'light' } = {}) {
  const ctx = await shared.browser.newContext({ viewport: { width, height }, colorScheme });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(shared.site.url);
  await waitForApp(page);
  return { page, errors, ctx };
}

// The English the first frame never shows (en-late.tsv: preset questions and answers, the files
// panel, the Plan view; imgui_app/split_string_tables.py) is fetched after the first frame, and
// first visits need none of it before it arrives. A string asked for before then still shows its
// text, never a blank or its key: the app fetches the file synchronously (public/boot.js, [6]).
//   node --test tests/browser/late_strings.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { clickWidget, collectErrors, distDir, screenshotVariance, settle, showLanguage, siteAndBrowserForThisFile, waitForApp, waitText } from './lib.mjs';

const shared = siteAndBrowserForThisFile();

// key -> English of en-late.tsv as the site serves it.
function lateRows() {
  const rows = new Map();
  for (const line of readFileSync(join(distDir, 'en-late.tsv'), 'utf8').split('\n')) {
    const [key, en] = line.split('\t');
    if (key) rows.set(key, en);
  }
  return rows;
}

async function open({ locale = 'en-US', width = 1280, hash = '' } = {}) {
  const ctx = await shared.browser.newContext({ viewport: { width, height: 800 }, locale });
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  const requests = [];
  // The page's own requests (the service worker's precache fetches every file again).
  ctx.on('request', (r) => {
    if (!r.serviceWorker()) requests.push({ path: new URL(r.url()).pathname, at: Date.now() });
  });
  return { ctx, page, errors, requests, go: () => page.goto(shared.site.url + hash) };
}

test('en-late.tsv holds the preset questions, the files panel and the Plan view, not their tabs', () => {
  const rows = lateRows();
  assert.ok(rows.size > 300, `${rows.size} rows`);
  for (const [key, en] of rows) assert.ok(en, `${key} has English`);
  assert.ok([...rows.keys()].some((k) => /^preset\.q\d/.test(k)));
  for (const key of ['preset.menu', 'files.title', 'plan.tab', 'plan.back']) {
    assert.ok(!rows.has(key), `${key} is drawn by the first frame: compiled in`);
  }
});

for (const load of [{ locale: 'en-US', width: 1280 }, { locale: 'en-US', width: 400 }, { locale: 'zh-CN', width: 1280 }]) {
  test(`a first visit (${load.locale}, ${load.width} px) needs no late string before they arrive`, async () => {
    const { ctx, page, errors, requests, go } = await open(load);
    await go();
    await waitForApp(page);
    if (load.locale === 'zh-CN') {
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: 60000 });
    }
    const readyAt = await page.evaluate(() => performance.timeOrigin + window.llmSizerReadyAt);
    await page.waitForFunction(() => performance.getEntriesByName(new URL('en-late.tsv', location.href).href).length > 0,
                               null, { timeout: 30000 });
    await settle(page);
    const late = requests.filter((r) => r.path.endsWith('/en-late.tsv'));
    assert.equal(late.length, 1, 'fetched once');
    assert.ok(late[0].at >= readyAt - 50, 'after the first frame');
    assert.equal(await page.evaluate(() => window.llmSizerLateStringsSync), undefined,
                 'no string was needed before it arrived');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

test('a preset question asked for before en-late.tsv arrives shows its text, fetched at once', async () => {
  const { ctx, page, errors, go } = await open();
  // The download after the first frame fails; the next request (the synchronous one) goes through.
  let refused = 0;
  await page.route('**/en-late.tsv', (route) => (refused++ === 0 ? route.abort('aborted') : route.continue()));
  await go();
  await waitForApp(page);
  await page.waitForFunction(() => window.Module && window.Module.llmSizerDeferredLoaded === true, null, { timeout: 30000 });
  await clickWidget(page, 'presets-open');
  const questions = [...lateRows()].filter(([k]) => /^preset\.q\d.*\.q$/.test(k));
  assert.ok(questions.length > 5);
  const text = await waitText(page, questions[0][1].slice(0, 30));
  const shown = questions.filter(([, en]) => text.includes(en.slice(0, 30)));
  assert.ok(shown.length >= 3, `the menu shows questions in English: ${text.slice(0, 400)}`);
  assert.ok(!/preset\.q\d/.test(text), 'no key is shown');
  assert.equal(refused, 2, 'the failed download, then the synchronous one');
  assert.equal(await page.evaluate(() => window.llmSizerLateStringsSync), 1);
  assert.ok(await screenshotVariance(page, 'late-strings-presets-menu.png') > 10);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the preset menu says so when en-late.tsv (and with it the preset table) cannot be had', async () => {
  const { ctx, page, errors, go } = await open();
  let refused = 0;
  await page.route('**/en-late.tsv', (route) => { refused++; return route.abort('aborted'); });
  await go();
  await waitForApp(page);
  await page.waitForFunction(() => window.Module && window.Module.llmSizerDeferredLoaded === true, null, { timeout: 30000 });
  await clickWidget(page, 'presets-open');
  await waitText(page, 'The questions could not be loaded');
  assert.ok(refused >= 2, 'the download after the first frame, then the synchronous one');
  assert.ok(await screenshotVariance(page, 'late-strings-presets-unavailable-en-1280.png') > 10);
  // The same at 400 px and in Chinese (zh.tsv is not en-late.tsv: it arrives).
  // Escape twice: the first leaves the menu's search field, the second closes the menu.
  const closeMenu = async () => { await page.keyboard.press('Escape'); await settle(page); await page.keyboard.press('Escape'); };
  for (const [lang, width] of [['en', 400], ['zh', 400], ['zh', 1280]]) {
    await closeMenu();
    await page.setViewportSize({ width, height: 800 });
    await showLanguage(page, lang, '问题');
    await clickWidget(page, 'presets-open');
    await waitText(page, lang === 'zh' ? '问题列表' : 'The questions could');
    assert.ok(await screenshotVariance(page, `late-strings-presets-unavailable-${lang}-${width}.png`) > 10);
  }
  // The rest of the page still works: the menu closes.
  await closeMenu();
  await settle(page);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a page that starts from a link fetches en-late.tsv with app.wasm', async () => {
  const { ctx, page, errors, requests, go } = await open({ hash: '#v=1&mode=inference&model=llama-2-7b&gpu=rtx-4090-24gb&weights=fp16' });
  await go();
  await waitForApp(page);
  const readyAt = await page.evaluate(() => performance.timeOrigin + window.llmSizerReadyAt);
  const late = requests.filter((r) => r.path.endsWith('/en-late.tsv'));
  assert.equal(late.length, 1);
  assert.ok(late[0].at <= readyAt, 'before the first frame, with the deferred module');
  assert.equal(await page.evaluate(() => window.llmSizerLateStringsSync), undefined);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Files out and saved work (issue 11): named saved configurations that survive a reload, export
// and import (never overwriting), storage that is corrupted, older or foreign kept aside, the
// report (Markdown to the clipboard, printable page, fit table CSV), Back/Forward through
// committed states and the page title.
//   node --test tests/browser/files_out.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { clickWidget, filesRead, isDrawn, openFilesPanel, settle, state } from './app_widgets.mjs';
import { collectErrors, siteAndBrowserForThisFile, typeText, waitForApp } from './lib.mjs';

const shared = siteAndBrowserForThisFile();
const tmp = mkdtempSync(join(tmpdir(), 'llm-sizer-saved-'));

async function open({ storage = null, width = 1280, height = 800 } = {}) {
  const context = await shared.browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  if (storage) {
    await context.addInitScript((items) => {
      if (sessionStorage.getItem('seeded')) return;  // once, not again on reload
      sessionStorage.setItem('seeded', '1');
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
    }, storage);
  }
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(shared.site.url + '?nosw');
  await waitForApp(page);
  return { page, errors, context };
}

const saved = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('llm-sizer-saved') || 'null'));
const aside = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('llm-sizer-saved-aside') || 'null'));

async function saveCurrent(page, name) {
  await clickWidget(page, 'saved-name');
  await typeText(page, name);
  await clickWidget(page, 'saved-save');
}

async function download(page, widget) {
  const [file] = await Promise.all([page.waitForEvent('download'), clickWidget(page, widget)]);
  const path = join(tmp, file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8'), path };
}

test('a named configuration survives a reload, loads back, renames and deletes', async () => {
  const { page, errors, context } = await open();
  await page.evaluate(() => window.llmSizer.setState({ model: 'llama-2-7b', batch: 8 }));
  await openFilesPanel(page);
  await saveCurrent(page, 'My 7B box');
  const stored = await saved(page);
  assert.equal(stored.schema, 'llm-sizer/saved-work');
  assert.equal(stored.version, 1);
  assert.equal(stored.configs.length, 1);
  assert.equal(stored.configs[0].name, 'My 7B box');
  assert.equal(stored.configs[0].state.batch, 8);

  await page.reload();
  await waitForApp(page);
  await page.evaluate(() => window.llmSizer.setState({ model: 'llama-3.1-8b', batch: 1 }));
  await openFilesPanel(page);
  await clickWidget(page, 'saved-load-0');
  const s = await state(page);
  assert.equal(s.model, 'llama-2-7b');
  assert.equal(s.batch, 8);

  await clickWidget(page, 'saved-rename-0');
  await clickWidget(page, 'saved-rename-text-0');
  await page.keyboard.press('Control+A');
  await typeText(page, 'Renamed box');
  await clickWidget(page, 'saved-rename-ok-0');
  assert.equal((await saved(page)).configs[0].name, 'Renamed box');

  await clickWidget(page, 'saved-delete-0');
  assert.equal((await saved(page)).configs.length, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('export all, then import into an empty browser; importing never overwrites', async () => {
  const first = await open();
  await first.page.evaluate(() => window.llmSizer.setState({ model: 'llama-2-7b', batch: 4 }));
  await openFilesPanel(first.page);
  await saveCurrent(first.page, 'Shared box');
  const exported = await download(first.page, 'saved-export');
  assert.equal(exported.name, 'llm-sizer-saved.json');
  const file = JSON.parse(exported.text);
  assert.equal(file.schema, 'llm-sizer/saved-work');
  assert.equal(file.configs[0].name, 'Shared box');
  assert.deepEqual(first.errors, []);
  await first.context.close();

  const { page, errors, context } = await open();
  await page.setInputFiles('#file-input', exported.path);
  await filesRead(page, 1);
  assert.deepEqual((await saved(page)).configs.map((c) => c.name), ['Shared box']);
  // The same file again: nothing new, nothing replaced.
  await page.setInputFiles('#file-input', exported.path);
  await filesRead(page, 2);
  assert.equal((await saved(page)).configs.length, 1);
  // Same name, different content: kept under a new name.
  file.configs[0].state.batch = 16;
  const changed = join(tmp, 'changed.json');
  writeFileSync(changed, JSON.stringify(file));
  await page.setInputFiles('#file-input', changed);
  await filesRead(page, 3);
  const configs = (await saved(page)).configs;
  assert.deepEqual(configs.map((c) => c.name), ['Shared box', 'Shared box (2)']);
  assert.equal(configs[0].state.batch, 4);
  assert.equal(configs[1].state.batch, 16);
  // The imported configuration loads.
  await openFilesPanel(page);
  await clickWidget(page, 'saved-load-1');
  assert.equal((await state(page)).batch, 16);
  assert.deepEqual(errors, []);
  await context.close();
});

test('corrupted, older and foreign saved data is kept aside, the rest loads, a notice says so', async () => {
  const good = { name: 'Good one', state: { model: 'llama-2-7b', batch: 2 } };
  const bad = { name: 'Broken one', state: { gpuCount: -3 } };
  const cases = [
    ['corrupted', '{"schema": "llm-sizer/saved-work", "version": 1, "configs": [', 0],
    ['older', JSON.stringify({ schema: 'llm-sizer/saved-work', version: 0, configs: [good] }), 0],
    ['foreign', JSON.stringify({ hello: 'another app wrote this' }), 0],
    ['one bad item', JSON.stringify({ schema: 'llm-sizer/saved-work', version: 1, configs: [good, bad] }), 1],
  ];
  for (const [what, text, loads] of cases) {
    const { page, errors, context } = await open({ storage: { 'llm-sizer-saved': text } });
    await openFilesPanel(page);
    assert.ok(await isDrawn(page, 'saved-notice'), `${what}: a notice is shown`);
    const kept = await aside(page);
    assert.ok(Array.isArray(kept) && kept.length === 1, `${what}: one entry set aside`);
    if (loads === 0) assert.equal(kept[0].data, text, `${what}: the original text is kept unchanged`);
    else assert.equal(JSON.parse(kept[0].data).name, 'Broken one');
    assert.equal((await saved(page)).configs.length, loads, `${what}: what did read is stored`);
    if (loads) assert.ok(await isDrawn(page, 'saved-load-0'), `${what}: the good item is listed`);
    assert.deepEqual(errors, [], what);
    await context.close();
  }
});

test('copy report (Markdown), printable page and the fit table as CSV', async () => {
  const { page, errors, context } = await open();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shared.site.url });
  await page.evaluate(() => window.llmSizer.setState({ model: 'llama-2-7b', gpu: 'rtx-4090-24gb', weights: 'fp16' }));
  await openFilesPanel(page);
  await clickWidget(page, 'report-copy');
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(markdown, /^# LLM Sizer report: Llama 2 7B/);
  for (const section of ['## Inputs', '## Verdict', '## Memory per GPU', '## Speed', '## Cost'])
    assert.ok(markdown.includes(section), section);
  assert.match(markdown, /\| Weights \| 1[23]\.\d+ GiB \|/);

  const [popup] = await Promise.all([context.waitForEvent('page'), clickWidget(page, 'report-print')]);
  await popup.waitForLoadState();
  assert.match(await popup.title(), /LLM Sizer report: Llama 2 7B/);
  assert.ok((await popup.locator('table').count()) >= 4);
  await popup.close();

  const csv = await download(page, 'report-csv');
  assert.equal(csv.name, 'llm-sizer-fit-table.csv');
  const lines = csv.text.trim().split('\r\n');
  assert.equal(lines[0].split(',')[0], 'gpu');
  assert.ok(lines.length > 20, 'one row per catalog GPU');
  assert.ok(lines.some((l) => l.startsWith('rtx-4090-24gb,')));
  assert.deepEqual(errors, []);
  await context.close();
});

test('Back and Forward step through committed states; the title names model, hardware and verdict', async () => {
  const { page, errors, context } = await open();
  const commit = async (partial, needle) => {
    await page.evaluate((p) => window.llmSizer.setState(p), partial);
    await page.waitForFunction((n) => location.hash.includes(n), needle, { timeout: 10000, polling: 100 });
  };
  await commit({ model: 'llama-2-7b', batch: 2 }, 'batch=2');
  await commit({ batch: 5 }, 'batch=5');
  await commit({ batch: 7 }, 'batch=7');
  assert.match(await page.title(), /Llama 2 7B · 1× GeForce RTX 4090 · (fits|does not fit)/);
  await page.goBack();
  await page.waitForFunction(() => window.llmSizer.getState().batch === 5, null, { timeout: 10000 });
  await page.goBack();
  await page.waitForFunction(() => window.llmSizer.getState().batch === 2, null, { timeout: 10000 });
  await settle(page, 5);
  await page.goForward();
  await page.waitForFunction(() => window.llmSizer.getState().batch === 5, null, { timeout: 10000 });
  await page.evaluate(() => window.llmSizer.setState({ model: 'llama-3.1-70b', batch: 5 }));
  await page.waitForFunction(() => /Llama 3\.1 70B.*does not fit/.test(document.title), null, { timeout: 10000 });
  assert.deepEqual(errors, []);
  await context.close();
});

// Screenshots of the "Files and saved work" panel (issue 11) at 1280x800 and 400x800 in English
// and Chinese, filled as a user leaves it: a GGUF file read, a vLLM log pasted, two saved
// configurations. Written to build/shots/files-*.png; each must show something (not one colour).
//   node --test tests/browser/files_screenshots.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { clickWidget, filesRead, pasteText, rect, settle } from './app_widgets.mjs';
import { collectErrors, repo, siteAndBrowserForThisFile, typeText, waitForApp } from './lib.mjs';
import { ggufHeader, llamaShapes } from './model_file_writers.mjs';

const shared = siteAndBrowserForThisFile();
const shotDir = join(repo, 'build', 'shots');
const tmp = mkdtempSync(join(tmpdir(), 'llm-sizer-shots-'));

const log = [
  'INFO 05-12 10:00:09 [worker.py:267] the current vLLM instance can use total_gpu_memory (79.19GiB) x gpu_memory_utilization (0.90) = 71.27GiB',
  'INFO 05-12 10:00:09 [worker.py:267] model weights take 14.99GiB; non_torch_memory takes 0.12GiB; PyTorch activation peak memory takes 1.19GiB; the rest of the memory reserved for KV Cache is 54.97GiB.',
  'INFO 05-12 10:00:10 [executor_base.py:112] # cuda blocks: 28143, # CPU blocks: 2048',
  'INFO 05-12 10:00:31 [model_runner.py:1562] Graph capturing finished in 21 secs, took 0.52 GiB',
].join('\n');

// Turns of the wheel that leave the widget where it was before scrollToTop takes the column to
// be at the end of its range: further turns over the same place change nothing (at 1280 px the
// panel's lower widgets never reach the top, and 80 turns took most of this file's time).
const STILL_TURNS = 3;

// Wheels the column under widget `id` until it sits near the top of the column (below the
// header, and on a phone below the summary line), or until the column stops scrolling.
async function scrollToTop(page, id) {
  const top = page.viewportSize().width < 900 ? 250 : 45;
  let lastY = null;
  let still = 0;
  for (let i = 0; i < 80; ++i) {
    const r = await rect(page, id);
    if (r && r.y >= top && r.y <= top + 80) return;
    still = r && lastY !== null && Math.abs(r.y - lastY) < 0.5 ? still + 1 : 0;
    if (still >= STILL_TURNS) return;
    lastY = r ? r.y : null;
    await page.mouse.move(Math.max(5, (r?.x ?? 10) + 2), 500);
    const delta = r ? Math.max(-400, Math.min(400, r.y - top - 40)) : 300;
    await page.mouse.wheel(0, delta);
    await settle(page, 3);
  }
}

async function shot(page, name) {
  mkdirSync(shotDir, { recursive: true });
  const png = await page.screenshot();
  writeFileSync(join(shotDir, name), png);
  return png.length;
}

for (const lang of ['en', 'zh']) {
  for (const [width, height] of [[1280, 800], [400, 800]]) {
    test(`files panel screenshots, ${lang} ${width}x${height}`, async () => {
      const context = await shared.browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(shared.site.url + '?nosw');
      await waitForApp(page);
      await page.evaluate((l) => window.llmSizer.setState({ lang: l, gpu: 'h100-sxm-80gb', engine: 'vllm' }), lang);
      if (lang === 'zh') {
        await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: 15000 });
      }
      const gguf = ggufHeader(llamaShapes(), 'Meta Llama 3.1 8B Instruct');
      const path = join(tmp, `Meta-Llama-3.1-8B-Instruct-F16-${lang}-${width}.gguf`);
      const fd = openSync(path, 'w');
      writeSync(fd, gguf.header);
      ftruncateSync(fd, gguf.fileSize);
      closeSync(fd);
      await page.setInputFiles('#file-input', path);
      await filesRead(page, 1);
      await clickWidget(page, 'files-paste');
      await pasteText(page, log);
      await clickWidget(page, 'files-read');
      await clickWidget(page, 'saved-name');
      await typeText(page, 'H100 vLLM');
      await clickWidget(page, 'saved-save');
      await clickWidget(page, 'saved-save');
      await scrollToTop(page, 'files-header');
      await settle(page, 4);
      assert.ok((await shot(page, `files-${lang}-${width}-import.png`)) > 20000);
      await scrollToTop(page, 'log-figures');
      await settle(page, 4);
      assert.ok((await shot(page, `files-${lang}-${width}-log.png`)) > 20000);
      await scrollToTop(page, 'saved-name');
      await settle(page, 4);
      assert.ok((await shot(page, `files-${lang}-${width}-saved.png`)) > 20000);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// Files in (issue 11): model files read by header only and engine logs, in the ImGui app.
// The model files are generated here (model_file_writers.mjs): a GGUF header followed by ~15 GB
// that exists only as a sparse file on disk or as a Blob repeating one zero block, so a test that
// read the whole file would take minutes and gigabytes; each test checks how many bytes were read.
//   node --test tests/browser/files_in.test.mjs   (after building the `site` target)
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, ftruncateSync, writeSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { clickWidget, filesRead, isDrawn, openFilesPanel, pasteText, settle, state } from './app_widgets.mjs';
import { collectErrors, siteAndBrowserForThisFile, waitForApp } from './lib.mjs';
import { ggufHeader, llamaShapes, safetensorsHeader } from './model_file_writers.mjs';

const shared = siteAndBrowserForThisFile();
const tmp = mkdtempSync(join(tmpdir(), 'llm-sizer-files-'));

async function open(width = 1280, height = 800) {
  const context = await shared.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(shared.site.url + '?nosw');
  await waitForApp(page);
  return { page, errors, context };
}

// The header written at the start of a sparse file of the full size: nothing else hits the disk.
function sparseFile(name, header, fileSize) {
  const path = join(tmp, name);
  const fd = openSync(path, 'w');
  writeSync(fd, header);
  ftruncateSync(fd, fileSize);
  closeSync(fd);
  return path;
}

// Drops files built in the page: [{name, headerBase64, size}] (the rest of each file is a Blob
// that repeats one 64 MiB block of zeros, so no gigabytes are ever allocated).
async function dropFiles(page, files) {
  await page.evaluate((list) => {
    const block = new Blob([new Uint8Array(64 << 20)]);
    const data = new DataTransfer();
    for (const f of list) {
      const head = Uint8Array.from(atob(f.headerBase64), (c) => c.charCodeAt(0));
      const parts = [head];
      let left = f.size - head.length;
      while (left > 0) {
        const n = Math.min(left, 64 << 20);
        parts.push(n === 64 << 20 ? block : block.slice(0, n));
        left -= n;
      }
      data.items.add(new File(parts, f.name));
    }
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
}

test('a picked 15 GB GGUF file becomes a custom model with its exact size; only its header is read', async () => {
  const { page, errors, context } = await open();
  const gguf = ggufHeader(llamaShapes(), 'Test Llama F16');
  const path = sparseFile('test-llama-f16.gguf', gguf.header, gguf.fileSize);
  await page.setInputFiles('#file-input', path);
  const [read] = await filesRead(page, 1);
  assert.equal(read.size, gguf.fileSize);
  assert.ok(read.reads >= 2, `the slice grew past the first 1 MiB (reads: ${read.reads})`);
  assert.ok(read.bytesRead >= gguf.header.length, 'the whole header was read');
  assert.ok(read.bytesRead < 8 * gguf.header.length, `only the header was read (${read.bytesRead} bytes)`);
  const s = await state(page);
  assert.equal(s.fileName, 'test-llama-f16.gguf');
  assert.equal(s.fileKind, 'gguf');
  assert.equal(s.fileParameters, gguf.parameters);
  assert.equal(s.fileWeightsBytes, gguf.weightsBytes);
  assert.equal(s.weights, 'gguf-f16');  // general.file_type 1 = MOSTLY_F16
  assert.equal(typeof s.model, 'object', 'a custom architecture, not a catalog id');
  assert.equal(s.model.arch.hiddenSize, 4096);
  assert.equal(s.model.arch.numLayers, 32);
  // Kept in the share link and in storage.
  await page.waitForFunction((p) => location.hash.includes('ui.fileParameters=' + p), gguf.parameters,
                             { timeout: 10000 });
  await page.reload();
  await waitForApp(page);
  const again = await state(page);
  assert.equal(again.fileParameters, gguf.parameters);
  assert.equal(again.fileWeightsBytes, gguf.weightsBytes);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a dropped 15 GB safetensors file and its config.json: exact size from the header, shapes from the config', async () => {
  const { page, errors, context } = await open();
  const st = safetensorsHeader(llamaShapes());
  const config = {
    architectures: ['LlamaForCausalLM'], model_type: 'llama', hidden_size: 4096, num_hidden_layers: 32,
    num_attention_heads: 32, num_key_value_heads: 8, intermediate_size: 14336, vocab_size: 128256,
    max_position_embeddings: 8192, torch_dtype: 'bfloat16', tie_word_embeddings: false,
  };
  const configBase64 = Buffer.from(JSON.stringify(config)).toString('base64');
  await dropFiles(page, [
    { name: 'model.safetensors', headerBase64: Buffer.from(st.header).toString('base64'), size: st.fileSize },
    { name: 'config.json', headerBase64: configBase64, size: Buffer.byteLength(JSON.stringify(config)) },
  ]);
  const [header, cfg] = await filesRead(page, 2);
  assert.equal(header.size, st.fileSize);
  assert.ok(header.bytesRead < 4 << 20, `only the header was read (${header.bytesRead} of ${st.fileSize} bytes)`);
  assert.equal(cfg.name, 'config.json');
  const s = await state(page);
  assert.equal(s.fileKind, 'safetensors');
  assert.equal(s.fileParameters, st.parameters);
  assert.equal(s.fileWeightsBytes, st.weightsBytes);
  assert.equal(s.weights, 'bf16');
  assert.equal(s.model.arch.numHeads, 32);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a truncated GGUF file gets a clear message and changes nothing', async () => {
  const { page, errors, context } = await open();
  const before = await state(page);
  const gguf = ggufHeader(llamaShapes({ layers: 2, vocab: 1000 }));
  // The file ends inside its tensor table: a download cut short.
  const cut = gguf.header.slice(0, Math.floor(gguf.header.length * 0.6));
  writeFileSync(join(tmp, 'cut.gguf'), cut);
  await page.setInputFiles('#file-input', join(tmp, 'cut.gguf'));
  await filesRead(page, 1);
  assert.deepEqual(await state(page), before);
  assert.ok(await isDrawn(page, 'files-message'), 'the panel opened itself and shows the message');
  // Random bytes named .gguf: the same.
  writeFileSync(join(tmp, 'noise.gguf'), Buffer.from('not a model file at all, just text\n'.repeat(50)));
  await page.setInputFiles('#file-input', join(tmp, 'noise.gguf'));
  await filesRead(page, 2);
  assert.deepEqual(await state(page), before);
  assert.deepEqual(errors, []);
  await context.close();
});

const vllmLog = [
  'INFO 05-12 10:00:01 [__init__.py:239] Automatically detected platform cuda.',
  'INFO 05-12 10:00:09 [worker.py:267] Memory profiling takes 4.21 seconds',
  'INFO 05-12 10:00:09 [worker.py:267] the current vLLM instance can use total_gpu_memory (23.65GiB) x gpu_memory_utilization (0.85) = 20.10GiB',
  'INFO 05-12 10:00:09 [worker.py:267] model weights take 14.99GiB; non_torch_memory takes 0.08GiB; PyTorch activation peak memory takes 1.19GiB; the rest of the memory reserved for KV Cache is 3.84GiB.',
  'INFO 05-12 10:00:10 [executor_base.py:112] # cuda blocks: 1966, # CPU blocks: 2048',
].join('\n');

test('a pasted vLLM log shows its figures and calibrates the engine reserve, which lands in the link', async () => {
  const { page, errors, context } = await open();
  await openFilesPanel(page);
  await clickWidget(page, 'files-paste');
  await pasteText(page, vllmLog);
  await clickWidget(page, 'files-read');
  assert.ok(await isDrawn(page, 'log-figures'), 'the figures table is shown');
  await clickWidget(page, 'log-offer-apply-0');
  const s = await state(page);
  assert.ok(Math.abs(s.assumptions.engineReserveFraction - 0.15) < 1e-9,
            `engineReserveFraction = 1 - 0.85 (got ${s.assumptions?.engineReserveFraction})`);
  await page.waitForFunction(() => /assumptions\.engineReserveFraction=0\.15/.test(location.hash), null,
                             { timeout: 10000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('text that is no known log or model file changes nothing', async () => {
  const { page, errors, context } = await open();
  const before = await state(page);
  await openFilesPanel(page);
  await clickWidget(page, 'files-paste');
  await pasteText(page, 'hello\nthis is not a log\n{ neither is this');
  await clickWidget(page, 'files-read');
  assert.ok(await isDrawn(page, 'files-message'));
  assert.deepEqual(await state(page), before);
  assert.deepEqual(errors, []);
  await context.close();
});

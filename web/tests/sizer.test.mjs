// Node tests of the JS contract of sizer.mjs (node --test web/tests/).
// The module is found through SIZER_WEB_BUILD (default build/web/web, the `web` preset's output).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const buildDir = resolve(repo, process.env.SIZER_WEB_BUILD || 'build/web/web');
const modulePath = join(buildDir, 'sizer.mjs');
if (!existsSync(modulePath)) {
  throw new Error(`${modulePath} not found: build target sizer_module or set SIZER_WEB_BUILD`);
}
const sizer = await (await import(pathToFileURL(modulePath).href)).default();

// The calibration requests: the repo copy, or the shared reference folder beside the repo.
const calibrationFile = [
  process.env.SIZER_CALIBRATION_REQUESTS,
  join(repo, 'tests/validation/data/calibration-requests.jsonl'),
].find((p) => p && existsSync(p));

// Every number in a result, with its path; nulls are allowed, NaN and Infinity are not.
function nonFinitePaths(value, path = '') {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [path];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => nonFinitePaths(v, `${path}.${k}`));
  }
  return [];
}

test('7B at FP16: Llama 2 7B has 6,738,415,616 parameters and 13.48 GB of weights', () => {
  const r = sizer.estimate({ model: 'llama-2-7b', weights: 'fp16', gpu: 'a100-sxm-80gb' });
  assert.equal(r.params.total, 6738415616);  // HF safetensors index of meta-llama/Llama-2-7b-hf
  assert.equal(r.memory.weightsBytes, 6738415616 * 2);  // same value as the native build
  assert.equal(r.memory.fits, true);
  assert.equal(r.request.model, 'llama-2-7b');
  assert.ok(r.inference.decodeTokensPerSecond > 0);
  assert.equal(typeof r.bottleneckSentence, 'string');
});

test('invalid input throws an Error naming the field', () => {
  assert.throws(() => sizer.estimate({ weights: 'q4' }), (e) => {
    assert.ok(e instanceof Error);
    assert.match(e.message, /^weights: unknown format 'q4'; try .*gguf-q4_k_m/);
    return true;
  });
  assert.throws(() => sizer.estimate({ gpuCount: -1 }), { message: /^gpuCount: must be an integer/ });
  assert.throws(() => sizer.estimate('{not json'), { message: /^request: not valid JSON$/ });
  assert.throws(() => sizer.estimate({ batch: NaN }), { message: /^batch: must be an integer/ });  // NaN -> null
  assert.throws(() => sizer.assumptions('tgi'), { message: /^engine: unknown value 'tgi'/ });
  assert.throws(() => sizer.importHfConfig({}), Error);
  const deep = '['.repeat(100000) + ']'.repeat(100000);
  assert.throws(() => sizer.estimate(deep), { message: 'request: nested deeper than 64 levels' });
  assert.equal(sizer.estimate({ model: 'llama-2-7b' }).params.total, 6738415616);  // still usable
});

test('unknown request fields come back as warnings', () => {
  const r = sizer.estimate({ model: 'llama-2-7b', colour: 'red' });
  assert.ok(r.warnings.includes('colour: unknown field, ignored'));
});

test('every calibration request is accepted and gives finite numbers or null', (t) => {
  if (!calibrationFile) {
    t.skip('calibration-requests.jsonl not found (set SIZER_CALIBRATION_REQUESTS)');
    return;
  }
  const rows = readFileSync(calibrationFile, 'utf8').split('\n').filter((l) => l.trim());
  let checked = 0;
  for (const line of rows) {
    const row = JSON.parse(line);
    if (!row.request) continue;  // rows marked "skip" carry no request
    const result = sizer.estimate(row.request);
    assert.deepEqual(nonFinitePaths(result), [], row.row_id);
    checked += 1;
  }
  assert.ok(checked >= 100, `only ${checked} requests checked`);
});

test('the catalogs list GPUs, models and formats as plain objects', () => {
  const gpus = sizer.listGpus();
  const h100 = gpus.find((g) => g.id === 'h100-sxm-80gb');
  assert.ok(h100, 'h100-sxm-80gb listed');
  assert.equal(h100.memoryBandwidthGbPerS, 3350);  // NVIDIA H100 SXM datasheet: 3.35 TB/s
  const llama = sizer.listModels().find((m) => m.id === 'llama-2-7b');
  assert.equal(llama.hiddenSize, 4096);
  assert.equal(llama.params.total, 6738415616);
  const formats = sizer.listFormats();
  assert.equal(formats.find((f) => f.id === 'fp16').bitsPerWeight, 16);
  assert.ok(formats.find((f) => f.id === 'gguf-q4_k_m').bitsPerWeight > 4.5);
});

test('a share link round-trips the request and the UI state', () => {
  const request = sizer.normalizeRequest({
    mode: 'training', model: 'llama-2-7b', training: { method: 'lora', loraTargets: ['q', 'v'] },
  }).request;
  const fragment = sizer.encodeShareLink(request, { lang: 'zh', theme: 'dark' });
  assert.match(fragment, /^v=1&/);
  assert.match(fragment, /training\.method=lora/);
  const decoded = sizer.decodeShareLink('#' + fragment);
  assert.equal(decoded.ok, true);
  assert.deepEqual(decoded.errors, []);
  assert.deepEqual(decoded.request, request);
  assert.deepEqual(decoded.ui, { lang: 'zh', theme: 'dark' });
  const bad = sizer.decodeShareLink('model=llama-2-7b&batch=%ZZ&colour=red');
  assert.equal(bad.request.model, 'llama-2-7b');
  assert.equal(bad.errors.length, 2);
});

test('an HF config imports as an arch usable in a request', () => {
  const { arch } = sizer.importHfConfig({
    architectures: ['LlamaForCausalLM'], model_type: 'llama', hidden_size: 4096,
    intermediate_size: 11008, num_attention_heads: 32, num_hidden_layers: 32,
    num_key_value_heads: 32, vocab_size: 32000, max_position_embeddings: 4096,
    tie_word_embeddings: false, torch_dtype: 'float16',
  });
  assert.equal(arch.hiddenSize, 4096);
  const r = sizer.estimate({ model: { arch } });
  assert.equal(r.params.total, 6738415616);  // the same architecture as Llama 2 7B
});

test('the fit table has one row per catalog GPU and the assumptions table has values', () => {
  const rows = sizer.fitTable({ model: 'llama-2-70b', weights: 'fp16' });
  assert.equal(rows.length, sizer.listGpus().length);
  const h100 = rows.find((r) => r.gpu === 'h100-sxm-80gb');
  assert.ok(h100.gpus >= 2, '140 GB of weights need at least two 80 GB cards');
  const table = sizer.assumptions('vllm');
  const decode = table.find((a) => a.key === 'decodeBandwidthEfficiency');
  assert.ok(decode.value > 0 && decode.value <= 1);
});

// Node tests of Core v2's JS contract: the declaration file matches real output key for key, and
// the domain rules (layouts, sweeps, calibration, hosts, implied formats, unknown prices) are
// reachable from JavaScript and agree with the single estimate.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const buildDir = resolve(repo, process.env.SIZER_WEB_BUILD || 'build/web/web');
const sizer = await (await import(pathToFileURL(join(buildDir, 'sizer.mjs')).href)).default();

// The top-level keys an interface of web/sizer.d.ts declares (`key?: type;`), found by matching
// its braces, so nested object types (Request.host) do not leak their keys.
function declaredKeys(name) {
  const text = readFileSync(join(repo, 'web/sizer.d.ts'), 'utf8').replace(/\/\/.*$/gm, '');
  const start = new RegExp(`export interface ${name}\\b[^{]*\\{`).exec(text);
  assert.ok(start, `interface ${name} not found in web/sizer.d.ts`);
  const keys = new Map();  // key -> optional
  let depth = 1, token = '';
  for (let i = start.index + start[0].length; i < text.length && depth > 0; i++) {
    const c = text[i];
    if (c === '{' || c === '<' || c === '(') depth++;
    else if (c === '}' || c === '>' || c === ')') depth--;
    if ((depth === 1 && (c === ';' || c === '\n')) || depth === 0) {
      const k = /^\s*([A-Za-z0-9_]+)(\?)?\s*:/.exec(token);
      if (k) keys.set(k[1], k[2] === '?');
      token = '';
    } else if (depth === 1) {
      token += c;
    }
  }
  return keys;
}

// Every key of `object` is declared, and every required declared key is present.
function sameKeys(object, name, extra = []) {
  const declared = declaredKeys(name);
  for (const k of extra) declared.set(k, false);
  declared.delete('base');  // input-only: start a custom record from a catalog entry
  const actual = Object.keys(object);
  assert.deepEqual(actual.filter((k) => !declared.has(k)), [], `${name}: undeclared keys`);
  const missing = [...declared].filter(([k, optional]) => !optional && !actual.includes(k));
  assert.deepEqual(missing.map(([k]) => k), [], `${name}: declared keys missing from output`);
}

test('every key of real output is declared in web/sizer.d.ts, and nothing more', () => {
  const r = sizer.estimate({ model: 'llama-3-8b', gpu: 'h100-sxm-80gb' }, { explain: true });
  const numbers = ['memory', 'params', 'inference', 'training', 'cost', 'energy', 'bottleneck'];
  sameKeys(r, 'Result', numbers);
  sameKeys(r.memory, 'Memory');
  sameKeys(r.params, 'Params');
  sameKeys(r.inference, 'Inference');
  sameKeys(r.training, 'Training');
  sameKeys(r.cost, 'Cost');
  sameKeys(r.energy, 'Energy');
  sameKeys(r.rulesOfThumb[0], 'RuleOfThumb');
  sameKeys(sizer.fitTable({ model: 'llama-3-8b' })[0], 'FitRow');
  sameKeys(sizer.listGpus()[0], 'Gpu');
  sameKeys(sizer.listModels()[0], 'Arch', ['params']);
  sameKeys(sizer.listFormats()[0], 'Format');
  sameKeys(sizer.listHosts()[0], 'Host');
  sameKeys(sizer.assumptions('vllm')[0], 'Assumption');
  const l = sizer.layouts({ model: 'llama-3-70b', gpuCount: 8 });
  sameKeys(l, 'Layouts');
  sameKeys(l.layouts[0], 'Layout');
  sameKeys(sizer.calibrate({}, 'decodeTokensPerSecond', 40), 'Calibration');
  const s = sizer.sweep({}, 'batch', [1]);
  sameKeys(s, 'Sweep');
  sameKeys(s.points[0], 'SweepPoint', numbers);
  // Every request key the reader accepts is declared (normalizeRequest writes them all).
  const n = sizer.normalizeRequest({ assumptions: { linkEfficiency: 0.5 } }).request;
  sameKeys(n, 'Request');
  sameKeys(n.training, 'TrainingRequest');
});

test('explanations come only when asked, and never change a number', () => {
  const req = { model: 'llama-3-70b', gpu: 'h100-sxm-80gb', gpuCount: 4, tensorParallel: 4 };
  const plain = sizer.estimate(req);
  const explained = sizer.estimate(req, { explain: true });
  assert.deepEqual(plain.formulas, {});
  assert.equal(plain.bottleneckSentence, '');
  assert.ok(Object.keys(explained.formulas).length > 20);
  assert.ok(explained.bottleneckSentence.length > 20);
  for (const group of ['memory', 'params', 'inference', 'training', 'cost']) {
    assert.deepEqual(plain[group], explained[group], group);
  }
  assert.throws(() => sizer.estimate(req, { explain: 'yes' }), /options.explain/);
});

test('estimateMany answers each request, and a bad one in place', () => {
  const out = sizer.estimateMany([{ batch: 1 }, { batch: 0 }, { batch: 8 }]);
  assert.equal(out.length, 3);
  assert.equal(out[0].inference.maxBatch, sizer.estimate({ batch: 1 }).inference.maxBatch);
  assert.match(out[1].error, /^requests\[1\]: batch/);
  assert.equal(out[2].inference.throughputTokensPerSecond,
               sizer.estimate({ batch: 8 }).inference.throughputTokensPerSecond);
  assert.throws(() => sizer.estimateMany('x'), /requests: must be a list/);
});

test('a sweep equals one estimate per value; the batch curve carries its own limit', () => {
  const req = { model: 'llama-3-8b', gpu: 'h100-sxm-80gb', promptTokens: 2048 };
  const s = sizer.sweep(req, 'batch', [1, 16, 256]);
  for (const p of s.points) {
    const one = sizer.estimate({ ...req, batch: p.value });
    assert.equal(p.inference.throughputTokensPerSecond, one.inference.throughputTokensPerSecond);
    assert.equal(p.memory.perGpuBytes, one.memory.perGpuBytes);
  }
  const curve = sizer.batchCurve(req);
  assert.equal(curve.maxBatch, sizer.estimate(req).inference.maxBatch);
  assert.ok(curve.points.some((p) => p.value === curve.maxBatch));
  assert.throws(() => sizer.sweep(req, 'hiddenSize', [1]), /cannot be swept/);
});

test('layouts come from the core: TP inside the node, MLA takes any head divisor', () => {
  const l = sizer.layouts({ model: 'llama-3-70b', gpu: 'h100-sxm-80gb', gpuCount: 8 });
  assert.deepEqual(l.tensorDegrees, [1, 2, 4, 8]);
  assert.equal(l.default.tensorParallel, 8);
  assert.equal(l.layouts.length, 10);
  const v3 = sizer.layouts({ model: 'deepseek-v3', gpuCount: 8 });
  assert.deepEqual(v3.tensorDegrees, [1, 2, 4, 8]);
});

test('"I measured X" calibration is reachable from JavaScript', () => {
  const req = { model: 'llama-3.1-8b', gpu: 'rtx-4090-24gb', promptTokens: 1 };
  const c = sizer.calibrate(req, 'decodeTokensPerSecond', 40);
  assert.equal(c.ok, true);
  assert.equal(c.key, 'decodeBandwidthEfficiency');
  const fitted = sizer.estimate({ ...req, assumptions: { [c.key]: c.value } });
  assert.ok(Math.abs(fitted.inference.decodeTokensPerSecond - 40) < 0.1);
  assert.equal(sizer.calibrate(req, 'decodeTokensPerSecond', -1).errorId, 'positive');
  assert.throws(() => sizer.calibrate(req, 'watts', 1), /measurement: unknown value/);
});

test('QLoRA with no weight format means NF4 with double quantization, and says so', () => {
  const r = sizer.estimate({ mode: 'training', model: 'llama-2-7b', training: { method: 'qlora' } });
  assert.equal(r.request.weights, 'bnb-nf4-dq');
  assert.ok(r.warnings.some((w) => /^weights: not given; QLoRA uses bnb-nf4-dq/.test(w)));
  // The frozen 7B base is about 3.9 GB in NF4, not 13.5 GB in FP16.
  assert.ok(r.memory.weightsBytes < 5e9, `${r.memory.weightsBytes}`);
});

test('an unknown price is null with a reason, never 0', () => {
  // The RTX 4090 has GPU-cloud and marketplace prices but none from a hyperscaler.
  const r = sizer.estimate({ gpu: 'rtx-4090-24gb', cost: { basis: 'hyperscaler' } });
  assert.equal(r.cost.priceKnown, false);
  assert.equal(r.cost.usdPerHour, null);
  assert.equal(r.cost.usdPerMillionTokens, null);
  assert.match(r.cost.unknownReason, /no hyperscaler price for GeForce RTX 4090/);
  assert.ok(r.cost.purchaseUsd > 0);  // owning it is still priced
  assert.ok(r.cost.breakEvenMonths === null || r.cost.breakEvenMonths > 0);
  const rented = sizer.estimate({ gpu: 'rtx-4090-24gb' });
  assert.equal(rented.cost.basis, 'gpu-cloud');
  assert.ok(rented.cost.usdPerGpuHour > 0 && rented.cost.provider.length > 0);
  const row = sizer.fitTable({ model: 'llama-3-8b', cost: { basis: 'hyperscaler' } })
    .find((x) => x.gpu === 'rtx-4090-24gb');
  assert.equal(row.priceKnown, false);
  assert.equal(row.usdPerHour, null);
  assert.ok(row.gpuSecondsPerMillionTokens > 0);
});

test('the fit table picks the layout with the lowest cost per token: 70B BF16 on L4 is TP8', () => {
  const row = sizer.fitTable({ model: 'llama-3-70b', weights: 'bf16' }).find((x) => x.gpu === 'l4-24gb');
  assert.equal(row.gpus, 8);
  assert.equal(row.tensorParallel, 8);
  assert.equal(row.pipelineParallel, 1);
});

test('absurd assumptions are errors naming the field, not faster results', () => {
  assert.throws(() => sizer.estimate({ assumptions: { decodeBandwidthEfficiency: 0 } }),
                /assumptions.decodeBandwidthEfficiency: must be above 0 and at most 1/);
  assert.throws(() => sizer.estimate({ assumptions: { decodeBandwidthEfficiency: 5 } }),
                /must be above 0 and at most 1/);
});

test('a safetensors header read from its first bytes gives exact parameters and bytes', () => {
  const header = JSON.stringify({
    'model.embed_tokens.weight': { dtype: 'BF16', shape: [1000, 64], data_offsets: [0, 128000] },
    'lm_head.weight': { dtype: 'BF16', shape: [1000, 64], data_offsets: [128000, 256000] },
  });
  const bytes = new Uint8Array(8 + header.length);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(header.length), true);
  bytes.set(new TextEncoder().encode(header), 8);
  const r = sizer.importModelFile(bytes, 'model.safetensors', bytes.length + 256000);
  assert.equal(r.status, 'ok');
  assert.equal(r.kind, 'safetensors');
  assert.equal(r.exact.parameters, 128000);
  assert.equal(r.exact.weightsBytes, 256000);
  sameKeys(r, 'ModelFile');
  // Only the first 100 bytes: the reader asks for the rest of the header.
  const part = sizer.importModelFile(bytes.slice(0, 100), 'model.safetensors', bytes.length + 256000);
  assert.equal(part.status, 'needs-more-bytes');
  assert.ok(part.bytesNeeded >= 8 + header.length);
  assert.throws(() => sizer.importModelFile('x', 'a.gguf'), /bytes: must be a Uint8Array/);
});

test('a pasted vLLM log gives its KV cache size with the line it came from', () => {
  const log = 'INFO 05-01 gpu_model_runner.py:1234] Model loading took 14.99 GiB\n' +
              'INFO 05-01 kv_cache_utils.py:716] GPU KV cache size: 452,512 tokens\n';
  const r = sizer.parseLog(log);
  sameKeys(r, 'EngineLog');
  const kv = r.figures.find((f) => /kv/i.test(f.key));
  assert.ok(kv, JSON.stringify(r.figures));
  assert.equal(kv.value, 452512);
  assert.equal(kv.line, 2);
  sameKeys(kv, 'LogFigure');
});

test('a plan that does not fit shows no speed or cost, and says why', () => {
  const r = sizer.estimate({ model: 'llama-3.1-405b', weights: 'bf16', gpu: 'h100-sxm-80gb' });
  assert.equal(r.memory.fits, false);
  assert.ok(r.memory.firstReason.length > 10);
  assert.equal(r.inference.decodeTokensPerSecond, null);
  assert.equal(r.inference.ttftSeconds, null);
  assert.equal(r.cost.usdPerHour, null);
  assert.ok(r.memory.perGpuBytes > 80e9);
});

test('sizer.plan serves 70B at 5 requests/s within TTFT p90 2 s and 20 tokens/s per user', () => {
  const started = process.cpuUsage();
  const r = sizer.plan({
    model: 'llama-3.1-70b', engine: 'vllm', promptTokens: 2048, outputTokens: 256,
    targets: { requestsPerSecond: 5, ttftP90Seconds: 2, tokensPerSecondPerUser: 20 },
    constraints: { vendors: ['NVIDIA'], consumer: false, maxGpus: 16 }, maxPlans: 5,
  });
  const cpuMs = (process.cpuUsage(started).user + process.cpuUsage(started).system) / 1000;
  assert.ok(cpuMs > 0);
  sameKeys(r, 'PlanResult');
  assert.ok(r.plans.length > 0 && r.plans.length <= 5);
  const best = r.plans[0];
  sameKeys(best, 'PlanRow', ['request', 'estimate']);
  assert.ok(best.ttftP90Seconds <= 2 && best.tokensPerSecondPerUser >= 20, best.reason);
  assert.ok(best.usdPerMillionTokens > 0);
  assert.match(best.reason, /^Cheapest per token/);
  // The plan's request reproduces it through estimate().
  const again = sizer.estimate(best.request);
  assert.equal(again.memory.fits, true);
  assert.equal(again.request.gpu, best.gpu);
  assert.deepEqual(best.estimate.memory, again.memory);
  for (const i of r.paretoCostLatency) assert.ok(i >= 0 && i < r.plans.length);
  assert.ok(r.stats.evaluated > 0 && r.stats.milliseconds >= 0);
});

test('sizer.plan names a bad target or constraint', () => {
  assert.throws(() => sizer.plan({ targets: { ttftP90Seconds: 'soon' } }), /targets\.ttftP90Seconds/);
  assert.throws(() => sizer.plan({ constraints: { gpus: ['h1000'] } }), /constraints\.gpus/);
  assert.throws(() => sizer.plan('{'), /request/);
  const training = sizer.plan({
    mode: 'training', model: 'llama-65b', training: { tokens: 1e8 },
    constraints: { gpus: ['v100-sxm2-32gb'], maxGpus: 4, methods: ['full', 'lora', 'qlora'] },
  });
  assert.ok(training.plans.length > 0);
  assert.ok(training.plans.every((p) => p.method === 'qlora'));
  assert.ok(training.unpricedGpus.includes('v100-sxm2-32gb'));
  assert.equal(training.plans[0].totalUsd, null);  // no price on the basis: null, never 0
});

// The core's speed from JavaScript (wasm, JSON in and out), under Node: estimate() for the bench
// scenarios of bench/bench_estimate.cpp, fitTable() over the whole catalog, and estimateMany()
// per request. Usage: node tools/bench-wasm.mjs [build/web/web]
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = resolve(process.argv[2] ?? 'build/web/web');
const sizer = await (await import(pathToFileURL(join(dir, 'sizer.mjs')).href)).default();

const inference = {
  model: 'llama-3-8b', weights: 'bf16', gpu: 'h100-sxm-80gb', engine: 'vllm',
  batch: 16, promptTokens: 2048, outputTokens: 512,
};
const training = {
  mode: 'training', model: 'llama-3.1-70b', weights: 'bf16', gpu: 'h100-sxm-80gb',
  gpuCount: 32, nodes: 4, training: { zeroStage: 3, recompute: 'full' },
};

// Median of `rounds` timings of `reps` calls, in microseconds of this process's CPU time per call
// (CPU time, not wall time, so other work on a shared machine does not inflate the figure).
function time(fn, reps, rounds = 7) {
  for (let i = 0; i < reps; i++) fn();  // warm up (JIT, wasm tier-up)
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.cpuUsage();
    for (let i = 0; i < reps; i++) fn();
    const t = process.cpuUsage(t0);
    samples.push((t.user + t.system) / reps);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const rows = [
  ['sizer.estimate() inference (JSON in and out)', time(() => sizer.estimate(inference), 2000)],
  ['sizer.estimate() training (JSON in and out)', time(() => sizer.estimate(training), 2000)],
  ['sizer.estimate() inference, explain: true', time(() => sizer.estimate(inference, { explain: true }), 1000)],
  ['sizer.fitTable() inference, 70B', time(() => sizer.fitTable({ ...inference, model: 'llama-3-70b' }), 30)],
  ['sizer.fitTable() training', time(() => sizer.fitTable(training), 30)],
];
const serving = {
  model: 'llama-3.1-70b', engine: 'vllm', promptTokens: 2048, outputTokens: 256,
  targets: { requestsPerSecond: 5, ttftP90Seconds: 2, tokensPerSecondPerUser: 20 },
};
const fineTune = {
  mode: 'training', model: 'llama-3.1-8b', weights: 'bf16',
  training: { tokens: 1e10, recompute: 'full' }, targets: { deadlineHours: 48 },
};
rows.push(['sizer.plan() serving 70B at 5 req/s, whole catalog', time(() => sizer.plan(serving), 5, 5)]);
rows.push(['sizer.plan() full fine-tune 8B, whole catalog', time(() => sizer.plan(fineTune), 3, 3)]);
const many = Array.from({ length: 256 }, (_, i) => ({ ...inference, batch: i + 1 }));
rows.push(['sizer.estimateMany() per request (256 per call)', time(() => sizer.estimateMany(many), 5) / many.length]);
rows.push(['sizer.sweep() per point (batch 1..256)',
           time(() => sizer.sweep(inference, 'batch', many.map((r) => r.batch)), 5) / many.length]);

console.log(`${'figure'.padEnd(52)} ${'CPU us/call'.padStart(12)}`);
for (const [name, us] of rows) console.log(`${name.padEnd(52)} ${us.toFixed(1).padStart(12)}`);
// Evaluations per second inside one plan() call (the search's own count over its CPU time).
for (const [name, request] of [['serving 70B', serving], ['fine-tune 8B', fineTune]]) {
  const t0 = process.cpuUsage();
  const r = sizer.plan(request);
  const t = process.cpuUsage(t0);
  const seconds = (t.user + t.system) / 1e6;
  console.log(`sizer.plan() ${name}: ${r.stats.evaluated} evaluations, ${r.stats.pruned} pruned, ` +
              `${(r.stats.evaluated / seconds / 1e3).toFixed(0)}k evaluations/s, ` +
              `search ${r.stats.milliseconds.toFixed(1)} ms wall`);
}

// Node tests of issue 14's JS surface: CPU-only inference (gpu "cpu" and the host's CPU), images
// for vision-language models, llama.cpp mmap and ZeRO-Infinity on NVMe, through sizer.mjs.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const buildDir = resolve(repo, process.env.SIZER_WEB_BUILD || 'build/web/web');
const modulePath = join(buildDir, 'sizer.mjs');
if (!existsSync(modulePath)) throw new Error(`${modulePath} not found: build the web preset`);
const sizer = await (await import(pathToFileURL(modulePath).href)).default();

test('gpu "cpu": the host preset is the device, with its RAM, bandwidth and INT8 peak', () => {
  const hosts = sizer.listHosts();
  const epyc = hosts.find((h) => h.id === 'ddr5-12ch-1536');
  assert.equal(epyc.cpu, 'EPYC 9654');
  assert.equal(epyc.cpuCores, 96);
  const r = sizer.estimate({
    model: 'llama-3.1-8b', weights: 'gguf-q4_k_m', engine: 'llama.cpp', gpu: 'cpu',
    host: { id: 'ddr5-12ch-1536' }, promptTokens: 512, outputTokens: 128,
  });
  assert.equal(r.request.gpu, 'cpu');
  assert.equal(r.memory.capacityBytes, 1536 * 2 ** 30);
  assert.ok(Math.abs(r.peakFlops - epyc.cpuInt8Tops * 1e12) < 1);
  assert.equal(r.bottleneck, 'memory-bandwidth');
  assert.ok(r.inference.decodeTokensPerSecond > 0);
  // The echoed request reproduces the estimate.
  const again = sizer.estimate(r.request);
  assert.equal(again.inference.decodeTokensPerSecond, r.inference.decodeTokensPerSecond);
  assert.throws(() => sizer.estimate({ gpu: 'cpu', gpuCount: 2 }), /gpuCount/);
  assert.throws(() => sizer.estimate({ gpu: 'cpu', mode: 'training' }), /inference only/);
  assert.throws(() => sizer.estimate({ gpu: 'cpu', host: { cpuInt8Tops: 'fast' } }), /host\.cpuInt8Tops/);
});

test('images: Qwen2.5-VL tokens per image join the prompt, the encoder joins the TTFT', () => {
  const base = { model: 'qwen2.5-vl-7b', gpu: 'h100-sxm-80gb', engine: 'vllm', promptTokens: 200 };
  const text = sizer.estimate(base);
  const two = sizer.estimate({ ...base, images: 2, imageWidth: 1024, imageHeight: 1024 });
  assert.equal(two.inference.imageTokensPerSequence, 2 * 37 * 37);
  assert.ok(two.inference.visionEncoderSeconds > 0);
  assert.ok(two.inference.ttftSeconds > text.inference.ttftSeconds);
  assert.equal(two.params.vision, 676550144);
  assert.throws(() => sizer.estimate({ ...base, images: -1 }), /images/);
});

test('NVMe: mmap past the RAM and ZeRO-Infinity report the drive bytes', () => {
  const mapped = sizer.estimate({
    model: 'llama-3.1-70b', weights: 'gguf-q4_k_m', engine: 'llama.cpp', gpu: 'cpu',
    host: { id: 'ddr4-dual' }, mmapWeights: true,
  });
  assert.equal(mapped.memory.fits, true);
  assert.ok(mapped.memory.nvmeBytes > 0);
  const zero = sizer.estimate({
    model: 'llama-3.1-70b', gpu: 'a100-sxm-80gb', gpuCount: 8, mode: 'training',
    training: { zeroStage: 3, offload: true, offloadParams: true, offloadNvme: true, recompute: 'full' },
    host: { id: 'ddr5-8ch-512' },
  });
  assert.ok(zero.memory.nvmeBytes > zero.memory.hostRamBytes);
  assert.throws(() => sizer.estimate({ mode: 'training', training: { offloadNvme: true } }),
                /training\.offloadNvme/);
});

test('plan(): a fixed tensor-parallel degree holds in every plan', () => {
  const r = sizer.plan({
    model: 'llama-3.1-70b', engine: 'vllm', promptTokens: 2048, outputTokens: 256,
    targets: { requestsPerSecond: 1 },
    constraints: { gpus: ['h100-sxm-80gb', 'a100-sxm-80gb'], tensorParallel: 4 },
  });
  assert.ok(r.plans.length > 0);
  for (const p of r.plans) assert.equal(p.tensorParallel, 4);
});

// Types of sizer.mjs, written by hand (Emscripten 3.1.6 has no --emit-tsd).
// Usage: const sizer = await (await import('./sizer.mjs')).default();
// Every function is synchronous once the module has loaded. Invalid input throws an Error whose
// message names the field and the accepted values, e.g.
//   "weights: unknown format 'q4'; try gguf-q4_k_m, gguf-q4_0, ..., int4, ..."

/** Number format ids: fp32 fp16 bf16 fp8 int8 int4, gguf-*, gptq-*, awq-*, bnb-*, fp8-e4m3-*, ... */
export type FormatId = string;

/** A custom architecture (the "arch" object); every field optional, missing ones are 0/false. */
export interface Arch {
  base?: string;  // start from this catalog model, then apply the other fields
  id?: string; name?: string; family?: string; hfRepo?: string; modelType?: string;
  weightsDtype?: string; source?: string; notes?: string;
  hiddenSize?: number; numLayers?: number; numHeads?: number; numKvHeads?: number;
  headDim?: number; intermediateSize?: number; vocabSize?: number;
  maxPositionEmbeddings?: number; normsPerLayer?: number; slidingWindow?: number;
  localGlobalPeriod?: number; globalLayersPerPeriod?: number; numExperts?: number;
  expertsPerToken?: number; numSharedExperts?: number; moeIntermediateSize?: number;
  sharedExpertIntermediateSize?: number; firstKDenseLayers?: number; moeLayerPeriod?: number;
  kvLoraRank?: number; qLoraRank?: number; qkRopeHeadDim?: number; qkNopeHeadDim?: number;
  vHeadDim?: number; officialParamsB?: number; officialActiveParamsB?: number;
  tieWordEmbeddings?: boolean; mlpGated?: boolean; attentionBias?: boolean;
  attentionOutBias?: boolean; mlpBias?: boolean; layerNormWithBias?: boolean; qkNorm?: boolean;
  learnedPositionEmbeddings?: boolean;
  attention?: 'standard' | 'mla';
}

/** A GPU: catalog entries carry every field; a custom one may give any subset. */
export interface Gpu {
  base?: string;  // start from this catalog GPU
  id?: string; vendor?: string; name?: string; architecture?: string; year?: number;
  memoryGb?: number;             // a custom card of N GB reports N GiB unless memoryCapacityBytes is set
  memoryCapacityBytes?: number;
  memoryType?: string; memoryBandwidthGbPerS?: number; fp32Tflops?: number;
  fp16TensorTflops?: number; bf16TensorTflops?: number; fp8TensorTflops?: number;
  int8TensorTops?: number; fp4TensorTflops?: number; interconnect?: string;
  interconnectGbPerSBidirectional?: number; hasNvlink?: boolean;
  pcieGbPerSUnidirectional?: number; tdpW?: number; datacenter?: boolean;
  supportsBf16?: boolean; supportsFp8?: boolean; supportsFlashAttention2?: boolean;
  launchPriceUsd?: number; cloudUsdPerGpuHour?: number; source?: string; notes?: string;
}

export interface TrainingRequest {
  method?: 'full' | 'lora' | 'qlora';                          // default full
  optimizer?: 'adamw' | 'adamw-8bit' | 'sgd' | 'adafactor';    // default adamw
  loraRank?: number;                                           // default 16
  loraTargets?: Array<'q' | 'k' | 'v' | 'o' | 'gate' | 'up' | 'down'>;  // default all seven
  seqLen?: number;            // default 2048
  microBatch?: number;        // default 1
  gradAccumulation?: number;  // default 1
  recompute?: 'none' | 'selective' | 'full';  // default none
  flashAttention?: boolean;   // default true
  zeroStage?: 0 | 1 | 2 | 3;  // default 0
  offload?: boolean;          // optimizer states in CPU RAM (ZeRO-Offload); default false
  offloadParams?: boolean;    // parameters in CPU RAM (ZeRO-Infinity); default false
  mixedPrecision?: boolean;   // default true
  tokens?: number;            // tokens to train on; default 1e9
}

/** Every field is optional; unknown fields are ignored and reported in result.warnings. */
export interface Request {
  mode?: 'inference' | 'training';  // default inference
  model?: string | { hfConfig: object } | { arch: Arch };  // default "llama-3-8b"
  weights?: FormatId;               // default fp16
  kvCache?: FormatId;               // default fp16 (fp32 fp16 bf16 fp8 int8 int4)
  gpu?: string | Gpu;               // default "rtx-4090-24gb"
  gpuCount?: number;                // total GPUs; default 1
  nodes?: number;                   // default 1; GPUs per node = gpuCount / nodes
  tensorParallel?: number;          // default 1
  pipelineParallel?: number;        // default 1
  dataParallel?: number;            // default 0 = gpuCount / (tensor * pipeline)
  sequenceParallel?: boolean;       // default false
  batch?: number;                   // concurrent sequences; default 1
  promptTokens?: number;            // default 512
  outputTokens?: number;            // default 256
  engine?: 'generic' | 'vllm' | 'llama.cpp' | 'transformers';  // default generic
  gpuLayers?: number;               // layers kept on the GPU (llama.cpp -ngl); default -1 = all
  kvInHostMemory?: boolean;         // default false
  host?: { id?: string; ramGB?: number; bandwidthGBs?: number };  // default 64 GB, 89.6 GB/s
  interNodeGBs?: number;            // per GPU, one direction; default 50 (InfiniBand NDR)
  assumptions?: Record<string, number>;  // keys from assumptions(engine)
  training?: TrainingRequest;
}

export interface Memory {
  perGpuBytes: number; weightsBytes: number; kvCacheBytes: number; activationBytes: number;
  gradientBytes: number; optimizerBytes: number; overheadBytes: number; reserveBytes: number;
  capacityBytes: number; headroomBytes: number; totalBytes: number; hostRamBytes: number;
  fits: boolean; firstReason: string;
}

/** Numbers that cannot be computed are null, never NaN. */
export type Num = number | null;

export interface Result {
  request: Request;  // the normalized request the result was computed from
  memory: Memory;
  params: { total: Num; active: Num; embedding: Num; lmHead: Num; attention: Num; mlp: Num; norms: Num };
  inference: {
    ttftSeconds: Num; prefillTokensPerSecond: Num; decodeTokensPerSecond: Num;
    throughputTokensPerSecond: Num; decodeStepSeconds: Num; kvCacheBytesPerToken: Num;
    weightsReadBytesPerStep: Num; kvReadBytesPerStep: Num; communicationSecondsPerStep: Num;
    maxBatch: number; maxContextTokens: number; throughputAtMaxBatch: Num;
    decodeArithmeticIntensity: Num; prefillArithmeticIntensity: Num; endToEndSeconds: Num;
  };
  training: {
    flopsPerToken: Num; totalFlops: Num; stepSeconds: Num; computeSecondsPerStep: Num;
    communicationSecondsPerStep: Num; tokensPerStep: Num; tokensPerSecond: Num; totalHours: Num;
    gpuHours: Num; mfu: Num; trainableParams: Num; communicationShare: Num;
  };
  cost: { usdPerHour: Num; usdPerMillionTokens: Num; totalUsd: Num; priceKnown: boolean };
  bottleneck: 'memory-capacity' | 'memory-bandwidth' | 'compute' | 'communication' | 'host-offload';
  bottleneckSentence: string;
  ridgePointFlopsPerByte: Num;
  peakFlops: Num;
  rulesOfThumb: Array<{ id: string; label: string; valueBytes: Num; detailedBytes: Num; whyDifferent: string }>;
  formulas: Record<string, string>;  // keyed by result path, e.g. "memory.weightsBytes"
  warnings: string[];
}

export interface FitRow {
  gpu: string; gpus: number; perGpuBytes: Num; capacityBytes: Num; tokensPerSecond: Num;
  usdPerHour: Num; usdPerMillionTokens: Num; bottleneck: Result['bottleneck'];
}

export interface Format {
  id: FormatId; family: string; name: string; bitsPerWeight: number; block: string;
  computeDtype: string; keepsEmbeddings16bit: boolean; usableForKvCache: boolean;
  source: string; notes: string;
}

export interface Assumption { key: string; label: string; unit: string; source: string; value: Num }

export interface Sizer {
  listGpus(): Array<Required<Omit<Gpu, 'base'>>>;
  listModels(): Array<Required<Omit<Arch, 'base'>> & { params: { total: number; active: number } }>;
  listFormats(): Format[];
  estimate(request: Request | string): Result;
  /** One row per catalog GPU: fewest cards that fit, speed and cost. */
  fitTable(request: Request | string): FitRow[];
  /** The assumption table with each key's default under `engine` (default "generic"). */
  assumptions(engine?: Request['engine']): Assumption[];
  /** The complete request (every field explicit) that the core reads from `request`. */
  normalizeRequest(request: Request | string): { request: Request; warnings: string[] };
  /** "v=1&key=value&..." without the leading '#'. */
  encodeShareLink(request: Request | string, ui?: Record<string, string | number | boolean>): string;
  /** Never throws: rejected keys are listed in errors; ok is false when nothing was usable. */
  decodeShareLink(fragment: string): { ok: boolean; request: Request; ui: Record<string, string>; errors: string[] };
  /** A Hugging Face config.json (object or text) as an arch object for {model: {arch}}. */
  importHfConfig(config: object | string): { arch: Arch; warnings: string[] };
}

declare function createSizer(overrides?: object): Promise<Sizer>;
export default createSizer;

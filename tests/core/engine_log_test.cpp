// Engine logs: lines written in the engines' own formats (the format strings quoted in
// core/src/engine_log.cpp) give their figures with line numbers; unknown or unreadable lines give
// nothing.
#include "sizer/engine_log.hpp"

#include <catch2/catch.hpp>
#include <string>

using sizer::EngineLog;
using sizer::LogFigure;
using sizer::parse_engine_log;

namespace {

// The first figure with `key` (and `label` when given); fails the test when there is none.
const LogFigure& figure(const EngineLog& log, const std::string& key,
                        const std::string& label = std::string()) {
  for (const LogFigure& f : log.figures) {
    if (f.key == key && (label.empty() || f.label == label)) return f;
  }
  FAIL("no figure " << key << " [" << label << "]");
  static const LogFigure none;
  return none;
}

int count(const EngineLog& log, const std::string& key) {
  int n = 0;
  for (const LogFigure& f : log.figures) n += f.key == key ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("a vLLM V1 start-up log gives weights, KV cache size and concurrency", "[engine-log]") {
  const EngineLog log = parse_engine_log(
      "INFO 05-26 21:33:58 [__init__.py:239] Automatically detected platform cuda.\n"
      "(EngineCore_0 pid=4242) INFO 05-26 21:34:02 [gpu_model_runner.py:2007] Model loading took "
      "15.2683 GiB and 4.113042 seconds\n"
      "(VllmWorker TP1 pid=4244) INFO 05-26 21:34:02 [gpu_model_runner.py:2007] Model loading "
      "took 15.2683 GiB and 4.120001 seconds\n"
      "INFO 05-26 21:34:10 [gpu_worker.py:276] Available KV cache memory: 54.37 GiB\r\n"
      "INFO 05-26 21:34:12 [kv_cache_utils.py:1710] GPU KV cache size: 396,928 tokens\n"
      "INFO 05-26 21:34:12 [kv_cache_utils.py:1711] Maximum concurrency for 131,072 tokens per "
      "request: 3.03x\n"
      "\x1b[32mINFO\x1b[0m 05-26 21:34:14 [gpu_model_runner.py:6243] Graph capturing finished in "
      "2 secs, took 0.11 GiB\n");
  CHECK(log.engine == "vllm");
  const LogFigure& weights = figure(log, "vllm.weights_memory");
  CHECK(weights.value == Approx(15.2683));
  CHECK(weights.unit == "GiB");
  CHECK(weights.line_number == 2);
  CHECK(weights.line_text.rfind("(EngineCore_0 pid=4242) INFO", 0) == 0);
  CHECK(count(log, "vllm.weights_memory") == 1);  // the TP1 copy is the same figure
  CHECK(figure(log, "vllm.kv_cache_memory").value == Approx(54.37));
  const LogFigure& tokens = figure(log, "vllm.kv_cache_tokens");
  CHECK(tokens.value == 396928);
  CHECK(tokens.unit == "tokens");
  CHECK(tokens.line_number == 5);
  const LogFigure& concurrency = figure(log, "vllm.max_concurrency");
  CHECK(concurrency.value == Approx(3.03));
  CHECK(concurrency.unit == "x");
  CHECK(concurrency.label == "131072 tokens per request");
  CHECK(figure(log, "vllm.max_model_len").value == 131072);
  CHECK(figure(log, "vllm.cuda_graph_memory").value == Approx(0.11));
  CHECK(log.figures.size() == 6);
}

TEST_CASE("a vLLM V0 log gives the profiling breakdown and block counts", "[engine-log]") {
  const EngineLog log = parse_engine_log(
      "INFO 01-30 03:18:12 model_runner.py:1115] Loading model weights took 12.5523 GB\n"
      "INFO 03-21 20:15:45 [worker.py:267] the current vLLM instance can use total_gpu_memory "
      "(79.19GiB) x gpu_memory_utilization (0.90) = 71.27GiB\n"
      "INFO 03-21 20:15:45 [worker.py:267] model weights take 12.55GiB; non_torch_memory takes "
      "0.16GiB; PyTorch activation peak memory takes 2.38GiB; the rest of the memory reserved for "
      "KV Cache is 56.18GiB.\n"
      "INFO 03-21 20:15:46 [executor_base.py:111] # cuda blocks: 7191, # CPU blocks: 512\n"
      "INFO 03-21 20:15:46 [executor_base.py:116] Maximum concurrency for 8192 tokens per "
      "request: 14.04x\n"
      "INFO 01-30 03:19:14 kv_cache_utils.py:395] # GPU blocks: 1381\n");
  CHECK(log.engine == "vllm");
  CHECK(figure(log, "vllm.weights_memory").value == Approx(12.5523));  // "GB" = bytes / 2^30
  CHECK(figure(log, "vllm.total_gpu_memory").value == Approx(79.19));
  CHECK(figure(log, "vllm.gpu_memory_utilization").value == Approx(0.90));
  CHECK(figure(log, "vllm.non_torch_memory").value == Approx(0.16));
  CHECK(figure(log, "vllm.activation_peak_memory").value == Approx(2.38));
  CHECK(figure(log, "vllm.kv_cache_memory").value == Approx(56.18));
  CHECK(figure(log, "vllm.gpu_blocks").value == 7191);
  CHECK(figure(log, "vllm.cpu_blocks").value == 512);
  CHECK(count(log, "vllm.gpu_blocks") == 2);
  CHECK(figure(log, "vllm.max_concurrency").value == Approx(14.04));
}

TEST_CASE("an SGLang log gives weights, the KV pool and the token budget", "[engine-log]") {
  const EngineLog log = parse_engine_log(
      "[2025-08-13 14:34:24 TP0] Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, "
      "avail mem=16.00 GB, mem usage=7.08 GB.\n"
      "[2025-08-13 14:34:24 TP1] Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, "
      "avail mem=16.00 GB, mem usage=7.08 GB.\n"
      "[2025-08-13 14:34:25 TP0] KV Cache is allocated. #tokens: 298447, K size: 5.69 GB, V size: "
      "5.69 GB\n"
      "[2025-08-13 14:34:25 TP0] max_total_num_tokens=298447, chunked_prefill_size=2048, "
      "max_prefill_tokens=16384, max_running_requests=3730, context_len=40960, "
      "available_gpu_mem=2.10 GB\n"
      "[2025-03-08 12:29:28 TP0] Capture cuda graph end. Time elapsed: 7.23 s. mem usage=0.93 GB. "
      "avail mem=0.53 GB.\n"
      "[2025-11-04 05:27:13 DP0 TP0 EP0] KV Cache is allocated. #tokens: 524288, KV size: 17.16 "
      "GB\n");
  CHECK(log.engine == "sglang");
  CHECK(figure(log, "sglang.weights_memory").value == Approx(7.08));
  CHECK(count(log, "sglang.weights_memory") == 1);
  CHECK(figure(log, "sglang.available_memory_after_weights").value == Approx(16.0));
  CHECK(figure(log, "sglang.kv_cache_tokens").value == 298447);
  CHECK(figure(log, "sglang.k_cache_memory").value == Approx(5.69));
  CHECK(figure(log, "sglang.v_cache_memory").value == Approx(5.69));
  CHECK(figure(log, "sglang.kv_cache_memory", "K + V").value == Approx(11.38));
  CHECK(figure(log, "sglang.max_total_num_tokens").value == 298447);
  CHECK(figure(log, "sglang.max_running_requests").value == 3730);
  CHECK(figure(log, "sglang.context_len").value == 40960);
  CHECK(figure(log, "sglang.available_memory").value == Approx(2.10));
  CHECK(figure(log, "sglang.cuda_graph_memory").value == Approx(0.93));
  CHECK(count(log, "sglang.kv_cache_tokens") == 2);  // the MLA pool line too
  CHECK(figure(log, "sglang.kv_cache_memory").value == Approx(11.38));
  CHECK(count(log, "sglang.kv_cache_memory") == 2);
}

TEST_CASE("a llama.cpp log gives buffers, offload, GPU name and speeds", "[engine-log]") {
  const EngineLog log = parse_engine_log(
      "ggml_cuda_init: found 1 CUDA devices:\n"
      "  Device 0: NVIDIA GeForce RTX 4090, compute capability 8.9, VMM: yes\n"
      "llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 4090) - 23008 MiB "
      "free\n"
      "print_info: file size   = 4.58 GiB (4.89 BPW) \n"
      "print_info: model params     = 8.03 B\n"
      "load_tensors: offloading 32 repeating layers to GPU\n"
      "load_tensors: offloaded 33/33 layers to GPU\n"
      "load_tensors:        CUDA0 model buffer size =  4403.49 MiB\n"
      "load_tensors:   CPU_Mapped model buffer size =   281.81 MiB\n"
      "llama_context:  CUDA_Host  output buffer size =     0.49 MiB\n"
      "llama_kv_cache_unified:      CUDA0 KV buffer size =  1024.00 MiB\n"
      "llama_kv_cache_unified: size = 1024.00 MiB (  8192 cells,  32 layers,  1/1 seqs), K (f16): "
      " 512.00 MiB, V (f16):  512.00 MiB\n"
      "llama_context:      CUDA0 compute buffer size =   560.00 MiB\n"
      "llama_context:  CUDA_Host compute buffer size =    24.01 MiB\n"
      "llama_perf_context_print: prompt eval time =     123.45 ms /    12 tokens (   10.29 ms per "
      "token,    97.21 tokens per second)\n"
      "llama_perf_context_print:        eval time =    1234.56 ms /   127 runs   (    9.72 ms per "
      "token,   102.87 tokens per second)\n");
  CHECK(log.engine == "llama.cpp");
  const LogFigure& gpu = figure(log, "gpu_name");
  CHECK(gpu.label == "NVIDIA GeForce RTX 4090");
  CHECK(gpu.line_number == 2);
  CHECK(count(log, "gpu_name") == 1);  // the "using device" line names the same device
  CHECK(figure(log, "llama_cpp.device_free_memory", "CUDA0").value == 23008);
  CHECK(figure(log, "llama_cpp.model_size").value == Approx(4.58));
  CHECK(figure(log, "llama_cpp.model_size").unit == "GiB");
  CHECK(figure(log, "llama_cpp.bits_per_weight").value == Approx(4.89));
  CHECK(figure(log, "llama_cpp.model_params").value == Approx(8.03));
  CHECK(figure(log, "llama_cpp.model_params").unit == "B");
  CHECK(figure(log, "llama_cpp.offloaded_layers").value == 33);
  CHECK(figure(log, "llama_cpp.offloadable_layers").value == 33);
  CHECK(figure(log, "llama_cpp.model_buffer", "CUDA0").value == Approx(4403.49));
  CHECK(figure(log, "llama_cpp.model_buffer", "CPU_Mapped").value == Approx(281.81));
  CHECK(figure(log, "llama_cpp.kv_buffer", "CUDA0").value == 1024);
  CHECK(figure(log, "llama_cpp.kv_cache_memory").value == 1024);
  CHECK(figure(log, "llama_cpp.kv_cache_cells").value == 8192);
  CHECK(figure(log, "llama_cpp.compute_buffer", "CUDA0").value == 560);
  CHECK(figure(log, "llama_cpp.compute_buffer", "CUDA_Host").value == Approx(24.01));
  CHECK(count(log, "llama_cpp.compute_buffer") == 2);  // not the output buffer
  CHECK(figure(log, "llama_cpp.prompt_tokens_per_second").value == Approx(97.21));
  CHECK(figure(log, "llama_cpp.prompt_tokens_per_second").label == "12 tokens");
  CHECK(figure(log, "llama_cpp.eval_tokens_per_second").value == Approx(102.87));
  CHECK(figure(log, "llama_cpp.eval_tokens_per_second").label == "127 runs");
}

TEST_CASE("older llama.cpp and llama-server lines are read too", "[engine-log]") {
  const EngineLog log = parse_engine_log(
      "llm_load_print_meta: model size       = 3.56 GiB (4.54 BPW) \n"
      "llm_load_tensors: offloaded 20/33 layers to GPU\n"
      "llm_load_tensors:        CUDA0 buffer size =  2163.56 MiB\n"
      "llama_kv_cache_init:      CUDA0 KV buffer size =   256.00 MiB\n"
      "llama_new_context_with_model: KV self size  =  256.00 MiB, K (f16):  128.00 MiB, V (f16):  "
      "128.00 MiB\n"
      "llama_new_context_with_model:      CUDA0 compute buffer size =    70.50 MiB\n"
      "prompt eval time =     456.78 ms /   100 tokens (    4.57 ms per token,   218.92 tokens per "
      "second)\n"
      "       eval time =    5678.90 ms /   512 tokens (   11.09 ms per token,    90.16 tokens per "
      "second)\n"
      "      total time =    6135.68 ms /   612 tokens\n");
  CHECK(figure(log, "llama_cpp.model_size").value == Approx(3.56));
  CHECK(figure(log, "llama_cpp.offloaded_layers").value == 20);
  CHECK(figure(log, "llama_cpp.offloadable_layers").value == 33);
  CHECK(figure(log, "llama_cpp.model_buffer", "CUDA0").value == Approx(2163.56));
  CHECK(figure(log, "llama_cpp.kv_cache_memory").value == 256);
  CHECK(figure(log, "llama_cpp.compute_buffer", "CUDA0").value == Approx(70.5));
  CHECK(figure(log, "llama_cpp.prompt_tokens_per_second").value == Approx(218.92));
  CHECK(figure(log, "llama_cpp.eval_tokens_per_second").value == Approx(90.16));
  CHECK(figure(log, "llama_cpp.eval_tokens_per_second").label == "512 tokens");
}

TEST_CASE("a llama-bench table gives pp and tg rates with their spread", "[engine-log]") {
  const EngineLog log = parse_engine_log(
      "| model                          |       size |     params | backend    | ngl | fa |  "
      "        test |                  t/s |\n"
      "| ------------------------------ | ---------: | ---------: | ---------- | --: | -: | "
      "------------: | -------------------: |\n"
      "| llama 8B Q4_K - Medium         |   4.58 GiB |     8.03 B | CUDA       |  99 |  1 |   "
      "      pp512 |     11221.13 \xC2\xB1 40.06 |\n"
      "| llama 8B Q4_K - Medium         |   4.58 GiB |     8.03 B | CUDA       |  99 |  1 |   "
      "      tg128 |        150.34 \xC2\xB1 0.53 |\n"
      "| llama 8B Q4_K - Medium         |   4.58 GiB |     8.03 B | CUDA       |  99 |  1 | "
      "pp512 @ d4096 |      8123.00 \xC2\xB1 12.00 |\n"
      "| llama 8B Q4_K - Medium         |   4.58 GiB |     8.03 B | CUDA       |  99 |  1 |   "
      "pp512+tg128 |       1234.50 \xC2\xB1 3.25 |\n"
      "\n"
      "build: 8a9b0c1d (5000)\n");
  CHECK(log.engine == "llama-bench");
  const std::string row = " | llama 8B Q4_K - Medium | CUDA | ngl 99";
  const LogFigure& pp = figure(log, "llama_bench.pp_tokens_per_second", "pp512" + row);
  CHECK(pp.value == Approx(11221.13));
  CHECK(pp.unit == "tokens/s");
  CHECK(pp.line_number == 3);
  CHECK(figure(log, "llama_bench.pp_tokens_per_second_stddev", "pp512" + row).value ==
        Approx(40.06));
  CHECK(figure(log, "llama_bench.tg_tokens_per_second", "tg128" + row).value == Approx(150.34));
  CHECK(figure(log, "llama_bench.pp_tokens_per_second", "pp512 @ d4096" + row).value ==
        Approx(8123.0));
  CHECK(figure(log, "llama_bench.pp_tg_tokens_per_second").value == Approx(1234.5));
  CHECK(figure(log, "llama_bench.model_size").value == Approx(4.58));
  CHECK(figure(log, "llama_bench.model_params").unit == "B");
  CHECK(count(log, "llama_bench.model_size") == 1);
}

TEST_CASE("unknown, unreadable and hostile lines give nothing", "[engine-log][malformed]") {
  CHECK(parse_engine_log("").figures.empty());
  CHECK(parse_engine_log("").engine.empty());
  const EngineLog log = parse_engine_log(
      "INFO:     Started server process [123]\n"
      "GPU KV cache size: lots of tokens\n"
      "Maximum concurrency for 8192 tokens per request: many\n"
      "Model loading took 15 seconds\n"
      "| not | a | bench | table |\n"
      "| 1.0 | 2.0 | 3.0 | 4.0 |\n"
      "offloaded 33 layers to GPU\n"
      "Device 0 is busy\n"
      "eval time = fast\n"
      "llama_kv_cache: size = big MiB\n"
      "\x01\x02\xff\xfe binary \x1b[ no terminator");
  CHECK(log.figures.empty());
  CHECK(log.warnings.empty());

  // A 100 KiB line is skipped with a warning; the lines around it still count.
  const std::string long_line(100 * 1024, 'x');
  const EngineLog mixed = parse_engine_log("GPU KV cache size: 1,024 tokens\n" + long_line +
                                           "\nGPU KV cache size: 2,048 tokens\n");
  CHECK(count(mixed, "vllm.kv_cache_tokens") == 2);
  CHECK(figure(mixed, "vllm.kv_cache_tokens").value == 1024);
  CHECK(mixed.figures.back().line_number == 3);
  REQUIRE(mixed.warnings.size() == 1);
  CHECK(mixed.warnings[0].find("64 KiB") != std::string::npos);

  // Numbers too long to be real, and commas that are not thousands separators.
  const EngineLog numbers = parse_engine_log(
      "GPU KV cache size: 1,02 tokens\n"
      "GPU KV cache size: " +
      std::string(400, '9') + " tokens\n");
  CHECK(numbers.figures.empty());
}

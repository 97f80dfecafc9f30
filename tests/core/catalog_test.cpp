// The compiled-in catalogs: every reference id present, the structured columns filled, and the
// corrected figures from gpus-notes.md (A10 125 not 312, L4 121 not 302, RTX 4090 165/330 not 83).
#include "sizer/catalog.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "../../core/src/csv.hpp"

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kMiB = 1024.0 * 1024.0;

// The ids of the reference GPU and format tables core/data was built from (the public contract;
// docs/DATA.md).
const std::vector<std::string> kReferenceGpuIds = {
    "v100-pcie-16gb",
    "v100-pcie-32gb",
    "v100-sxm2-16gb",
    "v100-sxm2-32gb",
    "t4-16gb",
    "a10-24gb",
    "a10g-24gb",
    "a16-16gb-per-gpu",
    "a30-24gb",
    "a40-48gb",
    "a100-pcie-40gb",
    "a100-pcie-80gb",
    "a100-sxm-40gb",
    "a100-sxm-80gb",
    "a800-sxm-80gb",
    "a800-pcie-80gb",
    "h100-pcie-80gb",
    "h100-sxm-80gb",
    "h100-nvl-94gb",
    "h800-sxm-80gb",
    "h20-96gb",
    "h200-sxm-141gb",
    "h200-nvl-141gb",
    "gh200-96gb",
    "gh200-144gb",
    "b100-sxm-192gb",
    "b200-sxm-180gb",
    "gb200-per-gpu-186gb",
    "b300-sxm-288gb",
    "gb300-per-gpu-288gb",
    "l4-24gb",
    "l20-48gb",
    "l40-48gb",
    "l40s-48gb",
    "rtx-6000-ada-48gb",
    "rtx-a6000-48gb",
    "rtx-pro-6000-blackwell-96gb",
    "rtx-2080-ti-11gb",
    "rtx-3060-12gb",
    "rtx-3080-10gb",
    "rtx-3090-24gb",
    "rtx-3090-ti-24gb",
    "rtx-4060-ti-16gb",
    "rtx-4070-12gb",
    "rtx-4070-ti-super-16gb",
    "rtx-4080-16gb",
    "rtx-4080-super-16gb",
    "rtx-4090-24gb",
    "rtx-4090-d-24gb",
    "rtx-5070-ti-16gb",
    "rtx-5080-16gb",
    "rtx-5090-32gb",
    "mi100-32gb",
    "mi210-64gb",
    "mi250x-128gb",
    "mi300x-192gb",
    "mi325x-256gb",
    "mi355x-288gb",
    "radeon-rx-7900-xtx-24gb",
    "radeon-pro-w7900-48gb",
    "apple-m1-max",
    "apple-m1-ultra",
    "apple-m2-max",
    "apple-m2-ultra",
    "apple-m3-max",
    "apple-m3-ultra",
    "apple-m4-pro",
    "apple-m4-max",
    "intel-gaudi2-96gb",
    "intel-gaudi3-128gb",
    "intel-arc-a770-16gb",
    "intel-max-1550-128gb",
    "huawei-ascend-910b-64gb",
    "huawei-ascend-910c-128gb",
    "tpu-v4",
    "tpu-v5e",
    "tpu-v5p",
    "tpu-v6e",
    "cambricon-mlu370-x8-48gb",
    "moorethreads-mtt-s4000-48gb",
};
const std::vector<std::string> kReferenceFormatIds = {
    "fp32",
    "fp16",
    "bf16",
    "fp8",
    "int8",
    "int4",
    "gguf-f32",
    "gguf-f16",
    "gguf-bf16",
    "gguf-q8_0",
    "gguf-q6_k",
    "ggml-type-q5_k",
    "ggml-type-q4_k",
    "ggml-type-q3_k",
    "ggml-type-q2_k",
    "gguf-q5_k_m",
    "gguf-q5_k_s",
    "gguf-q5_1",
    "gguf-q5_0",
    "gguf-q4_k_m",
    "gguf-q4_k_s",
    "gguf-q4_1",
    "gguf-q4_0",
    "gguf-q3_k_l",
    "gguf-q3_k_m",
    "gguf-q3_k_s",
    "gguf-q2_k",
    "gguf-q2_k_s",
    "gguf-iq4_xs",
    "gguf-iq4_nl",
    "gguf-iq3_m",
    "gguf-iq3_s",
    "gguf-iq3_xs",
    "gguf-iq3_xxs",
    "gguf-iq2_m",
    "gguf-iq2_s",
    "gguf-iq2_xs",
    "gguf-iq2_xxs",
    "gguf-iq1_m",
    "gguf-iq1_s",
    "gguf-tq1_0",
    "gguf-tq2_0",
    "gguf-mxfp4",
    "gguf-mxfp4-f16",
    "gptq-4bit-g128",
    "gptq-4bit-g32",
    "gptq-4bit-perchannel",
    "gptq-3bit-g128",
    "gptq-8bit-g128",
    "awq-4bit-g128",
    "awq-4bit-g64",
    "bnb-nf4",
    "bnb-nf4-dq",
    "bnb-int8",
    "fp8-e4m3-per-tensor",
    "fp8-e4m3-per-channel",
    "fp8-e4m3-block128",
    "mxfp4",
    "nvfp4",
    "exl2",
    "hqq-4bit-g64",
    "int4-w4a16-g128-sym",
    "int8-w8a16-per-channel",
};

}  // namespace

TEST_CASE("the compiled-in catalogs load without errors", "[catalog]") {
  const std::vector<std::string>& errors = sizer::catalog_load_errors();
  for (const std::string& error : errors) UNSCOPED_INFO(error);
  CHECK(errors.empty());
  CHECK(sizer::gpu_catalog().size() == 122);
  CHECK(sizer::model_catalog().size() == 76);
  CHECK(sizer::format_catalog().size() == 65);
}

TEST_CASE("every reference GPU and format id is in the catalog", "[catalog]") {
  for (const std::string& id : kReferenceGpuIds) {
    INFO(id);
    CHECK(sizer::find_gpu(id) != nullptr);
  }
  for (const std::string& id : kReferenceFormatIds) {
    INFO(id);
    CHECK(sizer::find_format(id) != nullptr);
  }
  CHECK(sizer::find_format("gguf-notes-layers") == nullptr);  // a notes row, not a format
}

TEST_CASE("unknown ids give no catalog entry", "[catalog]") {
  CHECK(sizer::find_gpu("rtx-9090") == nullptr);
  CHECK(sizer::find_model("") == nullptr);
  CHECK(sizer::find_format("Q4_K_M") == nullptr);  // ids are case-sensitive: gguf-q4_k_m
}

TEST_CASE("every catalog row names its source", "[catalog]") {
  for (const auto& g : sizer::gpu_catalog()) {
    INFO(g.id);
    CHECK(!g.source.empty());
    CHECK(g.memory_bandwidth_gb_per_s > 0);
    // Device-reported capacity sits within 10% of the label (GiB vs GB, ECC, reserved pages).
    CHECK(g.memory_capacity_bytes > 0.9 * g.memory_gb * 1e9);
    CHECK(g.memory_capacity_bytes < 1.1 * g.memory_gb * kGiB);
  }
  for (const auto& m : sizer::model_catalog()) {
    INFO(m.id);
    CHECK(!m.source.empty());
    CHECK(m.hidden_size > 0);
    CHECK(m.num_layers > 0);
    CHECK(!m.published_format.empty());
    CHECK(sizer::find_format(m.published_format) != nullptr);
  }
  for (const auto& f : sizer::format_catalog()) {
    INFO(f.id);
    CHECK(!f.source.empty());
    CHECK(f.bits_per_weight > 1);
    CHECK(f.bits_per_weight <= 32);
  }
}

TEST_CASE("A10 is 125 TFLOPS FP16, not the A100's 312", "[catalog]") {
  const sizer::Gpu* a10 = sizer::find_gpu("a10-24gb");
  REQUIRE(a10 != nullptr);
  CHECK(a10->fp16_tensor_tflops == Approx(125));
  CHECK(a10->memory_gb == Approx(24));  // cli99/llm-analysis wrongly says 28 GB
  CHECK(sizer::find_gpu("a100-sxm-80gb")->fp16_tensor_tflops == Approx(312));
}

TEST_CASE("RTX 4070: 504 GB/s and tensor rates from the 4090's rate per SM and clock",
          "[catalog]") {
  const sizer::Gpu* g = sizer::find_gpu("rtx-4070-12gb");
  REQUIRE(g != nullptr);
  CHECK(g->memory_bandwidth_gb_per_s == Approx(504));  // 21 Gbps x 192 bits / 8
  // 330.3 TFLOPS / (128 SMs x 2.52 GHz) = 1024 FLOPs per SM per clock; x 46 SMs x 2.475 GHz.
  CHECK(g->fp16_tensor_tflops == Approx(330.3 / (128 * 2.52) * 46 * 2.475).epsilon(0.002));
  CHECK(g->bf16_tensor_tflops == Approx(g->fp16_tensor_tflops / 2).epsilon(0.002));
  CHECK(g->fp32_tflops == Approx(46 * 128 * 2 * 2.475e-3).epsilon(0.002));
}

TEST_CASE("L4 is 121 TFLOPS FP16 dense, 300 is its bandwidth in GB/s", "[catalog]") {
  const sizer::Gpu* l4 = sizer::find_gpu("l4-24gb");
  REQUIRE(l4 != nullptr);
  CHECK(l4->fp16_tensor_tflops == Approx(121));
  CHECK(l4->memory_bandwidth_gb_per_s == Approx(300));
  CHECK(l4->fp8_tensor_tflops == Approx(242.5));
}

TEST_CASE("RTX 4090 tensor FP16 is ~330 (165 with FP32 accumulate), not 83", "[catalog]") {
  const sizer::Gpu* rtx = sizer::find_gpu("rtx-4090-24gb");
  REQUIRE(rtx != nullptr);
  CHECK(rtx->fp16_tensor_tflops == Approx(330.3));
  CHECK(rtx->bf16_tensor_tflops == Approx(165.2));
  CHECK(rtx->fp32_tflops == Approx(82.6));  // the 83 of the seeds is the shader rate
  CHECK_FALSE(rtx->datacenter);
  CHECK_FALSE(rtx->has_nvlink);
  CHECK(rtx->pcie_gb_per_s_unidirectional == Approx(32));  // PCIe 4.0 x16
}

TEST_CASE("H100 SXM is 989 TFLOPS dense with NVLink 900 GB/s across 8 GPUs", "[catalog]") {
  const sizer::Gpu* h100 = sizer::find_gpu("h100-sxm-80gb");
  REQUIRE(h100 != nullptr);
  CHECK(h100->bf16_tensor_tflops == Approx(989));
  CHECK(h100->interconnect_gb_per_s_bidirectional == Approx(900));
  CHECK(h100->has_nvlink);
  CHECK(h100->nvlink_domain_gpus == 8);
  CHECK(h100->datacenter);
  CHECK(sizer::find_gpu("h100-pcie-80gb")->fp16_tensor_tflops == Approx(756));
}

TEST_CASE("an 80 GB card holds about 80 GiB as the driver reports it", "[catalog]") {
  // formulas.md "Units": A100 80GB reports 81920 MiB, H100 80GB 81559 MiB (~79.6 GiB).
  CHECK(sizer::find_gpu("a100-sxm-80gb")->memory_capacity_bytes == Approx(81920 * kMiB));
  const double h100 = sizer::find_gpu("h100-sxm-80gb")->memory_capacity_bytes;
  CHECK(h100 == Approx(81559 * kMiB));
  CHECK(h100 / kGiB == Approx(79.6).margin(0.05));
  CHECK(h100 / 1e9 == Approx(85.5).margin(0.1));  // more than 80 decimal GB
  // B200 is labelled 180 GB and reports 183359 MiB (about 192 decimal GB).
  CHECK(sizer::find_gpu("b200-sxm-180gb")->memory_capacity_bytes / 1e9 ==
        Approx(192.3).margin(0.1));
}

TEST_CASE("bridged PCIe cards join pairs, NVL72 joins 72", "[catalog]") {
  CHECK(sizer::find_gpu("a100-pcie-80gb")->nvlink_domain_gpus == 2);
  CHECK(sizer::find_gpu("gb200-per-gpu-186gb")->nvlink_domain_gpus == 72);
  CHECK(sizer::find_gpu("l40s-48gb")->nvlink_domain_gpus == 0);
  CHECK_FALSE(sizer::find_gpu("l40s-48gb")->has_nvlink);
  CHECK(sizer::find_gpu("h100-sxm-80gb")->pcie_gb_per_s_unidirectional == Approx(64));
  CHECK(sizer::find_gpu("rtx-4060-ti-16gb")->pcie_gb_per_s_unidirectional == Approx(16));  // x8
}

TEST_CASE("cards added for the catalog gaps: RTX 50, RTX PRO 6000 editions, Arc, RDNA 4, GB10, M5",
          "[catalog]") {
  // RTX 5060: 120 TCs x 2497 MHz x 256 FLOP/clk (FP16 accumulate); FP32 accumulate at half.
  const sizer::Gpu* rtx5060 = sizer::find_gpu("rtx-5060-8gb");
  REQUIRE(rtx5060 != nullptr);
  CHECK(rtx5060->memory_bandwidth_gb_per_s == Approx(448));
  CHECK(rtx5060->fp16_tensor_tflops == Approx(76.7));
  CHECK(rtx5060->bf16_tensor_tflops == Approx(38.4));
  CHECK(rtx5060->fp4_tensor_tflops == Approx(306.8));          // x 2 = NVIDIA's 614 sparse AI TOPS
  CHECK(rtx5060->pcie_gb_per_s_unidirectional == Approx(32));  // PCIe 5.0 x8
  // The Server Edition is the datacenter card; the Workstation and Max-Q Editions are not.
  CHECK(sizer::find_gpu("rtx-pro-6000-blackwell-server-96gb")->datacenter);
  CHECK_FALSE(sizer::find_gpu("rtx-pro-6000-blackwell-96gb")->datacenter);
  const sizer::Gpu* maxq = sizer::find_gpu("rtx-pro-6000-blackwell-max-q-96gb");
  REQUIRE(maxq != nullptr);
  CHECK(maxq->bf16_tensor_tflops == Approx(440.5));  // 752 x 256 x 2.288 GHz
  CHECK(maxq->tdp_w == Approx(300));
  // GB10: nvidia-smi reports 124610 MiB of the shared pool; BF16 at the FP16 rate.
  const sizer::Gpu* spark = sizer::find_gpu("dgx-spark-gb10-128gb");
  REQUIRE(spark != nullptr);
  CHECK(spark->memory_capacity_bytes == Approx(124610 * kMiB));
  CHECK(spark->memory_bandwidth_gb_per_s == Approx(273));
  CHECK(spark->bf16_tensor_tflops == Approx(125));
  CHECK(spark->fp4_tensor_tflops == Approx(500));  // half of 1 PFLOP with sparsity
  CHECK_FALSE(sizer::is_apple(*spark));            // no Metal working-set limit
  CHECK(sizer::find_gpu("intel-arc-b570-10gb")->memory_bandwidth_gb_per_s == Approx(380));
  CHECK(sizer::find_gpu("radeon-rx-9060-xt-16gb")->fp8_tensor_tflops == Approx(205.1));
  CHECK(sizer::find_gpu("apple-m5-max-40c-128gb")->memory_bandwidth_gb_per_s == Approx(614));
  CHECK(sizer::is_apple(*sizer::find_gpu("apple-m3-ultra-60c-256gb")));
}

TEST_CASE("Volta has no BF16, Hopper has FP8", "[catalog]") {
  CHECK_FALSE(sizer::find_gpu("v100-sxm2-32gb")->supports_bf16);
  CHECK_FALSE(sizer::find_gpu("v100-sxm2-32gb")->supports_flash_attention_2);
  CHECK(sizer::find_gpu("h200-sxm-141gb")->supports_fp8);
  CHECK_FALSE(sizer::find_gpu("a100-sxm-80gb")->supports_fp8);
  CHECK_FALSE(sizer::find_gpu("tpu-v5p")->supports_fp8);  // accepted, but at the BF16 rate
}

TEST_CASE("GPTQ and AWQ keep embeddings at 16 bits, GGUF quantizes them", "[catalog]") {
  const sizer::NumberFormat* gptq = sizer::find_format("gptq-4bit-g128");
  const sizer::NumberFormat* awq = sizer::find_format("awq-4bit-g128");
  const sizer::NumberFormat* q4km = sizer::find_format("gguf-q4_k_m");
  REQUIRE(gptq != nullptr);
  REQUIRE(awq != nullptr);
  REQUIRE(q4km != nullptr);
  CHECK(gptq->keeps_embeddings_16bit);
  CHECK(awq->keeps_embeddings_16bit);
  CHECK(sizer::find_format("bnb-nf4-dq")->keeps_embeddings_16bit);
  CHECK_FALSE(q4km->keeps_embeddings_16bit);
  CHECK(q4km->family == sizer::FormatFamily::gguf);
  CHECK(q4km->bits_per_weight == Approx(4.9));
  CHECK(gptq->bits_per_weight == Approx(4.16));
  CHECK(sizer::find_format("bnb-nf4-dq")->bits_per_weight == Approx(4.127));
  CHECK(sizer::find_format("fp8-e4m3-block128")->compute_dtype == sizer::ComputeType::fp8);
  CHECK(gptq->compute_dtype == sizer::ComputeType::fp16);  // weight-only: matmuls run in 16-bit
}

TEST_CASE("KV cache formats are the plain and llama.cpp cache types", "[catalog]") {
  for (const char* id : {"fp16", "bf16", "fp8", "int8", "int4", "gguf-q8_0", "gguf-q4_0"}) {
    INFO(id);
    CHECK(sizer::find_format(id)->usable_for_kv_cache);
  }
  for (const char* id : {"gguf-q4_k_m", "gptq-4bit-g128", "awq-4bit-g128", "bnb-nf4"}) {
    INFO(id);
    CHECK_FALSE(sizer::find_format(id)->usable_for_kv_cache);
  }
}

TEST_CASE("local/global attention layouts are structured", "[catalog]") {
  const sizer::ModelArch* gemma3 = sizer::find_model("gemma-3-27b");
  REQUIRE(gemma3 != nullptr);
  CHECK(gemma3->sliding_window == 1024);
  CHECK(gemma3->local_global_period == 6);  // 5 local : 1 global
  CHECK(gemma3->global_layers_per_period == 1);
  CHECK(gemma3->norms_per_layer == 4);
  CHECK(gemma3->qk_norm);
  const sizer::ModelArch* gemma2 = sizer::find_model("gemma-2-9b");
  CHECK(gemma2->local_global_period == 2);
  CHECK(gemma2->sliding_window == 4096);
  const sizer::ModelArch* mistral = sizer::find_model("mistral-7b-v0.1");
  CHECK(mistral->sliding_window == 4096);
  CHECK(mistral->local_global_period == 0);  // every layer local
  const sizer::ModelArch* scout = sizer::find_model("llama-4-scout");
  CHECK(scout->sliding_window == 8192);
  CHECK(scout->local_global_period == 4);
  CHECK(sizer::find_model("gpt-oss-20b")->sliding_window == 128);
  CHECK(sizer::find_model("phi-3-mini-4k")->sliding_window == 0);  // sized as full attention
  CHECK(sizer::find_model("qwen2.5-7b")->sliding_window == 0);     // use_sliding_window=false
}

TEST_CASE("MLA and MoE rows carry their structure", "[catalog]") {
  const sizer::ModelArch* v3 = sizer::find_model("deepseek-v3");
  REQUIRE(v3 != nullptr);
  CHECK(v3->attention == sizer::AttentionKind::mla);
  CHECK(v3->kv_lora_rank == 512);
  CHECK(v3->qk_rope_head_dim == 64);
  CHECK(v3->num_experts == 256);
  CHECK(v3->first_k_dense_layers == 3);
  CHECK(v3->published_format == "fp8-e4m3-block128");
  const sizer::ModelArch* maverick = sizer::find_model("llama-4-maverick");
  CHECK(maverick->moe_layer_period == 2);
  CHECK(maverick->intermediate_size == 16384);
  CHECK(maverick->moe_intermediate_size == 8192);
  CHECK(sizer::find_model("gpt-oss-120b")->published_format == "mxfp4");
  CHECK(sizer::find_model("llama-2-7b")->attention == sizer::AttentionKind::standard);
}

TEST_CASE("CSV: quoted fields keep commas, quotes and line breaks", "[catalog]") {
  const auto r = sizer::csv::parse("id,notes\r\na,\"x, \"\"y\"\"\nz\"\nb,plain\n");
  REQUIRE(r.ok);
  REQUIRE(r.table.rows.size() == 2);
  CHECK(r.table.rows[0][1] == "x, \"y\"\nz");
  CHECK(r.table.rows[1][1] == "plain");
  CHECK(sizer::csv::column_index(r.table, "notes") == 1);
  CHECK(sizer::csv::column_index(r.table, "missing") == -1);
}

TEST_CASE("CSV: errors name the row and column", "[catalog]") {
  const auto short_row = sizer::csv::parse("a,b,c\n1,2,3\n4,5\n");
  CHECK_FALSE(short_row.ok);
  CHECK(short_row.error_row == 3);
  CHECK(short_row.error == "row 3, column 2: expected 3 fields, found 2");

  const auto open_quote = sizer::csv::parse("a,b\n1,\"never closed\n");
  CHECK_FALSE(open_quote.ok);
  CHECK(open_quote.error_row == 2);
  CHECK(open_quote.error_column == 2);

  const auto stray = sizer::csv::parse("a,b\n1,\"x\"y\n");
  CHECK_FALSE(stray.ok);
  CHECK(stray.error.find("after a closing quote") != std::string::npos);

  const auto bare_quote = sizer::csv::parse("a,b\n1,x\"y\n");
  CHECK_FALSE(bare_quote.ok);
  CHECK(bare_quote.error_column == 2);

  CHECK_FALSE(sizer::csv::parse("").ok);
  CHECK(sizer::csv::parse("\xEF\xBB\xBFid\nx\n").table.header[0] == "id");
}

#include <catch2/catch.hpp>

#include "logic/catalog_search.hpp"
#include "logic/number_entry.hpp"
#include "logic/seed_tables.hpp"

using namespace app;

TEST_CASE("typing 'qwen 7' finds Qwen 7B models and groups them by family", "[ui][search]") {
  std::vector<sizer::ModelArch> catalog(4);
  catalog[0].id = "llama-3.1-8b";
  catalog[0].name = "Llama 3.1 8B";
  catalog[0].family = "llama";
  catalog[1].id = "qwen2.5-7b";
  catalog[1].name = "Qwen2.5 7B";
  catalog[1].family = "qwen";
  catalog[2].id = "qwen2.5-72b";
  catalog[2].name = "Qwen2.5 72B";
  catalog[2].family = "qwen";
  catalog[3].id = "deepseek-r1-distill-qwen-7b";
  catalog[3].name = "R1 Distill Qwen 7B";
  catalog[3].family = "deepseek";
  auto groups = search_models(catalog, "QWEN 7");
  REQUIRE(groups.size() == 2);
  CHECK(groups[0].family == "qwen");
  CHECK(groups[0].indices == std::vector<int>{1, 2});
  CHECK(groups[1].family == "deepseek");
  CHECK(search_models(catalog, "").size() == 3);
  CHECK(search_models(catalog, "mistral").empty());
}

TEST_CASE("attention labels name MHA, GQA, MQA, MLA and sliding windows", "[ui][search]") {
  sizer::ModelArch m;
  m.num_heads = 32;
  m.num_kv_heads = 8;
  CHECK(attention_label(m) == "GQA 8/32");
  m.num_kv_heads = 0;
  CHECK(attention_label(m) == "MHA");
  m.num_kv_heads = 1;
  CHECK(attention_label(m) == "MQA");
  m.attention = sizer::AttentionKind::mla;
  CHECK(attention_label(m) == "MLA");
  m.attention = sizer::AttentionKind::standard;
  m.num_kv_heads = 16;
  m.sliding_window = 4096;
  CHECK(attention_label(m) == "GQA 16/32 + SWA 4096");
}

TEST_CASE("GPU filters combine vendor, memory and kind", "[ui][search]") {
  std::vector<sizer::Gpu> gpus(3);
  gpus[0] = {};
  gpus[0].id = "rtx-4090-24gb";
  gpus[0].vendor = "NVIDIA";
  gpus[0].name = "RTX 4090";
  gpus[0].memory_gb = 24;
  gpus[1].id = "h100-sxm-80gb";
  gpus[1].vendor = "NVIDIA";
  gpus[1].name = "H100 SXM";
  gpus[1].memory_gb = 80;
  gpus[1].datacenter = true;
  gpus[2].id = "mi300x-192gb";
  gpus[2].vendor = "AMD";
  gpus[2].name = "MI300X";
  gpus[2].memory_gb = 192;
  gpus[2].datacenter = true;
  CHECK(filter_gpus(gpus, {}) == std::vector<int>{0, 1, 2});
  CHECK(filter_gpus(gpus, {"", "NVIDIA", 48, GpuKind::any}) == std::vector<int>{1});
  CHECK(filter_gpus(gpus, {"", "", 0, GpuKind::consumer}) == std::vector<int>{0});
  CHECK(filter_gpus(gpus, {"h100", "", 0, GpuKind::any}) == std::vector<int>{1});
  CHECK(gpu_vendors(gpus) == std::vector<std::string>{"NVIDIA", "AMD"});
}

TEST_CASE("\"a100 80\" offers the SXM card first and the PCIe card next", "[ui][logic]") {
  const auto& catalog = sizer::gpu_catalog();
  const std::vector<int> found = filter_gpus(catalog, {"a100 80", "", 0, GpuKind::any});
  REQUIRE(found.size() >= 2);
  CHECK(catalog[static_cast<std::size_t>(found[0])].id == "a100-sxm-80gb");
  bool pcie = false;
  for (int i : found) pcie |= catalog[static_cast<std::size_t>(i)].id == "a100-pcie-80gb";
  CHECK(pcie);
  // A token that starts a word ranks above one found inside a word.
  std::vector<sizer::Gpu> two(2);
  two[0].id = "x";
  two[0].name = "GX80";
  two[1].id = "y";
  two[1].name = "Card 80GB";
  CHECK(filter_gpus(two, {"80", "", 0, GpuKind::any}) == std::vector<int>{1, 0});
}

TEST_CASE("typed slider values take suffixes and refuse what is out of range", "[ui][logic]") {
  CHECK(parse_number_entry("32k", 1, 1e6, true).value == 32000);
  CHECK(parse_number_entry("1.5M", 1, 1e7, true).value == 1.5e6);
  CHECK(parse_number_entry("2T", 1, 1e14, false).value == 2e12);
  CHECK(parse_number_entry("7B", 1, 1e14, false).value == 7e9);
  CHECK(parse_number_entry("1g", 1, 1e14, false).value == 1e9);
  CHECK(parse_number_entry("2,000,000,000", 1, 1e14, true).value == 2e9);
  CHECK(parse_number_entry(" 4096 ", 1, 1e6, true).value == 4096);
  CHECK(parse_number_entry("1e6", 1, 1e7, true).value == 1e6);
  const NumberEntry big = parse_number_entry("2000000000", 1, 1048576, true);
  CHECK_FALSE(big.ok);
  CHECK(big.message_key == "entry.range");
  CHECK(big.args == std::vector<std::string>{"2000000000", "1", "1,048,576"});
  CHECK(parse_number_entry("0", 1, 10, true).message_key == "entry.range");
  CHECK(parse_number_entry("2.5", 1, 10, true).message_key == "entry.whole");
  CHECK(parse_number_entry("abc", 1, 10, true).message_key == "entry.not_number");
  CHECK(parse_number_entry("5mb", 1, 1e9, true).message_key == "entry.not_number");
  CHECK(parse_number_entry("inf", 1, 10, false).message_key == "entry.not_number");
  CHECK(parse_number_entry("nan", 1, 10, false).message_key == "entry.not_number");
  CHECK(parse_number_entry("1e999", 1, 10, false).message_key == "entry.not_number");
  CHECK(parse_number_entry("k", 1, 10, false).message_key == "entry.not_number");
  CHECK(parse_number_entry("", 1, 10, false).message_key == "entry.empty");
}

TEST_CASE("the seed tables: engine figures beside the seeds', differences marked", "[ui][logic]") {
  const std::vector<SeedTable> tables = compute_seed_tables(SeedTablePicks{});
  REQUIRE(tables.size() == 3);
  // Precision: Llama-2-7B FP16 weights 13.5 GB against the seed's ~14 GB (agrees within 10%).
  const SeedCell& fp16_7b = tables[0].cells[0][1];
  CHECK(fp16_7b.engine == Approx(13.5e9).epsilon(0.01));
  CHECK(fp16_7b.seed_text == "~14 GB");
  CHECK_FALSE(fp16_7b.differs);
  // Practical: full training of 7B is 16 bytes per parameter, 108 GB against the seed's 112 GB.
  const SeedCell& full_7b = tables[1].cells[0][2];
  CHECK(full_7b.engine == Approx(108e9).epsilon(0.02));
  CHECK_FALSE(full_7b.differs);
  // QLoRA of 7B at 512 tokens is below the seed's 8-16 GB range: marked.
  const SeedCell& qlora_7b = tables[1].cells[0][3];
  CHECK(qlora_7b.engine < 8e9);
  CHECK(qlora_7b.differs);
  // Cards: 7B inference at FP16 on one A10G, as the seed says.
  const SeedCell& infer_7b = tables[2].cells[1][1];
  CHECK(infer_7b.engine == 1);
  CHECK(infer_7b.gpu_id == "a10g-24gb");
  // A user pick without a seed figure has none.
  SeedTablePicks picks;
  picks.precision_models[0] = "qwen2.5-7b";
  CHECK(compute_seed_tables(picks)[0].cells[0][1].seed_text.empty());
  CHECK(differs_from_seed(20, 8, 16));
  CHECK_FALSE(differs_from_seed(13.5, 14, 14));
  CHECK(differs_from_seed(12, 14, 14));
}

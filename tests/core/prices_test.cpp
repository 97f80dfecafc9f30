// The price table and the price of a scenario: basis, own quote, owning (purchase + power) and
// rent vs buy.
#include "sizer/prices.hpp"

#include <catch2/catch.hpp>
#include <set>

#include "engine_test_util.hpp"
#include "sizer/energy.hpp"
#include "sizer/request_json.hpp"
#include "sizer/share_link.hpp"

using namespace sizer;
using namespace sizer_test;

TEST_CASE("prices.csv loads: one row per card and basis, every card in the catalog", "[prices]") {
  CHECK(price_load_errors().empty());
  std::set<std::string> seen;
  for (const PriceQuote& q : price_quotes()) {
    CHECK(find_gpu(q.gpu_id) != nullptr);
    CHECK(q.usd > 0);
    CHECK_FALSE(q.source.empty());
    CHECK(q.date.size() == 7);  // YYYY-MM
    CHECK(seen.insert(q.gpu_id + "/" + quote_kind_id(q.kind)).second);
  }
  CHECK(price_quotes().size() >= 160);
}

TEST_CASE("prices of the cards added for the catalog gaps, one basis per row", "[prices]") {
  const PriceQuote* rtx5060 = find_quote("rtx-5060-8gb", QuoteKind::purchase);
  REQUIRE(rtx5060 != nullptr);
  CHECK(rtx5060->usd == 299);  // NVIDIA launch MSRP, May 2025
  CHECK(rtx5060->date == "2025-05");
  // CoreWeave rents the Server Edition: its quote prices that row, not the Workstation Edition.
  const PriceQuote* server = find_quote("rtx-pro-6000-blackwell-server-96gb", QuoteKind::gpu_cloud);
  REQUIRE(server != nullptr);
  CHECK(server->provider == "CoreWeave");
  CHECK(server->usd == Approx(2.5));  // $20.00 per 8-GPU instance
  const PriceQuote* workstation = find_quote("rtx-pro-6000-blackwell-96gb", QuoteKind::gpu_cloud);
  REQUIRE(workstation != nullptr);
  CHECK(workstation->provider == "RunPod Secure Cloud");
  CHECK(workstation->usd == Approx(1.89));
}

TEST_CASE("a reported order prices the Ascend 910B, the coverage counts of docs/PRICES.md",
          "[prices]") {
  // Reuters (2023-11): Baidu ordered 1,600 Ascend 910B chips for about $61.83M.
  const PriceQuote* ascend = find_quote("huawei-ascend-910b-64gb", QuoteKind::purchase);
  REQUIRE(ascend != nullptr);
  CHECK(ascend->usd == 38644);
  CHECK(ascend->date == "2023-11");
  CHECK(ascend->notes.find("overstate") != std::string::npos);
  CHECK(find_quote("cambricon-mlu370-x8-48gb", QuoteKind::purchase) == nullptr);  // none found
  Scenario s = inference("llama-2-7b", "fp16", "huawei-ascend-910b-64gb");
  s.cost.basis = PriceBasis::own;
  CHECK(estimate(s).cost.purchase_usd == 38644);
  // Cards with a row on each basis, as the coverage table of docs/PRICES.md counts them.
  int purchase = 0;
  int rental = 0;
  int any = 0;
  for (const Gpu& g : gpu_catalog()) {
    bool bought = false;
    bool rented = false;
    for (const PriceQuote* q : price_quotes_for(g.id))
      (q->kind == QuoteKind::purchase ? bought : rented) = true;
    purchase += bought;
    rental += rented;
    any += bought || rented;
  }
  CHECK(purchase == 98);  // the RTX 4070 joined the catalog with its launch MSRP
  CHECK(rental == 66);
  CHECK(any == 113);
}

TEST_CASE("fifth-pass prices: AWS instances per GPU, an EC2 Mac host, the M5 Max Mac Studio",
          "[prices]") {
  // AWS on-demand us-east-1 (instances.vantage.sh, 2026-08-26), 8-GPU instances divided by 8.
  const PriceQuote* b200 = find_quote("b200-sxm-180gb", QuoteKind::hyperscaler);
  REQUIRE(b200 != nullptr);
  CHECK(b200->provider == "AWS");
  CHECK(b200->usd == Approx(113.9328 / 8));
  const PriceQuote* h200 = find_quote("h200-sxm-141gb", QuoteKind::hyperscaler);
  REQUIRE(h200 != nullptr);
  CHECK(h200->provider == "AWS");  // AWS comes before Google Cloud on this basis
  CHECK(h200->usd == Approx(63.296 / 8));
  const PriceQuote* v100 = find_quote("v100-sxm2-32gb", QuoteKind::hyperscaler);
  REQUIRE(v100 != nullptr);
  CHECK(v100->usd == Approx(31.212 / 8));  // p3dn.24xlarge
  // mac2.metal: one M1 Mac mini (16 GB) per Dedicated Host, $0.65 per host-hour (June 2022).
  const PriceQuote* mac = find_quote("apple-m1-16gb", QuoteKind::hyperscaler);
  REQUIRE(mac != nullptr);
  CHECK(mac->usd == Approx(0.65));
  CHECK(mac->date == "2022-06");
  const PriceQuote* m5max = find_quote("apple-m5-max-40c-128gb", QuoteKind::purchase);
  REQUIRE(m5max != nullptr);
  CHECK(m5max->usd == 5099);
  // Still no source: a rented TPU is never bought, and no USD figure exists for the MLU370-X8.
  CHECK(find_quote("tpu-v5p", QuoteKind::purchase) == nullptr);
  CHECK(find_quote("cambricon-mlu370-x8-48gb", QuoteKind::purchase) == nullptr);
}

TEST_CASE("tenth-pass prices: the top M1 Ultra and M2 Ultra Mac Studios, less the 8TB step",
          "[prices]") {
  // TechRadar (2022-03): 64-core GPU / 128GB / 8TB for $7,999; 1TB to 8TB adds $2,200.
  const PriceQuote* m1ultra = find_quote("apple-m1-ultra", QuoteKind::purchase);
  REQUIRE(m1ultra != nullptr);
  CHECK(m1ultra->usd == 5799);
  CHECK(m1ultra->date == "2022-03");
  CHECK(m1ultra->provider == "Apple launch price of top configuration - storage step");
  // Android Authority (2023-06): the M2 Ultra Mac Studio tops out at $8,799 (76c, 192GB, 8TB).
  const PriceQuote* m2ultra = find_quote("apple-m2-ultra", QuoteKind::purchase);
  REQUIRE(m2ultra != nullptr);
  CHECK(m2ultra->usd == 6599);
  CHECK(m2ultra->date == "2023-06");
  CHECK(m2ultra->notes.find("derived") != std::string::npos);
  // Still none: Google rents TPUs and does not sell them; the A10G is an AWS-only part.
  CHECK(find_quote("tpu-v6e", QuoteKind::purchase) == nullptr);
  CHECK(find_quote("a10g-24gb", QuoteKind::purchase) == nullptr);
}

TEST_CASE("owning: $30,000 over 3 years of busy hours plus 700 W x 1.82 at $0.127/kWh",
          "[prices]") {
  Ownership own;  // 3 years, $0.127/kWh, busy all the time, host overhead 0.82
  CHECK(power_usd_per_gpu_hour(700, own) == Approx(0.7 * 1.82 * 0.127));
  CHECK(own_usd_per_gpu_hour(30000, 700, own) == Approx(30000.0 / 26280 + 0.161798));
  own.utilisation = 0.5;  // half the hours: the purchase is spread over half as many
  CHECK(own_usd_per_gpu_hour(30000, 700, own) == Approx(30000.0 / 13140 + 0.161798));
  CHECK(own_usd_per_gpu_hour(0, 700, own) == 0);
}

TEST_CASE("rent vs buy: months of renting that cost the purchase", "[prices]") {
  Ownership own;
  // $30,000 / (($2.50 - $0.1618) x 730 h) = 17.6 months.
  CHECK(break_even_months(30000, 2.5, 0.161798, own) == Approx(17.575).epsilon(1e-3));
  CHECK(break_even_months(30000, 0.1, 0.161798, own) == 0);  // renting is cheaper than power
  CHECK(break_even_months(0, 2.5, 0.16, own) == 0);
}

TEST_CASE("the basis picks the column: GPU cloud, hyperscaler, marketplace, own", "[prices]") {
  Scenario s = inference("llama-2-7b", "fp16", "h100-sxm-80gb");
  const PriceQuote* cloud = find_quote("h100-sxm-80gb", QuoteKind::gpu_cloud);
  const PriceQuote* aws = find_quote("h100-sxm-80gb", QuoteKind::hyperscaler);
  const PriceQuote* market = find_quote("h100-sxm-80gb", QuoteKind::marketplace);
  const PriceQuote* bought = find_quote("h100-sxm-80gb", QuoteKind::purchase);
  REQUIRE((cloud && aws && market && bought));
  CHECK(estimate(s).cost.usd_per_gpu_hour == cloud->usd);
  CHECK(estimate(s).cost.basis == "gpu-cloud");
  s.cost.basis = PriceBasis::hyperscaler;
  CHECK(estimate(s).cost.usd_per_gpu_hour == aws->usd);
  CHECK(estimate(s).cost.provider == aws->provider);
  s.cost.basis = PriceBasis::marketplace;
  CHECK(estimate(s).cost.usd_per_gpu_hour == market->usd);
  s.cost.basis = PriceBasis::own;
  const Estimate owned = estimate(s);
  CHECK(owned.cost.basis == "own");
  CHECK(owned.cost.usd_per_gpu_hour ==
        Approx(own_usd_per_gpu_hour(
            bought->usd, board_watts_under_load(s.hardware.gpu, owned.scenario.assumptions),
            s.cost.own)));
  // Owning: break-even against the first rental price known (GPU cloud).
  CHECK(owned.cost.break_even_months ==
        Approx(break_even_months(bought->usd, cloud->usd, owned.cost.power_usd_per_gpu_hour,
                                 s.cost.own)));
}

TEST_CASE("a card without a price on the basis says so, the user's quote prices it", "[prices]") {
  Scenario s = inference("llama-2-7b", "fp16", "h100-sxm-80gb");
  s.cost.basis = PriceBasis::hyperscaler;
  s.hardware.gpu = *find_gpu("rtx-4090-24gb");
  REQUIRE(find_quote("rtx-4090-24gb", QuoteKind::hyperscaler) == nullptr);
  Estimate e = estimate(s);
  CHECK_FALSE(e.cost.price_known);
  CHECK(e.cost.unknown_reason.find("hyperscaler") != std::string::npos);
  CHECK(e.cost.purchase_usd > 0);  // owning is still known
  s.cost.usd_per_gpu_hour = 0.4;
  e = estimate(s);
  CHECK(e.cost.price_known);
  CHECK(e.cost.basis == "custom");
  CHECK(e.cost.usd_per_hour == Approx(0.4));
}

TEST_CASE("the fit table prices only the chosen card with the user's quote", "[prices]") {
  Scenario s = inference("llama-2-7b", "fp16", "h100-sxm-80gb");
  s.cost.usd_per_gpu_hour = 0.01;
  for (const FitRow& r : fit_table(s)) {
    if (r.gpus == 0) continue;
    if (r.gpu_id == "h100-sxm-80gb") {
      CHECK(r.usd_per_hour == Approx(0.01 * r.gpus));
    } else if (r.gpu_id == "a100-sxm-80gb") {
      CHECK(r.usd_per_hour ==
            Approx(find_quote("a100-sxm-80gb", QuoteKind::gpu_cloud)->usd * r.gpus));
    }
  }
}

TEST_CASE("cost inputs round-trip through requests, bad ones name the field", "[prices]") {
  const RequestResult r = scenario_from_request_json(
      R"({"model":"llama-2-7b","gpu":"h100-sxm-80gb","cost":{"basis":"own","ownYears":5,
          "electricityUsdPerKwh":0.3,"utilisation":0.5,"hostOverhead":0.5,"usdPerGpuHour":0}})");
  REQUIRE(r.error.empty());
  CHECK(r.scenario.cost.basis == PriceBasis::own);
  CHECK(r.scenario.cost.own.years == 5);
  CHECK(r.scenario.cost.own.utilisation == 0.5);
  const RequestResult again = scenario_from_request_json(scenario_to_request_json(r.scenario));
  CHECK(again.scenario.cost.own.electricity_usd_per_kwh == 0.3);
  CHECK(again.scenario.cost.basis == PriceBasis::own);
  CHECK(scenario_from_request_json(R"({"cost":{"basis":"cheap"}})").error.find("cost.basis") !=
        std::string::npos);
  CHECK(
      scenario_from_request_json(R"({"cost":{"utilisation":0}})").error.find("cost.utilisation") !=
      std::string::npos);
  CHECK(scenario_from_request_json(R"({"cost":{"ownYears":-1}})").error.find("cost.ownYears") !=
        std::string::npos);
}

TEST_CASE("the price basis and ownership inputs travel in share links", "[prices]") {
  Scenario s = inference("llama-2-7b", "fp16", "h100-sxm-80gb");
  s.cost.basis = PriceBasis::own;
  s.cost.own.years = 4;
  s.cost.own.electricity_usd_per_kwh = 0.2;
  s.cost.usd_per_gpu_hour = 1.5;
  const std::string fragment = encode_share_fragment(scenario_to_request_json(s), "{}");
  CHECK(fragment.find("cost.basis=own") != std::string::npos);
  const DecodedLink d = decode_share_fragment(fragment);
  REQUIRE(d.ok);
  const RequestResult r = scenario_from_request_json(d.request_json);
  REQUIRE(r.error.empty());
  CHECK(r.scenario.cost.basis == PriceBasis::own);
  CHECK(r.scenario.cost.own.years == 4);
  CHECK(r.scenario.cost.own.electricity_usd_per_kwh == 0.2);
  CHECK(r.scenario.cost.usd_per_gpu_hour == 1.5);
}

TEST_CASE("a part that is only rented says so when owned, and is priced by the hour", "[prices]") {
  // Google rents TPUs by the chip-hour and never sells them; AWS's A10G exists only in its G5
  // instances (core/data/gpus.csv for_sale, docs/PRICES.md).
  for (const char* id : {"tpu-v4", "tpu-v5e", "tpu-v5p", "tpu-v6e", "a10g-24gb"}) {
    INFO(id);
    REQUIRE(find_gpu(id) != nullptr);
    CHECK_FALSE(find_gpu(id)->for_sale);
    CHECK(find_quote(id, QuoteKind::purchase) == nullptr);
  }
  CHECK(find_gpu("h100-sxm-80gb")->for_sale);

  Scenario s = inference("llama-2-7b", "fp16", "tpu-v5e");
  s.cost.basis = PriceBasis::own;
  Estimate e = estimate(s);
  CHECK_FALSE(e.cost.price_known);
  std::string text;
  for (const auto& w : e.warning_details) {
    CHECK(w.id != "no-purchase-price");
    if (w.id == "not-for-sale") text = w.text;
  }
  CHECK(text.find("is not sold, only rented") != std::string::npos);
  CHECK(text.find("rental price basis") != std::string::npos);

  // The same card rented from a hyperscaler has its price ($1.20 per chip-hour, Google Cloud).
  s.cost.basis = PriceBasis::hyperscaler;
  e = estimate(s);
  REQUIRE(e.cost.price_known);
  CHECK(e.cost.usd_per_gpu_hour == Approx(1.2));

  // A price the user gives still counts (a private offer for the hardware).
  s.cost.basis = PriceBasis::own;
  s.cost.purchase_usd = 10000;
  CHECK(estimate(s).cost.price_known);
}

TEST_CASE("the user's purchase price owns a card the table cannot price, and only that card",
          "[prices]") {
  // The MI210 has rental rows but no purchase row (docs/PRICES.md, "No source found").
  Scenario s = inference("llama-2-7b", "fp16", "mi210-64gb");
  REQUIRE(find_quote("mi210-64gb", QuoteKind::purchase) == nullptr);
  s.cost.basis = PriceBasis::own;
  Estimate e = estimate(s);
  CHECK_FALSE(e.cost.price_known);
  bool warned = false;
  for (const auto& w : e.warning_details) {
    if (w.id == "no-purchase-price") warned = w.text.find("cost.purchaseUsd") != std::string::npos;
  }
  CHECK(warned);

  s.cost.purchase_usd = 8000;  // a reseller's quote
  e = estimate(s);
  REQUIRE(e.cost.price_known);
  CHECK(e.cost.basis == "own");
  CHECK(e.cost.provider == "your quote (cost.purchaseUsd)");
  CHECK(e.cost.purchase_usd == 8000);
  // 3 years x 8760 h, busy all the time: $8,000 / 26,280 h = $0.3044/h, plus power.
  CHECK(e.cost.own_usd_per_gpu_hour ==
        Approx(8000.0 / 26280.0 + e.cost.power_usd_per_gpu_hour).epsilon(1e-9));
  CHECK(e.cost.usd_per_gpu_hour == Approx(e.cost.own_usd_per_gpu_hour));
  // Rented, the quote still gives the break-even against the rental price.
  s.cost.basis = PriceBasis::gpu_cloud;
  REQUIRE(find_quote("mi210-64gb", QuoteKind::gpu_cloud) != nullptr);
  CHECK(estimate(s).cost.break_even_months > 0);

  // A catalog card's own purchase row gives way to the quote, which travels in links.
  Scenario h = inference("llama-2-7b", "fp16", "h100-sxm-80gb");
  h.cost.basis = PriceBasis::own;
  h.cost.purchase_usd = 20000;
  CHECK(estimate(h).cost.purchase_usd == 20000);
  const DecodedLink d =
      decode_share_fragment(encode_share_fragment(scenario_to_request_json(h), "{}"));
  REQUIRE(d.ok);
  CHECK(scenario_from_request_json(d.request_json).scenario.cost.purchase_usd == 20000);
  CHECK(
      scenario_from_request_json(R"({"cost":{"purchaseUsd":-5}})").error.find("cost.purchaseUsd") !=
      std::string::npos);

  // Other cards of the fit table keep the table's purchase price.
  for (const FitRow& r : fit_table(h)) {
    if (r.gpus == 0 || r.gpu_id != "a100-sxm-80gb") continue;
    Scenario a = inference("llama-2-7b", "fp16", "a100-sxm-80gb");
    a.cost.basis = PriceBasis::own;
    CHECK(r.usd_per_hour == Approx(estimate(a).cost.usd_per_gpu_hour * r.gpus));
  }
}

TEST_CASE("sixth-pass prices: an 8-card instance divided by 8, a CNY list price converted",
          "[prices]") {
  // Intel Tiber AI Cloud: 8 x Gaudi 2 bare metal on demand at $10.40 per hour.
  const PriceQuote* gaudi2 = find_quote("intel-gaudi2-96gb", QuoteKind::gpu_cloud);
  REQUIRE(gaudi2 != nullptr);
  CHECK(gaudi2->usd == Approx(10.40 / 8));
  // AutoDL lists the H20 at CNY 10.50 per GPU-hour; 6.72 CNY per USD.
  const PriceQuote* h20 = find_quote("h20-96gb", QuoteKind::gpu_cloud);
  REQUIRE(h20 != nullptr);
  CHECK(h20->usd == Approx(10.50 / 6.72).epsilon(1e-3));
}

TEST_CASE("eighth-pass prices: a reported order estimate, whole-GPU Vultr plans, CNY list prices",
          "[prices]") {
  // WSJ via Reuters (2024-08): orders could exceed 70,000 Ascend 910C chips, about $2 billion.
  const PriceQuote* ascend = find_quote("huawei-ascend-910c-128gb", QuoteKind::purchase);
  REQUIRE(ascend != nullptr);
  CHECK(ascend->usd == 28571);
  CHECK(ascend->date == "2024-08");
  // Vultr prices the A16 per whole GPU (fractional plans left out); no earlier provider lists it.
  const PriceQuote* a16 = find_quote("a16-16gb-per-gpu", QuoteKind::gpu_cloud);
  REQUIRE(a16 != nullptr);
  CHECK(a16->provider == "Vultr");
  CHECK(a16->usd == Approx(0.4709));
  // AutoDL lists the RTX 3060 at CNY 0.63 per GPU-hour; 6.72 CNY per USD.
  const PriceQuote* rtx3060 = find_quote("rtx-3060-12gb", QuoteKind::gpu_cloud);
  REQUIRE(rtx3060 != nullptr);
  CHECK(rtx3060->usd == Approx(0.63 / 6.72).epsilon(1e-3));
  // A Vast.ai floor fills the marketplace basis where RunPod Community and Akash list no L4.
  const PriceQuote* l4 = find_quote("l4-24gb", QuoteKind::marketplace);
  REQUIRE(l4 != nullptr);
  CHECK(l4->provider == "Vast.ai");
}

TEST_CASE("ninth-pass prices: Vast.ai floors where RunPod Community and Akash list nothing",
          "[prices]") {
  // The A800 PCIe had no price at all; the feed names the form factor.
  const PriceQuote* a800 = find_quote("a800-pcie-80gb", QuoteKind::marketplace);
  REQUIRE(a800 != nullptr);
  CHECK(a800->provider == "Vast.ai");
  CHECK(a800->usd == Approx(0.6015));
  CHECK(find_quote("a800-pcie-80gb", QuoteKind::purchase) == nullptr);
  // The 8 GB RTX 5060 Ti is priced apart from the 16 GB card.
  const PriceQuote* rtx5060ti8 = find_quote("rtx-5060-ti-8gb", QuoteKind::marketplace);
  REQUIRE(rtx5060ti8 != nullptr);
  CHECK(rtx5060ti8->usd == Approx(0.0962));
  CHECK(rtx5060ti8->date == "2026-09");
  // Vast.ai comes before other decentralised markets: it replaced the Fluence A16 midpoint.
  const PriceQuote* a16 = find_quote("a16-16gb-per-gpu", QuoteKind::marketplace);
  REQUIRE(a16 != nullptr);
  CHECK(a16->provider == "Vast.ai");
  CHECK(a16->usd == Approx(0.1081));
  const PriceQuote* rtx2080ti = find_quote("rtx-2080-ti-11gb", QuoteKind::marketplace);
  REQUIRE(rtx2080ti != nullptr);
  CHECK(rtx2080ti->usd == Approx(0.0822));
}

TEST_CASE("eleventh-pass prices: Epoch AI release prices, the OCI A10", "[prices]") {
  // Epoch AI "Data on Machine Learning Hardware", column "Release price (USD)".
  const PriceQuote* v100 = find_quote("v100-pcie-16gb", QuoteKind::purchase);
  REQUIRE(v100 != nullptr);
  CHECK(v100->usd == 10664);
  CHECK(v100->date == "2017-06");
  CHECK(v100->provider == "Epoch AI ML hardware dataset");
  const std::pair<const char*, double> release_prices[] = {
      {"v100-pcie-32gb", 11458}, {"v100-sxm2-16gb", 11500}, {"a100-sxm-40gb", 15000},
      {"a10-24gb", 2800},        {"mi250x-128gb", 14500},   {"b100-sxm-192gb", 35000}};
  for (const auto& [id, usd] : release_prices) {
    INFO(id);
    const PriceQuote* q = find_quote(id, QuoteKind::purchase);
    REQUIRE(q != nullptr);
    CHECK(q->usd == usd);
  }
  const PriceQuote* b100 = find_quote("b100-sxm-192gb", QuoteKind::purchase);
  CHECK(b100->notes.find("estimate") != std::string::npos);
  // Oracle's price list: part B95909, Compute - GPU - A10, $2.00 per GPU-hour (VM.GPU.A10.1).
  const PriceQuote* oci = find_quote("a10-24gb", QuoteKind::hyperscaler);
  REQUIRE(oci != nullptr);
  CHECK(oci->provider == "Oracle OCI");
  CHECK(oci->usd == Approx(2.0));
  CHECK(oci->date == "2026-08");
  // Still none: no dated figure for these parts.
  CHECK(find_quote("a16-16gb-per-gpu", QuoteKind::purchase) == nullptr);
  CHECK(find_quote("mi325x-256gb", QuoteKind::purchase) == nullptr);
}

TEST_CASE("twelfth pass: cards never sold as a separate card have no purchase price", "[prices]") {
  // docs/PRICES.md, "Never sold as a separate card": no per-chip figure was found, none is
  // estimated, and each card keeps the rental rows it has.
  for (const char* id : {"tpu-v4", "tpu-v5e", "tpu-v5p", "tpu-v6e", "a10g-24gb", "gh200-96gb",
                         "rtx-pro-6000-blackwell-server-96gb"}) {
    INFO(id);
    REQUIRE(find_gpu(id) != nullptr);
    CHECK(find_quote(id, QuoteKind::purchase) == nullptr);
    CHECK_FALSE(price_quotes_for(id).empty());
  }
  CHECK(find_quote("gh200-144gb", QuoteKind::purchase) == nullptr);
  CHECK(price_quotes_for("gh200-144gb").empty());  // not rented either
  // The Workstation Edition's reported MSRP does not price the Server Edition.
  const PriceQuote* workstation = find_quote("rtx-pro-6000-blackwell-96gb", QuoteKind::purchase);
  REQUIRE(workstation != nullptr);
  CHECK(workstation->usd == 8565);
}

TEST_CASE("thirteenth-pass prices: two Apple configurations, and the cards with no purchase price",
          "[prices]") {
  // The machine of the smaller-memory row plus a sourced memory step; the notes say it is derived.
  const PriceQuote* m1pro = find_quote("apple-m1-pro-32gb", QuoteKind::purchase);
  REQUIRE(m1pro != nullptr);
  CHECK(m1pro->usd == 2499 + 400);  // 16-inch MacBook Pro, 16 GB to 32 GB
  CHECK(m1pro->date == "2021-10");
  CHECK(m1pro->provider == "Apple launch price + memory upgrade");
  CHECK(m1pro->notes.find("derived") != std::string::npos);
  const PriceQuote* m3 = find_quote("apple-m3-24gb", QuoteKind::purchase);
  REQUIRE(m3 != nullptr);
  CHECK(m3->usd == 1599 + 400);  // 14-inch MacBook Pro, 8 GB to 24 GB
  CHECK(m3->date == "2023-11");
  CHECK(m3->notes.find("derived") != std::string::npos);
  // docs/PRICES.md, "No source found": the 16 cards with no citable figure and the 8 never sold
  // as a separate card. A row added for any of them must update that list and this one.
  const std::set<std::string> unpriced = {"a16-16gb-per-gpu",
                                          "a100-pcie-80gb",
                                          "a800-pcie-80gb",
                                          "h200-nvl-141gb",
                                          "mi210-64gb",
                                          "mi325x-256gb",
                                          "intel-max-1550-128gb",
                                          "cambricon-mlu370-x8-48gb",
                                          "moorethreads-mtt-s4000-48gb",
                                          "apple-m5-32gb",
                                          "apple-m5-pro-20c-64gb",
                                          "apple-m1-max",
                                          "apple-m2-max",
                                          "apple-m3-max",
                                          "apple-m4-pro",
                                          "apple-m3-pro-18c-36gb",
                                          "tpu-v4",
                                          "tpu-v5e",
                                          "tpu-v5p",
                                          "tpu-v6e",
                                          "a10g-24gb",
                                          "gh200-96gb",
                                          "gh200-144gb",
                                          "rtx-pro-6000-blackwell-server-96gb"};
  CHECK(unpriced.size() == 24);
  std::set<std::string> without;
  for (const Gpu& g : gpu_catalog())
    if (find_quote(g.id, QuoteKind::purchase) == nullptr) without.insert(g.id);
  CHECK(without == unpriced);
}

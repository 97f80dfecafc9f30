// The validator's own logic: the 1-D search, the objective, id ranges, the regression gate, and
// that the declared fitted constants load and move the rows they claim.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "gate.hpp"
#include "refit.hpp"
#include "rows.hpp"

using namespace validation;

TEST_CASE("minimize_1d finds the minimum of a smooth and of a stepped function") {
  CHECK(minimize_1d([](double x) { return (x - 0.37) * (x - 0.37); }, 0.0, 1.0) ==
        Approx(0.37).margin(1e-6));
  // Minimum at the end of the range.
  CHECK(minimize_1d([](double x) { return x; }, 0.2, 0.9) == Approx(0.2).margin(1e-6));
  // A median-like staircase: any point of the lowest step is a minimum.
  const double x = minimize_1d([](double v) { return std::fabs(std::floor(v * 10) - 6); }, 0, 1);
  CHECK(x >= 0.6);
  CHECK(x < 0.7);
}

TEST_CASE("median_abs_log_error is the median of |ln(estimate / measured)|") {
  CHECK(median_abs_log_error({1, 2, 4}, {1, 1, 1}) == Approx(std::log(2.0)));
  CHECK(median_abs_log_error({2, 0.5}, {1, 1}) == Approx(std::log(2.0)));
  CHECK(median_abs_log_error({0, 0, 1}, {1, 1, 1}) == Approx(10.0));  // unscorable rows
}

TEST_CASE("id_matches reads single ids, ranges and prefixes") {
  CHECK(id_matches("M-010", "M-010"));
  CHECK(id_matches("M-010", "M-001..M-033"));
  CHECK_FALSE(id_matches("M-034", "M-001..M-033"));
  CHECK_FALSE(id_matches("P-010", "M-001..M-033"));
  CHECK(id_matches("P-042", "P-*"));
  CHECK_FALSE(id_matches("T-042", "P-*"));
}

TEST_CASE("figures: median, share within 25% and MAPE of |error|") {
  const Figures f = figures({-10, 30, 5, -40});
  CHECK(f.rows == 4);
  CHECK(f.median_pct == Approx(20.0));
  CHECK(f.within_share == Approx(0.5));
  CHECK(f.mape_pct == Approx(21.25));
}

TEST_CASE("the gate refuses a worse median or a lower share, and allows the tolerance") {
  CategoryFigures recorded, same, slightly, worse_median, worse_share, missing;
  recorded["decode_tps"] = {40, 10.0, 0.80, 12.0};
  same = recorded;
  CHECK(regressions(same, recorded).empty());
  slightly["decode_tps"] = {40, 10.0 + kMedianTolerancePts - 0.01, 0.80, 12.0};
  CHECK(regressions(slightly, recorded).empty());
  worse_median["decode_tps"] = {40, 10.0 + kMedianTolerancePts + 0.01, 0.80, 12.0};
  REQUIRE(regressions(worse_median, recorded).size() == 1);
  CHECK(regressions(worse_median, recorded)[0].find("median") != std::string::npos);
  worse_share["decode_tps"] = {40, 9.0, 0.775, 12.0};
  REQUIRE(regressions(worse_share, recorded).size() == 1);
  CHECK(regressions(worse_share, recorded)[0].find("within 25%") != std::string::npos);
  missing["prefill_tps"] = {10, 1.0, 1.0, 1.0};
  CHECK(regressions(missing, recorded).size() == 1);
}

TEST_CASE("targets read from their file and say whether the LOSO figures meet them") {
  Targets t;
  std::string error;
  REQUIRE(
      targets_from_json("{\"categories\": {\"decode_tps\": {\"medianPct\": 12, \"within25\": 0.75, "
                        "\"issue\": \"8\"}, \"weights_memory\": {\"medianPct\": 5}}}",
                        t, error));
  CHECK(describe_target(t["decode_tps"], {10, 11.0, 0.80, 0}) ==
        "median <= 12%, within 25% >= 75% (issue 8): met");
  CHECK(describe_target(t["decode_tps"], {10, 11.0, 0.70, 0}).find("not met") != std::string::npos);
  CHECK(describe_target(t["weights_memory"], {10, 6.0, 1.0, 0}) == "median <= 5%: not met");
  CHECK(describe_target(Target{}, {10, 6.0, 1.0, 0}).empty());
  CHECK_FALSE(targets_from_json("{\"categories\": {\"x\": {\"medianPct\": \"a\"}}}", t, error));
}

TEST_CASE("the recorded figures survive a write and a read, and malformed files are refused") {
  CategoryFigures f;
  f["decode_tps"] = {41, 7.123, 0.8781, 9.0};
  CategoryFigures back;
  std::string error;
  REQUIRE(figures_from_json(figures_to_json(f), back, error));
  CHECK(back["decode_tps"].median_pct == Approx(7.12));
  CHECK(back["decode_tps"].within_share == Approx(0.8781));
  CHECK_FALSE(figures_from_json("[]", back, error));
  CHECK_FALSE(
      figures_from_json("{\"categories\": {\"x\": {\"losoMedianPct\": \"a\"}}}", back, error));
  CHECK_FALSE(figures_from_json("not json", back, error));
}

TEST_CASE("the declared fitted constants load with the values the core ships") {
  std::vector<std::string> failures;
  const auto constants = load_constants(SIZER_VALIDATION_DATA "/fitted-constants.json", failures);
  CHECK(failures.empty());
  REQUIRE_FALSE(constants.empty());
  for (const FittedConstant& c : constants) {
    CHECK(c.lo < c.hi);
    CHECK(c.shipped >= c.lo);
    CHECK(c.shipped <= c.hi);
  }
  std::vector<std::string> bad;
  CHECK(load_constants(SIZER_VALIDATION_DATA "/no-such-file.json", bad).empty());
  CHECK(bad.size() == 1);
}

TEST_CASE("malformed data files are reported as failures, never a crash") {
  const std::string dir = "validation_malformed_data";
  std::filesystem::create_directory(dir);
  auto write = [&](const char* name, const std::string& text) {
    std::ofstream(dir + "/" + name) << text;
  };
  write("calibration-requests.jsonl",
        "{\"row_id\": \"M-001\", \"category\": \"decode_tps\", \"request\": {\"model\": "
        "\"llama-3-8b\", \"gpu\": \"rtx-4090-24gb\"}, \"compare\": {\"field\": "
        "\"inference.decodeTokensPerSecond\"}, \"measured\": 100}\n"
        "not json\n"
        "{\"row_id\": \"M-002\", \"request\": {\"gpu\": \"no-such-gpu\"}, \"compare\": {}, "
        "\"measured\": 1}\n"
        "{\"row_id\": \"M-003\", \"request\": {}, \"compare\": {}, \"measured\": \"x\"}\n");
  write("calibration.csv",
        "id,source,source_locator\nM-001,https://example.org,\"table, row 1\"\n"
        "M-002,\"unterminated\n");
  write("request-patches.jsonl", "{\"row_id\": \"M-999\", \"merge_patch\": {}}\n");
  const RowSet set = load_rows(dir + "/calibration-requests.jsonl");
  REQUIRE(set.rows.size() == 1);
  CHECK(set.rows[0].source == "https://example.org");
  CHECK(set.rows[0].locator == "table, row 1");
  auto failed = [&](const std::string& part) {
    for (const std::string& f : set.failures) {
      if (f.find(part) != std::string::npos) return true;
    }
    return false;
  };
  CHECK(failed("unreadable line"));          // "not json"
  CHECK(failed("M-002: request rejected"));  // unknown GPU
  CHECK(failed("M-003: no request, compare or measured value"));
  CHECK(failed("M-999: request patch matches no row"));
  CHECK(failed("cannot read"));  // the missing published files
  std::filesystem::remove_all(dir);
}

// Rows whose "measurements" are the engine's own estimates at a known constant: the refit must
// find that constant, and leaving a source out must still find it from the other source.
TEST_CASE("the refit recovers a known constant, in-sample and leaving one source out") {
  const std::string dir = "validation_refit_data";
  std::filesystem::create_directory(dir);
  std::string requests, csv = "id,source,source_locator\n";
  const char* gpus[] = {"rtx-4090-24gb", "rtx-3090-24gb", "rtx-4080-16gb", "rtx-a6000-48gb"};
  for (int i = 0; i < 4; ++i) {
    const std::string id = "M-00" + std::to_string(i + 1);
    requests += "{\"row_id\": \"" + id +
                "\", \"category\": \"decode_tps\", \"request\": {\"model\": \"llama-3-8b\", "
                "\"weights\": \"gguf-q4_k_m\", \"gpu\": \"" +
                gpus[i] +
                "\", \"promptTokens\": 1, \"outputTokens\": 128, \"engine\": \"llama.cpp\"}, "
                "\"compare\": {\"field\": \"inference.decodeTokensPerSecond\"}, \"measured\": 1}\n";
    csv += id + ",https://source-" + (i < 2 ? "a" : "b") + ".example,row " + id + "\n";
  }
  std::ofstream(dir + "/calibration-requests.jsonl") << requests;
  std::ofstream(dir + "/calibration.csv") << csv;
  RowSet set = load_rows(dir + "/calibration-requests.jsonl");
  std::filesystem::remove_all(dir);
  REQUIRE(set.rows.size() == 4);

  const double truth = 0.7;
  FittedConstant c;
  c.key = "decodeBandwidthEfficiency";
  c.engines = {"llama.cpp"};
  c.group = "decode";
  c.fit_categories = {"decode_tps"};
  c.fit_engines = {"llama.cpp"};
  c.lo = 0.3;
  c.hi = 1.0;
  c.shipped = 0.9;
  for (Row& r : set.rows) r.measured = evaluate(r, {{c.key, c.engines, truth}}).value;

  const RefitOutcome o = refit_and_score(set.rows, {c});
  CHECK(o.failures.empty());
  REQUIRE(o.fit_rows[0].size() == 4);
  CHECK(o.refit_all[0] == Approx(truth).margin(0.005));
  for (std::size_t i = 0; i < set.rows.size(); ++i) {
    CHECK(error_pct(set.rows[i], o.in_sample[i]) > 10.0);  // the shipped 0.9 is too fast
    CHECK(std::fabs(error_pct(set.rows[i], o.loso[i])) < 1.0);
    CHECK_FALSE(o.loso_shipped[i]);
  }

  // One source only: leaving it out leaves nothing to fit, so the shipped value is kept (†).
  for (Row& r : set.rows) r.source = "https://one-source.example";
  const RefitOutcome alone = refit_and_score(set.rows, {c});
  for (std::size_t i = 0; i < set.rows.size(); ++i) {
    CHECK(alone.loso_shipped[i]);
    CHECK(error_pct(set.rows[i], alone.loso[i]) ==
          Approx(error_pct(set.rows[i], alone.in_sample[i])));
  }
}

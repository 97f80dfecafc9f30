// Axis math of the results charts: log mapping, 1-2-5 ticks, and degenerate ranges that must
// never crash a frame (the speed chart sees zero throughput, the roofline sees NaN when the
// engine fails).
#include "logic/chart_scale.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using app::chart::Range;
using app::chart::Scale;

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

bool all_finite(const std::vector<double>& v) {
  for (double x : v) {
    if (!std::isfinite(x)) return false;
  }
  return true;
}
}  // namespace

TEST_CASE("A log axis puts each decade the same distance apart", "[chart-scale]") {
  const Scale x({1, 1000}, 0.0f, 300.0f, true);
  CHECK(x.to_pixel(1) == Approx(0.0f).margin(1e-4));
  CHECK(x.to_pixel(10) == Approx(100.0f).margin(1e-4));
  CHECK(x.to_pixel(100) == Approx(200.0f).margin(1e-4));
  CHECK(x.to_pixel(1000) == Approx(300.0f).margin(1e-4));
  // sqrt(10) lies half-way through its decade.
  CHECK(x.to_pixel(std::sqrt(10.0)) == Approx(50.0f).margin(1e-3));
  CHECK(x.to_value(150.0f) == Approx(std::pow(10.0, 1.5)).epsilon(1e-6));
}

TEST_CASE("A y axis grows upwards: the data minimum maps to the bottom pixel", "[chart-scale]") {
  const Scale y({0, 50}, 400.0f, 100.0f, false);
  CHECK(y.to_pixel(0) == Approx(400.0f));
  CHECK(y.to_pixel(50) == Approx(100.0f));
  CHECK(y.to_pixel(25) == Approx(250.0f));
  CHECK(y.to_value(175.0f) == Approx(37.5));
}

TEST_CASE("Nice steps are 1, 2 or 5 times a power of ten", "[chart-scale]") {
  CHECK(app::chart::nice_step(0.3) == Approx(0.5));
  CHECK(app::chart::nice_step(1.0) == Approx(1.0));
  CHECK(app::chart::nice_step(1.2) == Approx(2.0));
  CHECK(app::chart::nice_step(2.5) == Approx(5.0));
  CHECK(app::chart::nice_step(7.0) == Approx(10.0));
  CHECK(app::chart::nice_step(3.3e9) == Approx(5e9));
  CHECK(app::chart::nice_step(0) == 1.0);
  CHECK(app::chart::nice_step(-4) == 1.0);
  CHECK(app::chart::nice_step(kNaN) == 1.0);
}

TEST_CASE("Linear ticks for 0..80 GiB-ish data land on multiples of 20", "[chart-scale]") {
  const auto ticks = app::chart::linear_ticks({0, 85}, 6);
  REQUIRE(ticks.size() == 5);
  CHECK(ticks[0] == 0);
  CHECK(ticks[1] == Approx(20));
  CHECK(ticks[4] == Approx(80));
}

TEST_CASE("Linear ticks around zero include an exact zero", "[chart-scale]") {
  const auto ticks = app::chart::linear_ticks({-0.3, 0.7}, 6);
  // Step 0.2 (the 1-2-5 value above a fifth of the span); ends inside the range.
  REQUIRE(ticks.size() == 5);
  CHECK(ticks[0] == Approx(-0.2));
  CHECK(ticks[1] == 0.0);
  CHECK(ticks[4] == Approx(0.6));
}

TEST_CASE("Log ticks over a narrow range use 1, 2, 5 in each decade", "[chart-scale]") {
  const auto ticks = app::chart::log_ticks({1, 100}, 8);
  REQUIRE(ticks.size() == 7);
  CHECK(ticks[0] == Approx(1));
  CHECK(ticks[1] == Approx(2));
  CHECK(ticks[2] == Approx(5));
  CHECK(ticks[3] == Approx(10));
  CHECK(ticks[6] == Approx(100));
}

TEST_CASE("Log ticks over many decades thin out to every Nth power of ten", "[chart-scale]") {
  // Roofline x axis: 0.1 to 1e5 FLOPs/byte (six decades) with room for four labels.
  const auto ticks = app::chart::log_ticks({0.1, 1e5}, 4);
  REQUIRE(ticks.size() == 3);
  CHECK(ticks[0] == Approx(1));
  CHECK(ticks[1] == Approx(1e2));
  CHECK(ticks[2] == Approx(1e4));
  // FLOP/s axis: 1e11 to 1e16 with room for plenty: every decade.
  const auto y = app::chart::log_ticks({1e11, 1e16}, 8);
  REQUIRE(y.size() == 6);
  CHECK(y.front() == Approx(1e11));
  CHECK(y.back() == Approx(1e16));
}

TEST_CASE("Nice ranges end on ticks", "[chart-scale]") {
  const Range lin = app::chart::nice_linear_range({3, 87}, 6);
  CHECK(lin.min == Approx(0));
  CHECK(lin.max == Approx(100));
  const Range lg = app::chart::nice_log_range({3, 870});
  CHECK(lg.min == Approx(2));
  CHECK(lg.max == Approx(1000));
  const Range exact = app::chart::nice_log_range({1, 100});
  CHECK(exact.min == Approx(1));
  CHECK(exact.max == Approx(100));
}

TEST_CASE("Degenerate ranges become drawable ranges", "[chart-scale]") {
  SECTION("min == max widens around the value") {
    const Range r = app::chart::sanitize_linear({5, 5});
    CHECK(r.min == Approx(4.5));
    CHECK(r.max == Approx(5.5));
    const Range lg = app::chart::sanitize_log({100, 100});
    CHECK(std::log10(lg.min) == Approx(1.5));
    CHECK(std::log10(lg.max) == Approx(2.5));
  }
  SECTION("all zero") {
    const Range r = app::chart::sanitize_linear({0, 0});
    CHECK(r.min == -1);
    CHECK(r.max == 1);
    const Range lg = app::chart::sanitize_log({0, 0});
    CHECK(lg.min == 1);
    CHECK(lg.max == 10);
  }
  SECTION("negative or zero ends are dropped on a log axis") {
    const Range lg = app::chart::sanitize_log({-5, 1000});
    CHECK(lg.min < lg.max);
    CHECK(lg.min > 0);
    CHECK(lg.max == Approx(1000 * std::sqrt(10.0)));
  }
  SECTION("NaN and infinity") {
    const Range r = app::chart::sanitize_linear({kNaN, kInf});
    CHECK(r.min == 0);
    CHECK(r.max == 1);
    const Range half = app::chart::sanitize_linear({kNaN, 10});
    CHECK(half.min == Approx(9));
    CHECK(half.max == Approx(11));
  }
  SECTION("reversed ends are swapped") {
    const Range r = app::chart::sanitize_linear({10, 2});
    CHECK(r.min == 2);
    CHECK(r.max == 10);
  }
  SECTION("the extreme doubles keep a finite span") {
    const Range r = app::chart::sanitize_linear(
        {-std::numeric_limits<double>::max(), std::numeric_limits<double>::max()});
    CHECK(std::isfinite(r.max - r.min));
  }
}

TEST_CASE("Ticks and pixels of degenerate input never crash and stay finite", "[chart-scale]") {
  const double bad[] = {kNaN, kInf, -kInf, 0.0, -1.0, 1e-320, 1e308};
  for (double a : bad) {
    for (double b : bad) {
      for (bool log : {false, true}) {
        const Range r{a, b};
        const auto ticks = log ? app::chart::log_ticks(r, 5) : app::chart::linear_ticks(r, 5);
        CHECK(all_finite(ticks));
        CHECK(ticks.size() <= 8);
        const Scale s(r, 0.0f, 100.0f, log);
        for (double v : bad) CHECK(std::isfinite(s.to_pixel(v)));
        CHECK(std::isfinite(s.to_value(50.0f)));
      }
    }
  }
  // Zero ticks requested still yields a usable axis.
  CHECK(app::chart::linear_ticks({0, 10}, 0).size() >= 2);
  // A zero-length pixel axis does not divide by zero.
  const Scale flat({1, 10}, 5.0f, 5.0f, false);
  CHECK(flat.to_value(5.0f) == Approx(1));
}

TEST_CASE("Values outside the data range or not plottable map to the axis ends", "[chart-scale]") {
  const Scale s({1, 100}, 0.0f, 200.0f, true);
  CHECK(s.to_pixel(0) == 0.0f);  // log of zero: pinned to the axis start
  CHECK(s.to_pixel(-3) == 0.0f);
  CHECK(s.to_pixel(kNaN) == 0.0f);
  CHECK(s.to_pixel(1000) == Approx(300.0f));  // extrapolates; callers clip
  CHECK(s.to_pixel(kInf) == Approx(200.0f * 100));
}

TEST_CASE("Data range ignores NaN, infinity and, for log axes, non-positive values",
          "[chart-scale]") {
  const Range r = app::chart::data_range({kNaN, 3, -2, kInf, 0, 7}, true);
  CHECK(r.min == 3);
  CHECK(r.max == 7);
  const Range all = app::chart::data_range({kNaN, 3, -2, kInf, 0, 7}, false);
  CHECK(all.min == -2);
  CHECK(all.max == 7);
  const Range none = app::chart::data_range({kNaN}, false);
  CHECK(std::isnan(none.min));
}

TEST_CASE("Tick labels are short with SI suffixes and three significant digits", "[chart-scale]") {
  CHECK(app::chart::tick_label(0) == "0");
  CHECK(app::chart::tick_label(0.5) == "0.5");
  CHECK(app::chart::tick_label(20) == "20");
  CHECK(app::chart::tick_label(1500) == "1.5k");
  CHECK(app::chart::tick_label(999.7) == "1k");
  CHECK(app::chart::tick_label(3e8) == "300M");
  CHECK(app::chart::tick_label(989e12) == "989T");
  CHECK(app::chart::tick_label(2e15) == "2P");
  CHECK(app::chart::tick_label(-1500) == "-1.5k");
  CHECK(app::chart::tick_label(1e-6) == "1e-6");
  CHECK(app::chart::tick_label(2.5e-5) == "2.5e-5");
  CHECK(app::chart::tick_label(1e24) == "1e24");
  CHECK(app::chart::tick_label(kNaN) == "NaN");
}

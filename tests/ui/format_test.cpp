#include "logic/format.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace app;

TEST_CASE("numbers show three significant digits with thousands separators", "[ui][format]") {
  CHECK(fmt::number(14) == "14.0");
  CHECK(fmt::number(7.2415) == "7.24");
  CHECK(fmt::number(1234567) == "1,230,000");
  CHECK(fmt::number(999.96) == "1,000");
  CHECK(fmt::number(0.012345) == "0.0123");
  CHECK(fmt::number(0) == "0");
  CHECK(fmt::number(-1234.5) == "-1,230");
}

TEST_CASE("NaN and infinity show a dash with a reason, never 'nan' or 'inf'", "[ui][format]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(fmt::number(nan) == fmt::k_dash);
  CHECK(fmt::number(-inf) == fmt::k_dash);
  CHECK(fmt::bytes_decimal(inf) == fmt::k_dash);
  CHECK(fmt::seconds(nan) == fmt::k_dash);
  CHECK(fmt::usd(inf) == fmt::k_dash);
  CHECK(std::string(fmt::invalid_reason_key(nan)) == "fmt.nan");
  CHECK(std::string(fmt::invalid_reason_key(inf)) == "fmt.inf");
  CHECK(std::string(fmt::invalid_reason_key(1.0)).empty());
}

TEST_CASE("huge and tiny numbers switch to exponent form", "[ui][format]") {
  CHECK(fmt::number(1.2345e18) == "1.23e18");
  CHECK(fmt::number(-4.2e-9) == "-4.20e-9");
  CHECK(fmt::count(4.05e11) == "405B");
  CHECK(fmt::count(3.2e15) == "3,200T");
}

TEST_CASE("7B at FP16 reads as 14.0 GB decimal and 13.0 GiB binary", "[ui][format]") {
  // 7e9 parameters x 2 bytes = 14e9 bytes = 13.04 GiB: both labels, never mixed up.
  CHECK(fmt::bytes_decimal(14e9) == "14.0 GB");
  CHECK(fmt::bytes_binary(14e9) == "13.0 GiB");
  CHECK(fmt::bytes_binary(80.0 * 1073741824.0) == "80.0 GiB");
  CHECK(fmt::bytes_decimal(512e6) == "512 MB");
  CHECK(fmt::bytes_decimal(1.5e12) == "1.50 TB");
  CHECK(fmt::bytes_decimal(-2e9) == "-2.00 GB");
}

TEST_CASE("durations, money, percents and counts", "[ui][format]") {
  CHECK(fmt::seconds(0.0123) == "12.3 ms");
  CHECK(fmt::seconds(0.00085) == "850 \xC2\xB5s");
  CHECK(fmt::seconds(90) == "1.50 min");
  CHECK(fmt::seconds(3 * 86400) == "3.00 days");
  CHECK(fmt::usd(1234.5) == "$1,230");
  CHECK(fmt::usd(-0.5) == "-$0.500");
  CHECK(fmt::percent(0.6) == "60.0%");
  CHECK(fmt::count(7.24e9) == "7.24B");
  CHECK(fmt::count(131072) == "131K");
  CHECK(fmt::integer(131072) == "131,072");
  CHECK(fmt::context_tokens(131072) == "128K");
  CHECK(fmt::context_tokens(4000) == "4,000");
}

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

TEST_CASE("huge and tiny numbers never use an exponent", "[ui][format]") {
  fmt::set_style(fmt::Style{});  // English words (a frame drawn in Chinese leaves its style set)
  CHECK(fmt::number(1.2345e18) == "1,230,000,000,000,000,000");
  CHECK(fmt::number(2.99e19) == "29,900,000,000,000,000,000");  // no digits past a double's
  CHECK(fmt::number(-4.2e22) == "-42,000,000,000,000,000,000,000");
  CHECK(fmt::number(-4.2e-9) == "-0.00000000420");
  CHECK(fmt::number(1e-13) == "0");
  CHECK(fmt::bytes_decimal(1.14e12) == "1.14 TB");
  CHECK(fmt::bytes_decimal(1.14e18) == "1,140,000 TB");
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

TEST_CASE("one byte unit for the whole page, switchable", "[ui][format]") {
  fmt::Style style;
  style.units = fmt::ByteUnits::decimal;
  fmt::set_style(style);
  CHECK(fmt::bytes(53.6e9) == "53.6 GB");
  CHECK(std::string(fmt::gigabyte_unit()) == "GB");
  style.units = fmt::ByteUnits::binary;
  fmt::set_style(style);
  CHECK(fmt::bytes(53.6e9) == "49.9 GiB");
  CHECK(fmt::bytes_per_gigabyte_unit() == 1073741824.0);
  fmt::set_style(fmt::Style{});
}

TEST_CASE("durations use the page's time words", "[ui][format]") {
  fmt::Style zh;
  const char* words[] = {"\xE5\xBE\xAE\xE7\xA7\x92", "\xE6\xAF\xAB\xE7\xA7\x92", "\xE7\xA7\x92",
                         "\xE5\x88\x86\xE9\x92\x9F", "\xE5\xB0\x8F\xE6\x97\xB6", "\xE5\xA4\xA9"};
  for (int i = 0; i < fmt::k_time_words; ++i) zh.time_words[i] = words[i];
  fmt::set_style(zh);
  CHECK(fmt::seconds(11.7 * 86400) == "11.7 \xE5\xA4\xA9");  // 11.7 天
  CHECK(fmt::seconds(0.0123) == "12.3 \xE6\xAF\xAB\xE7\xA7\x92");
  fmt::set_style(fmt::Style{});
  CHECK(fmt::seconds(11.7 * 86400) == "11.7 days");
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

TEST_CASE("Chinese counts use 万 and 亿, contexts whole numbers", "[ui][format]") {
  fmt::Style zh;
  zh.count_words = fmt::parse_count_words(
      "1e12 \xE4\xB8\x87\xE4\xBA\xBF|1e8 \xE4\xBA\xBF|1e4 \xE4\xB8\x87");  // 万亿, 亿, 万
  zh.context_in_k = false;
  REQUIRE(zh.count_words.size() == 3);
  CHECK(zh.count_words.front().scale == 1e12);
  fmt::set_style(zh);
  CHECK(fmt::count(7.24e9) == "72.4\xE4\xBA\xBF");            // 72.4亿 (7.24B parameters)
  CHECK(fmt::count(131072) == "13.1\xE4\xB8\x87");            // 13.1万
  CHECK(fmt::count(4.0e7) == "4,000\xE4\xB8\x87");            // 4,000万 (LoRA's 40M)
  CHECK(fmt::count(2e12) == "2.00\xE4\xB8\x87\xE4\xBA\xBF");  // 2.00万亿 tokens
  CHECK(fmt::count(4096) == "4,100");                         // below 万: the number itself
  CHECK(fmt::context_tokens(131072) == "131,072");
  fmt::set_style(fmt::Style{});
  CHECK(fmt::count(999999) == "1.00M");  // judged after rounding, not "1,000K"
  CHECK(fmt::context_tokens(131072) == "128K");
}

TEST_CASE("count words from the string table: bad entries are left out", "[ui][format]") {
  CHECK(fmt::parse_count_words("").empty());
  CHECK(fmt::parse_count_words("x K|1e3|0 Z|-5 N|inf I").empty());
  const std::vector<fmt::CountWord> w = fmt::parse_count_words("1e3 K|1e9 B|1e6 M");
  REQUIRE(w.size() == 3);
  CHECK(w[0].word == "B");
  CHECK(w[2].word == "K");
}

TEST_CASE("FLOP counts carry SI prefixes, never 20 digits", "[ui][format]") {
  CHECK(fmt::flops(2.99e19) == "29.9 EFLOP");
  CHECK(fmt::flops(4.2e22) == "42.0 ZFLOP");
  CHECK(fmt::flops(6.3e11) == "630 GFLOP");
  CHECK(fmt::flops(999.96e15) == "1.00 EFLOP");
  CHECK(fmt::flops(3e30) == "3,000,000 YFLOP");
  CHECK(fmt::flops(12) == "12.0 FLOP");
}

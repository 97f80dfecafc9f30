// app::fast_strtod (imgui_app/logic/fast_strtod.hpp) against the C library's strtod: the same
// double, bit for bit, and the same end pointer, for well-formed, malformed and random text; the
// fast path covers every number of the catalogs, so the app's start-up never needs the slow one.
#include "logic/fast_strtod.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

int g_fallbacks = 0;
double counting_strtod(const char* text, char** end) {
  ++g_fallbacks;
  return std::strtod(text, end);
}

// Same bits and same end as strtod.
void check_same(const std::string& text) {
  char* end_real = nullptr;
  char* end_fast = nullptr;
  const double real = std::strtod(text.c_str(), &end_real);
  const double fast = app::fast_strtod(text.c_str(), &end_fast, counting_strtod);
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  std::memcpy(&a, &real, sizeof a);
  std::memcpy(&b, &fast, sizeof b);
  INFO("text: \"" << text << "\"");
  CHECK(a == b);
  CHECK(end_fast - text.c_str() == end_real - text.c_str());
}

}  // namespace

TEST_CASE("fast_strtod reads what strtod reads, malformed text included") {
  const char* cases[] = {"",
                         " ",
                         "-",
                         "+",
                         ".",
                         "-.",
                         "+.e5",
                         "e5",
                         "1",
                         "-1",
                         "+1",
                         "0",
                         "-0",
                         "+0.0",
                         "00012.50",
                         "1.",
                         ".5",
                         "-.5",
                         "1e",
                         "1e+",
                         "1e-",
                         "1e5",
                         "1E5",
                         "1e+5x",
                         "1e-5 ",
                         "12abc",
                         "1,5",
                         "  \t\n3.25e-7",
                         "0x1p3",
                         "0X10",
                         "-0x1.8p1",
                         "inf",
                         "-inf",
                         "infinity",
                         "nan",
                         "NaN(1)",
                         "1e22",
                         "1e23",
                         "9e22",
                         "1e-22",
                         "1e-23",
                         "4.35e-22",
                         "9007199254740992",
                         "9007199254740993",
                         "18014398509481984",
                         "123456789012345678",
                         "0.1",
                         "0.2",
                         "0.3",
                         "1.7976931348623157e308",
                         "2.2250738585072014e-308",
                         "4.9e-324",
                         "1e400",
                         "-1e400",
                         "1e-400",
                         "0e99999",
                         "1e00001",
                         "0.000000000000000000000000000001",
                         "100000000000000000000000",
                         "5e-1",
                         "3.5.1",
                         "--1",
                         "+-1",
                         "1e+-5",
                         "13e9",
                         "14e9",
                         "1.5e-3",
                         "80",
                         "3350",
                         "4.29",
                         "989.4",
                         "0.00046875"};
  for (const char* c : cases) check_same(c);
}

TEST_CASE("fast_strtod agrees with strtod on random decimal text") {
  std::mt19937_64 rng(12);
  const std::string alphabet = "0123456789.eE+- x";
  for (int i = 0; i < 200000; ++i) {
    std::string text;
    if (i % 2 == 0) {
      // Well-formed: up to 17 significant digits, exponents around the fast path's edge.
      std::uniform_int_distribution<int> digits(1, 17);
      std::uniform_int_distribution<int> digit(0, 9);
      std::uniform_int_distribution<int> exponent(-30, 30);
      const int n = digits(rng);
      const int point = std::uniform_int_distribution<int>(0, n)(rng);
      if (rng() % 3 == 0) text += '-';
      for (int d = 0; d < n; ++d) {
        if (d == point) text += '.';
        text += static_cast<char>('0' + digit(rng));
      }
      if (rng() % 2 == 0) text += "e" + std::to_string(exponent(rng));
    } else {
      // Anything: the characters a number is made of, in any order.
      const std::size_t n = rng() % 12;
      for (std::size_t c = 0; c < n; ++c) text += alphabet[rng() % alphabet.size()];
    }
    check_same(text);
  }
}

TEST_CASE("fast_strtod takes the fast path for every number of the catalogs") {
  int numbers = 0;
  for (const char* name : {"gpus", "models", "formats", "prices"}) {
    // core/data beside imgui_app/strings (the directory tests/ui/CMakeLists.txt names).
    std::ifstream in(std::string(SIZER_STRINGS_DIR) + "/../../core/data/" + name + ".csv");
    REQUIRE(in);
    std::string line;
    while (std::getline(in, line)) {
      std::stringstream cells(line);
      std::string cell;
      while (std::getline(cells, cell, ',')) {
        char* end = nullptr;
        std::strtod(cell.c_str(), &end);
        if (cell.empty() || end != cell.c_str() + cell.size()) continue;  // not a number
        ++numbers;
        INFO(name << ".csv: " << cell);
        g_fallbacks = 0;
        check_same(cell);
        CHECK(g_fallbacks == 0);
      }
    }
  }
  CHECK(numbers > 1000);
}

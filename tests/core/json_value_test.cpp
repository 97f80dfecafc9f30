// The project's JSON reader and writer (sizer/json.hpp): strict RFC 8259 parsing that never
// crashes and says where the input went wrong, nlohmann-compatible typing of numbers, sorted
// objects (the last of a repeated key wins) and byte-identical output.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "sizer/json.hpp"

using sizer::Json;

namespace {

std::string error_of(const std::string& text) {
  std::string error;
  const Json j = Json::parse(text, &error);
  if (!j.is_discarded()) return "(parsed)";
  return error;
}

bool rejects(const std::string& text) {
  std::string error;
  const bool discarded = Json::parse(text, &error).is_discarded();
  return discarded && error.rfind("invalid JSON at byte ", 0) == 0;
}

std::string round_trip(const std::string& text) { return Json::parse(text).dump(); }

}  // namespace

TEST_CASE("json: scalars, lists and objects parse", "[json]") {
  const Json j = Json::parse(R"( {"b": [1, -2, 3.5, true, false, null, "x"], "a": {}} )");
  REQUIRE(j.is_object());
  REQUIRE(j.size() == 2);
  const Json& b = j["b"];
  REQUIRE(b.is_array());
  REQUIRE(b.size() == 7);
  CHECK(b[0].is_number_unsigned());
  CHECK(b[0].get<int>() == 1);
  CHECK(b[1].is_number_integer());
  CHECK_FALSE(b[1].is_number_unsigned());
  CHECK(b[1].get<long long>() == -2);
  CHECK(b[2].is_number_float());
  CHECK(b[2].get<double>() == 3.5);
  CHECK(b[3].get<bool>());
  CHECK_FALSE(b[4].get<bool>());
  CHECK(b[5].is_null());
  CHECK(b[6].get<std::string>() == "x");
  CHECK(j["a"].is_object());
  CHECK(j["a"].empty());
  CHECK(j["missing"].is_null());
  CHECK(j.find("missing") == j.end());
  CHECK(j.contains("a"));
  CHECK_FALSE(b.contains("a"));
}

TEST_CASE("json: objects iterate and dump in key order", "[json]") {
  const Json j = Json::parse(R"({"zeta": 1, "alpha": 2, "Mid": 3, "beta": {"y": 1, "x": 2}})");
  std::string keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys += it.key() + ",";
  CHECK(keys == "Mid,alpha,beta,zeta,");
  CHECK(j.dump() == R"({"Mid":3,"alpha":2,"beta":{"x":2,"y":1},"zeta":1})");
}

TEST_CASE("json: a repeated key keeps its last value", "[json]") {
  const Json j = Json::parse(R"({"a": 1, "b": 2, "a": 3, "a": {"c": true}})");
  REQUIRE(j.size() == 2);
  CHECK(j["a"].is_object());
  CHECK(j.dump() == R"({"a":{"c":true},"b":2})");
}

TEST_CASE("json: numbers keep their kind and print as nlohmann does", "[json]") {
  CHECK(round_trip("[1, -0, 2.0, 1e3, 1E-7, 0.1, 100.5, 1e14, 1e15, 0.0001, 0.00001]") ==
        "[1,0,2.0,1000.0,1e-07,0.1,100.5,100000000000000.0,1e+15,0.0001,1e-05]");
  CHECK(round_trip("[-0.0, 0.30000000000000004, 5e-324, 1.7976931348623157e308]") ==
        "[-0.0,0.30000000000000004,5e-324,1.7976931348623157e+308]");
  // 64-bit integers are exact; beyond them a number is a float
  const Json big = Json::parse(
      "[18446744073709551615, 18446744073709551616, -9223372036854775808, -9223372036854775809]");
  CHECK(big[0].is_number_unsigned());
  CHECK(big[0].get<std::uint64_t>() == 18446744073709551615ull);
  CHECK(big[1].is_number_float());
  CHECK(big[2].is_number_integer());
  CHECK(big[2].get<std::int64_t>() == INT64_MIN);
  CHECK(big[3].is_number_float());
  CHECK(
      big.dump() ==
      "[18446744073709551615,1.8446744073709552e+19,-9223372036854775808,-9.223372036854776e+18]");
  // beyond the double range is an error (as in nlohmann); below it reads as zero
  CHECK(error_of("[1, 1e400]") == "invalid JSON at byte 4: number out of range");
  CHECK(error_of("-1e400") == "invalid JSON at byte 0: number out of range");
  CHECK(error_of("1" + std::string(400, '0')) == "invalid JSON at byte 0: number out of range");
  CHECK(Json::parse("[1e-400, -1e-400]").dump() == "[0.0,-0.0]");
  CHECK(Json(HUGE_VAL).dump() == "null");
  CHECK(Json(0.1 + 0.2).dump() == "0.30000000000000004");
  CHECK(Json(1.0 / 3.0).dump() == "0.3333333333333333");
  CHECK(Json(std::nan("")).dump() == "null");
  CHECK(Json(7).dump() == "7");
  CHECK(Json(7.0).dump() == "7.0");
  // many digits go through strtod and still round correctly
  CHECK(Json::parse("3.14159265358979323846264338327950288").get<double>() == 3.141592653589793);
  CHECK(Json::parse("123456789012345678901234567890e-10").get<double>() == 12345678901234567890.0);
}

TEST_CASE("json: strings decode escapes and surrogate pairs", "[json]") {
  const Json j = Json::parse(R"(["\"\\\/\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\ude00", "\u0000"])");
  REQUIRE(j.is_array());
  CHECK(j[0].get<std::string>() == "\"\\/\b\f\n\r\t");
  CHECK(j[1].get<std::string>() == "\xC3\xA9\xE4\xB8\xAD");
  CHECK(j[2].get<std::string>() == "\xF0\x9F\x98\x80");
  CHECK(j[3].get<std::string>() == std::string(1, '\0'));
  CHECK(j.dump() ==
        "[\"\\\"\\\\/\\b\\f\\n\\r\\t\",\"\xC3\xA9\xE4\xB8\xAD\",\"\xF0\x9F\x98\x80\","
        "\"\\u0000\"]");
  CHECK(Json::parse("\"caf\xC3\xA9\"").get<std::string>() == "caf\xC3\xA9");
}

TEST_CASE("json: dump replaces invalid UTF-8 by U+FFFD", "[json]") {
  CHECK(Json(std::string("a\xC3(b")).dump() == "\"a\xEF\xBF\xBD(b\"");
  CHECK(Json(std::string("\xE2\x82(")).dump() == "\"\xEF\xBF\xBD(\"");
  CHECK(Json(std::string("\x80x")).dump() == "\"\xEF\xBF\xBDx\"");
  CHECK(Json(std::string("\xF0\x9F\x98")).dump() == "\"\xEF\xBF\xBD\"");
  CHECK(Json(std::string("\xC0\xAF")).dump() == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
  CHECK(Json(std::string("\x01\x1f\x7f")).dump() == "\"\\u0001\\u001f\x7f\"");
}

TEST_CASE("json: malformed input is rejected with the byte offset", "[json]") {
  CHECK(error_of("") == "invalid JSON at byte 0: unexpected end of input");
  CHECK(error_of("   ") == "invalid JSON at byte 3: unexpected end of input");
  CHECK(error_of(R"({"a": 1,})") == "invalid JSON at byte 8: expected a string key");
  CHECK(error_of("[1, 2,]") == "invalid JSON at byte 6: unexpected character");
  CHECK(error_of(R"({"a" 1})") == "invalid JSON at byte 5: expected ':'");
  CHECK(error_of("[1 2]") == "invalid JSON at byte 3: expected ',' or ']'");
  CHECK(error_of("{} x") == "invalid JSON at byte 3: unexpected text after the JSON value");
  CHECK(error_of("[1] [2]") == "invalid JSON at byte 4: unexpected text after the JSON value");
  CHECK(error_of(R"("abc)") == "invalid JSON at byte 4: unterminated string");
  CHECK(error_of(R"(["a\x"])") == "invalid JSON at byte 4: invalid escape in a string");
  CHECK(error_of("\"a\tb\"") ==
        "invalid JSON at byte 2: control character in a string (must be escaped)");
  CHECK(error_of(R"("\ud83d")") ==
        "invalid JSON at byte 7: high surrogate not followed by a \\u low surrogate");
  CHECK(error_of(R"("\ud83d\u0041")") ==
        "invalid JSON at byte 13: high surrogate not followed by a \\u low surrogate");
  CHECK(error_of(R"("\ude00")") == "invalid JSON at byte 7: lone low surrogate in \\u escape");
  CHECK(error_of(R"("\u12g4")") ==
        "invalid JSON at byte 3: \\u must be followed by four hex digits");
  CHECK(error_of("\"\xC3\"") == "invalid JSON at byte 1: invalid UTF-8 in a string");
  CHECK(error_of("\"\xED\xA0\x80\"") == "invalid JSON at byte 1: invalid UTF-8 in a string");
  CHECK(error_of("NaN") == "invalid JSON at byte 0: unexpected character");
  CHECK(error_of("[Infinity]") == "invalid JSON at byte 1: unexpected character");
  CHECK(error_of("-Infinity") == "invalid JSON at byte 1: expected a digit");
  CHECK(error_of("[tru]") == "invalid JSON at byte 1: unexpected character");
  CHECK(error_of("nul") == "invalid JSON at byte 0: unexpected end of input");
  CHECK(error_of("012") == "invalid JSON at byte 1: leading zero in a number");
  CHECK(error_of("1.") == "invalid JSON at byte 2: expected a digit after '.'");
  CHECK(error_of(".5") == "invalid JSON at byte 0: unexpected character");
  CHECK(error_of("+1") == "invalid JSON at byte 0: unexpected character");
  CHECK(error_of("1e+") == "invalid JSON at byte 3: expected a digit in the exponent");
  CHECK(error_of("// comment\n{}") == "invalid JSON at byte 0: unexpected character");
  CHECK(error_of("{'a': 1}") == "invalid JSON at byte 1: expected a string key");
  CHECK(error_of(std::string("{\"a\":1}\0", 8)) ==
        "invalid JSON at byte 7: unexpected text after the JSON value");
}

TEST_CASE("json: every truncation of a document is rejected without a crash", "[json]") {
  const std::string doc =
      R"({"model": {"arch": [1, 2.5e-3, "\u00e9\ud83d\ude00"]}, "ok": [true, false, null]})";
  REQUIRE_FALSE(Json::parse(doc).is_discarded());
  for (std::size_t n = 0; n < doc.size(); ++n) {
    INFO(doc.substr(0, n));
    CHECK(rejects(doc.substr(0, n)));
  }
}

TEST_CASE("json: nesting is limited", "[json]") {
  const int limit = Json::kMaxDepth;
  const std::string ok = std::string(limit, '[') + std::string(limit, ']');
  CHECK(Json::parse(ok).is_array());
  const std::string deep = std::string(limit + 1, '[') + std::string(limit + 1, ']');
  CHECK(error_of(deep) == "invalid JSON at byte " + std::to_string(limit) + ": nested too deeply");
  std::string objects;
  for (int i = 0; i <= limit; ++i) objects += "{\"a\":";
  CHECK(rejects(objects + "1" + std::string(limit + 1, '}')));
  // far deeper input fails fast too (no recursion past the limit)
  CHECK(rejects(std::string(1000000, '[')));
}

TEST_CASE("json: a byte-order mark and surrounding whitespace are skipped", "[json]") {
  CHECK(Json::parse("\xEF\xBB\xBF{\"a\":1}").is_object());
  CHECK(Json::parse(" \t\r\n[ ]\n ").is_array());
  CHECK(rejects("\xEF\xBB"));
}

TEST_CASE("json: values are built and edited as nlohmann's", "[json]") {
  Json j{{"name", "x"}, {"list", Json::array()}, {"n", 2}};
  CHECK(j.is_object());
  j["list"].push_back(1.5);
  j["list"].push_back("s");
  j["nested"]["deep"] = true;
  Json other = Json::parse(R"({"n": 3, "added": null})");
  j.update(other);
  CHECK(j.dump() == R"({"added":null,"list":[1.5,"s"],"n":3,"name":"x","nested":{"deep":true}})");
  const Json pair = {"a", 1};  // a braced list of two with a string first is one member
  CHECK(pair.is_array());
  const Json list = {1, "two", nullptr};
  CHECK(list.dump() == R"([1,"two",null])");
  const Json strings(std::vector<std::string>{"a", "b"});
  CHECK(strings.dump() == R"(["a","b"])");
  CHECK(Json::parse("[1, 2.0]") == Json::parse("[1.0, 2]"));
  CHECK(Json::parse(R"({"a":[1]})") != Json::parse(R"({"a":[2]})"));
}

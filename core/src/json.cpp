// LLM Sizer's JSON value, parser and serializer (sizer/json.hpp).
#include "sizer/json.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace sizer {

// [SECTION] value

Json::Json(const std::vector<std::string>& list) : type_(Type::array) {
  arr_.reserve(list.size());
  for (const std::string& s : list) arr_.emplace_back(s);
}

Json::Json(std::initializer_list<Json> items) {
  const bool is_object = std::all_of(items.begin(), items.end(), [](const Json& j) {
    return j.is_array() && j.arr_.size() == 2 && j.arr_[0].is_string();
  });
  if (!is_object) {
    type_ = Type::array;
    arr_.assign(items.begin(), items.end());
    return;
  }
  type_ = Type::object;
  for (const Json& pair : items) {
    const std::string& key = pair.arr_[0].str_;
    auto at = std::lower_bound(obj_.begin(), obj_.end(), key,
                               [](const Member& m, const std::string& k) { return m.first < k; });
    if (at != obj_.end() && at->first == key) continue;  // the first of a repeated key wins
    obj_.insert(at, Member{key, pair.arr_[1]});
  }
}

double Json::as_double() const {
  switch (type_) {
    case Type::integer:
      return static_cast<double>(scalar_.i);
    case Type::unsigned_:
      return static_cast<double>(scalar_.u);
    case Type::floating:
      return scalar_.d;
    default:
      return 0;
  }
}

std::int64_t Json::as_int64() const {
  switch (type_) {
    case Type::integer:
      return scalar_.i;
    case Type::unsigned_:
      return static_cast<std::int64_t>(scalar_.u);
    case Type::floating:
      return scalar_.d > -9.2e18 && scalar_.d < 9.2e18 ? static_cast<std::int64_t>(scalar_.d) : 0;
    default:
      return 0;
  }
}

std::uint64_t Json::as_uint64() const {
  switch (type_) {
    case Type::integer:
      return static_cast<std::uint64_t>(scalar_.i);
    case Type::unsigned_:
      return scalar_.u;
    case Type::floating:
      return scalar_.d >= 0 && scalar_.d < 1.8e19 ? static_cast<std::uint64_t>(scalar_.d) : 0;
    default:
      return 0;
  }
}

const Json& Json::const_iterator::operator*() const { return member_ ? member_->second : *item_; }

const std::string& Json::const_iterator::key() const {
  static const std::string none;
  return member_ ? member_->first : none;
}

Json::const_iterator Json::begin() const {
  const_iterator it;
  if (type_ == Type::object && !obj_.empty()) it.member_ = obj_.data();
  if (type_ == Type::array && !arr_.empty()) it.item_ = arr_.data();
  return it;
}

Json::const_iterator Json::end() const {
  const_iterator it;
  if (type_ == Type::object && !obj_.empty()) it.member_ = obj_.data() + obj_.size();
  if (type_ == Type::array && !arr_.empty()) it.item_ = arr_.data() + arr_.size();
  return it;
}

namespace {

Json::Object::const_iterator lower(const Json::Object& obj, std::string_view key) {
  return std::lower_bound(obj.begin(), obj.end(), key,
                          [](const Json::Member& m, std::string_view k) { return m.first < k; });
}

}  // namespace

const Json* Json::find_value(std::string_view key) const {
  if (type_ != Type::object) return nullptr;
  auto at = lower(obj_, key);
  return at != obj_.end() && at->first == key ? &at->second : nullptr;
}

Json::const_iterator Json::find(std::string_view key) const {
  if (type_ != Type::object) return end();
  auto at = lower(obj_, key);
  if (at == obj_.end() || at->first != key) return end();
  const_iterator it;
  it.member_ = &*at;
  return it;
}

std::size_t Json::size() const {
  switch (type_) {
    case Type::null:
    case Type::discarded:
      return 0;
    case Type::array:
      return arr_.size();
    case Type::object:
      return obj_.size();
    default:
      return 1;
  }
}

Json& Json::operator[](std::string_view key) {
  if (type_ != Type::object) *this = object();  // nlohmann throws here for non-null values
  auto at = lower(obj_, key);
  if (at != obj_.end() && at->first == key)
    return obj_[static_cast<std::size_t>(at - obj_.begin())].second;
  const auto index = static_cast<std::size_t>(at - obj_.begin());
  obj_.insert(obj_.begin() + static_cast<std::ptrdiff_t>(index), Member{std::string(key), Json()});
  return obj_[index].second;
}

const Json& Json::operator[](std::string_view key) const {
  static const Json null_value;
  const Json* v = find_value(key);
  return v ? *v : null_value;
}

void Json::push_back(Json v) {
  if (type_ != Type::array) *this = array();
  arr_.push_back(std::move(v));
}

void Json::merge_patch(const Json& patch) {
  if (!patch.is_object()) {
    *this = patch;
    return;
  }
  if (!is_object()) *this = object();
  for (const Member& m : patch.obj_) {
    if (m.second.is_null()) {
      erase(m.first);
    } else {
      (*this)[m.first].merge_patch(m.second);
    }
  }
}

std::size_t Json::erase(std::string_view key) {
  if (type_ != Type::object) return 0;
  auto at = lower(obj_, key);
  if (at == obj_.end() || at->first != key) return 0;
  obj_.erase(at);
  return 1;
}

void Json::update(const Json& other) {
  if (!other.is_object()) return;
  for (const Member& m : other.obj_) (*this)[m.first] = m.second;
}

bool Json::operator==(const Json& o) const {
  if (is_number() && o.is_number()) {
    if (type_ == o.type_) {
      return type_ == Type::floating ? scalar_.d == o.scalar_.d : scalar_.u == o.scalar_.u;
    }
    return as_double() == o.as_double();
  }
  if (type_ != o.type_) return false;
  switch (type_) {
    case Type::boolean:
      return scalar_.b == o.scalar_.b;
    case Type::string:
      return str_ == o.str_;
    case Type::array:
      return arr_ == o.arr_;
    case Type::object:
      if (obj_.size() != o.obj_.size()) return false;
      for (std::size_t i = 0; i < obj_.size(); ++i) {
        if (obj_[i].first != o.obj_[i].first || obj_[i].second != o.obj_[i].second) return false;
      }
      return true;
    default:
      return true;
  }
}

// [SECTION] UTF-8

namespace {

// Length of the well-formed UTF-8 sequence at s (Unicode table 3-7), or 0 when it is not
// well-formed; then *bad is how many bytes to drop: the lead byte and the continuation bytes
// that were still acceptable (at least 1).
std::size_t utf8_sequence(const unsigned char* s, const unsigned char* end, std::size_t* bad) {
  const unsigned c = s[0];
  std::size_t n = 0;
  unsigned lo = 0x80, hi = 0xBF;  // range of the second byte
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    if (bad) *bad = 1;
    return 0;
  }
  for (std::size_t k = 1; k < n; ++k) {
    const unsigned cc = s + k < end ? s[k] : 0x100;
    const bool ok = k == 1 ? cc >= lo && cc <= hi : cc >= 0x80 && cc <= 0xBF;
    if (!ok) {
      if (bad) *bad = k;
      return 0;
    }
  }
  return n;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace

// [SECTION] parser

class JsonParser {
 public:
  JsonParser(std::string_view text, std::string* error)
      : begin_(reinterpret_cast<const unsigned char*>(text.data())),
        p_(begin_),
        end_(begin_ + text.size()),
        error_(error) {}

  bool run(Json& out) {
    if (end_ - p_ >= 3 && p_[0] == 0xEF && p_[1] == 0xBB && p_[2] == 0xBF) p_ += 3;
    skip_ws();
    if (!value(out, 0)) return false;
    skip_ws();
    if (p_ != end_) return fail("unexpected text after the JSON value");
    return true;
  }

 private:
  bool fail(const char* message) {
    if (error_) {
      *error_ = "invalid JSON at byte " + std::to_string(p_ - begin_) + ": " + message;
    }
    return false;
  }

  void skip_ws() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  bool literal(const char* word, std::size_t n) {
    const auto left = static_cast<std::size_t>(end_ - p_);
    if (left < n || std::memcmp(p_, word, n) != 0) {
      const bool cut = left < n && std::memcmp(p_, word, left) == 0;
      return fail(cut ? "unexpected end of input" : "unexpected character");
    }
    p_ += n;
    return true;
  }

  bool value(Json& out, int depth) {
    if (p_ == end_) return fail("unexpected end of input");
    switch (*p_) {
      case '{':
        return object(out, depth + 1);
      case '[':
        return array(out, depth + 1);
      case '"':
        out.type_ = Json::Type::string;
        return string(out.str_);
      case 't':
        out = Json(true);
        return literal("true", 4);
      case 'f':
        out = Json(false);
        return literal("false", 5);
      case 'n':
        out = Json();
        return literal("null", 4);
      default:
        if (*p_ == '-' || (*p_ >= '0' && *p_ <= '9')) return number(out);
        return fail("unexpected character");
    }
  }

  bool array(Json& out, int depth) {
    if (depth > Json::kMaxDepth) return fail("nested too deeply");
    out.type_ = Json::Type::array;
    ++p_;
    skip_ws();
    if (p_ != end_ && *p_ == ']') {
      ++p_;
      return true;
    }
    for (;;) {
      out.arr_.emplace_back();
      if (!value(out.arr_.back(), depth)) return false;
      skip_ws();
      if (p_ == end_) return fail("unexpected end of input");
      if (*p_ == ']') {
        ++p_;
        return true;
      }
      if (*p_ != ',') return fail("expected ',' or ']'");
      ++p_;
      skip_ws();
    }
  }

  bool object(Json& out, int depth) {
    if (depth > Json::kMaxDepth) return fail("nested too deeply");
    out.type_ = Json::Type::object;
    Json::Object& members = out.obj_;
    ++p_;
    skip_ws();
    if (p_ != end_ && *p_ == '}') {
      ++p_;
      return true;
    }
    bool sorted = true;
    for (;;) {
      if (p_ == end_) return fail("unexpected end of input");
      if (*p_ != '"') return fail("expected a string key");
      members.emplace_back();
      Json::Member& m = members.back();
      if (!string(m.first)) return false;
      if (sorted && members.size() > 1 && !(members[members.size() - 2].first < m.first)) {
        sorted = false;
      }
      skip_ws();
      if (p_ == end_) return fail("unexpected end of input");
      if (*p_ != ':') return fail("expected ':'");
      ++p_;
      skip_ws();
      if (!value(m.second, depth)) return false;
      skip_ws();
      if (p_ == end_) return fail("unexpected end of input");
      if (*p_ == '}') {
        ++p_;
        break;
      }
      if (*p_ != ',') return fail("expected ',' or '}'");
      ++p_;
      skip_ws();
    }
    if (!sorted) sort_members(members);
    return true;
  }

  // Keys in order; of a repeated key the last value is kept (as nlohmann does). Sorts indices,
  // then moves each member once (members are large; a sort moving them would cost far more).
  static void sort_members(Json::Object& members) {
    std::vector<std::uint32_t> order(members.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
    std::stable_sort(order.begin(), order.end(), [&members](std::uint32_t a, std::uint32_t b) {
      return members[a].first < members[b].first;
    });
    Json::Object sorted;
    sorted.reserve(members.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
      if (k + 1 < order.size() && members[order[k + 1]].first == members[order[k]].first) continue;
      sorted.push_back(std::move(members[order[k]]));
    }
    members = std::move(sorted);
  }

  int hex4() {
    if (end_ - p_ < 4) return -1;
    int v = 0;
    for (int k = 0; k < 4; ++k) {
      const unsigned c = p_[k];
      int d;
      if (c >= '0' && c <= '9') {
        d = static_cast<int>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        d = static_cast<int>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        d = static_cast<int>(c - 'A' + 10);
      } else {
        return -1;
      }
      v = v * 16 + d;
    }
    p_ += 4;
    return v;
  }

  bool string(std::string& out) {
    ++p_;  // the opening quote
    const unsigned char* run = p_;
    for (;;) {
      while (p_ != end_ && *p_ >= 0x20 && *p_ < 0x80 && *p_ != '"' && *p_ != '\\') ++p_;
      if (p_ == end_) return fail("unterminated string");
      const unsigned c = *p_;
      if (c == '"') {
        out.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(p_ - run));
        ++p_;
        return true;
      }
      if (c < 0x20) return fail("control character in a string (must be escaped)");
      if (c >= 0x80) {
        const std::size_t n = utf8_sequence(p_, end_, nullptr);
        if (n == 0) return fail("invalid UTF-8 in a string");
        p_ += n;
        continue;
      }
      // a backslash
      out.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(p_ - run));
      ++p_;
      if (p_ == end_) return fail("unterminated string");
      const unsigned e = *p_++;
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          const int hi = hex4();
          if (hi < 0) return fail("\\u must be followed by four hex digits");
          std::uint32_t cp = static_cast<std::uint32_t>(hi);
          if (cp >= 0xDC00 && cp <= 0xDFFF) return fail("lone low surrogate in \\u escape");
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u') {
              return fail("high surrogate not followed by a \\u low surrogate");
            }
            p_ += 2;
            const int lo = hex4();
            if (lo < 0) return fail("\\u must be followed by four hex digits");
            if (lo < 0xDC00 || lo > 0xDFFF) {
              return fail("high surrogate not followed by a \\u low surrogate");
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (static_cast<std::uint32_t>(lo) - 0xDC00);
          }
          append_utf8(out, cp);
          break;
        }
        default:
          --p_;
          return fail("invalid escape in a string");
      }
      run = p_;
    }
  }

  bool number(Json& out) {
    const unsigned char* start = p_;
    const bool negative = *p_ == '-';
    if (negative) ++p_;
    if (p_ == end_ || *p_ < '0' || *p_ > '9') return fail("expected a digit");
    std::uint64_t mantissa = 0;  // the first 19 significant digits
    int digits = 0;              // significant digits seen (after leading zeros)
    int dropped = 0;             // integer digits beyond the 19 kept
    bool overflow = false;       // integer part does not fit 64 bits
    if (*p_ == '0') {
      ++p_;
      if (p_ != end_ && *p_ >= '0' && *p_ <= '9') return fail("leading zero in a number");
    } else {
      while (p_ != end_ && *p_ >= '0' && *p_ <= '9') {
        const unsigned d = *p_ - '0';
        if (digits < 19) {
          mantissa = mantissa * 10 + d;
        } else {
          ++dropped;
          if (digits == 19 && !overflow) {
            // a 20th digit fits only when the value stays below 2^64
            if (mantissa > (UINT64_MAX - d) / 10) overflow = true;
          } else {
            overflow = true;
          }
        }
        ++digits;
        ++p_;
      }
    }
    bool is_float = false;
    int exp10 = dropped;
    if (p_ != end_ && *p_ == '.') {
      is_float = true;
      ++p_;
      if (p_ == end_ || *p_ < '0' || *p_ > '9') return fail("expected a digit after '.'");
      while (p_ != end_ && *p_ >= '0' && *p_ <= '9') {
        if (digits < 19) {
          if (digits > 0 || *p_ != '0') {
            mantissa = mantissa * 10 + (*p_ - '0');
            ++digits;
          }
          --exp10;
        } else {
          ++digits;
        }
        ++p_;
      }
    }
    if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
      is_float = true;
      ++p_;
      bool exp_negative = false;
      if (p_ != end_ && (*p_ == '+' || *p_ == '-')) exp_negative = *p_++ == '-';
      if (p_ == end_ || *p_ < '0' || *p_ > '9') return fail("expected a digit in the exponent");
      int e = 0;
      while (p_ != end_ && *p_ >= '0' && *p_ <= '9') {
        if (e < 100000) e = e * 10 + (*p_ - '0');
        ++p_;
      }
      exp10 += exp_negative ? -e : e;
    }
    if (!is_float && !overflow) {
      std::uint64_t magnitude = mantissa;
      if (dropped == 1) {
        magnitude = mantissa * 10 + static_cast<std::uint64_t>(p_[-1] - '0');
      }
      if (!negative) {
        out = Json(magnitude);
        return true;
      }
      if (magnitude <= (std::uint64_t{1} << 63)) {
        out = Json(static_cast<std::int64_t>(0 - magnitude));
        return true;
      }
    }
    // Exact when the digits fit a double's 53 bits and 10^|exp10| is exact (Clinger's fast path).
    static const double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                    1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    double d;
    if (digits <= 15 && exp10 >= -22 && exp10 <= 22) {
      d = static_cast<double>(mantissa);
      d = exp10 < 0 ? d / kPow10[-exp10] : d * kPow10[exp10];
      if (negative) d = -d;
    } else {
      const std::string text(reinterpret_cast<const char*>(start),
                             static_cast<std::size_t>(p_ - start));
      d = std::strtod(text.c_str(), nullptr);
      if (!std::isfinite(d)) {
        p_ = start;
        return fail("number out of range");
      }
    }
    out = Json(d);
    return true;
  }

  const unsigned char* begin_;
  const unsigned char* p_;
  const unsigned char* end_;
  std::string* error_;
};

Json Json::parse(std::string_view text, std::string* error) {
  Json out;
  JsonParser parser(text, error);
  if (!parser.run(out)) return Json(Type::discarded);
  return out;
}

// [SECTION] numbers: Grisu2 (Loitsch, "Printing Floating-Point Numbers Quickly and Accurately
// with Integers", 2010), the routine nlohmann-json uses, so that documents read and written again
// keep their digits. The digits are the shortest (or very nearly) that read back to the value.

namespace json_detail {
namespace {

struct DiyFp {
  std::uint64_t f;
  int e;
};

DiyFp multiply(DiyFp x, DiyFp y) {
  const std::uint64_t mask = 0xFFFFFFFFu;
  const std::uint64_t a = x.f >> 32, b = x.f & mask, c = y.f >> 32, d = y.f & mask;
  const std::uint64_t ac = a * c, bc = b * c, ad = a * d, bd = b * d;
  std::uint64_t mid = (bd >> 32) + (ad & mask) + (bc & mask);
  mid += std::uint64_t{1} << 31;  // round the dropped low half
  return {ac + (ad >> 32) + (bc >> 32) + (mid >> 32), x.e + y.e + 64};
}

DiyFp normalize(DiyFp x) {
  while ((x.f >> 63) == 0) {
    x.f <<= 1;
    --x.e;
  }
  return x;
}

struct CachedPower {
  std::uint64_t f;
  int e;
  int k;
};

// 10^k for k = -300, -292, ..., 324: the 64-bit significand rounded to nearest, and its binary
// exponent (10^k ~ f * 2^e). Generated with exact rational arithmetic.
constexpr CachedPower kCachedPowers[] = {
    {0xAB70FE17C79AC6CAULL, -1060, -300}, {0xFF77B1FCBEBCDC4FULL, -1034, -292},
    {0xBE5691EF416BD60CULL, -1007, -284}, {0x8DD01FAD907FFC3CULL, -980, -276},
    {0xD3515C2831559A83ULL, -954, -268},  {0x9D71AC8FADA6C9B5ULL, -927, -260},
    {0xEA9C227723EE8BCBULL, -901, -252},  {0xAECC49914078536DULL, -874, -244},
    {0x823C12795DB6CE57ULL, -847, -236},  {0xC21094364DFB5637ULL, -821, -228},
    {0x9096EA6F3848984FULL, -794, -220},  {0xD77485CB25823AC7ULL, -768, -212},
    {0xA086CFCD97BF97F4ULL, -741, -204},  {0xEF340A98172AACE5ULL, -715, -196},
    {0xB23867FB2A35B28EULL, -688, -188},  {0x84C8D4DFD2C63F3BULL, -661, -180},
    {0xC5DD44271AD3CDBAULL, -635, -172},  {0x936B9FCEBB25C996ULL, -608, -164},
    {0xDBAC6C247D62A584ULL, -582, -156},  {0xA3AB66580D5FDAF6ULL, -555, -148},
    {0xF3E2F893DEC3F126ULL, -529, -140},  {0xB5B5ADA8AAFF80B8ULL, -502, -132},
    {0x87625F056C7C4A8BULL, -475, -124},  {0xC9BCFF6034C13053ULL, -449, -116},
    {0x964E858C91BA2655ULL, -422, -108},  {0xDFF9772470297EBDULL, -396, -100},
    {0xA6DFBD9FB8E5B88FULL, -369, -92},   {0xF8A95FCF88747D94ULL, -343, -84},
    {0xB94470938FA89BCFULL, -316, -76},   {0x8A08F0F8BF0F156BULL, -289, -68},
    {0xCDB02555653131B6ULL, -263, -60},   {0x993FE2C6D07B7FACULL, -236, -52},
    {0xE45C10C42A2B3B06ULL, -210, -44},   {0xAA242499697392D3ULL, -183, -36},
    {0xFD87B5F28300CA0EULL, -157, -28},   {0xBCE5086492111AEBULL, -130, -20},
    {0x8CBCCC096F5088CCULL, -103, -12},   {0xD1B71758E219652CULL, -77, -4},
    {0x9C40000000000000ULL, -50, 4},      {0xE8D4A51000000000ULL, -24, 12},
    {0xAD78EBC5AC620000ULL, 3, 20},       {0x813F3978F8940984ULL, 30, 28},
    {0xC097CE7BC90715B3ULL, 56, 36},      {0x8F7E32CE7BEA5C70ULL, 83, 44},
    {0xD5D238A4ABE98068ULL, 109, 52},     {0x9F4F2726179A2245ULL, 136, 60},
    {0xED63A231D4C4FB27ULL, 162, 68},     {0xB0DE65388CC8ADA8ULL, 189, 76},
    {0x83C7088E1AAB65DBULL, 216, 84},     {0xC45D1DF942711D9AULL, 242, 92},
    {0x924D692CA61BE758ULL, 269, 100},    {0xDA01EE641A708DEAULL, 295, 108},
    {0xA26DA3999AEF774AULL, 322, 116},    {0xF209787BB47D6B85ULL, 348, 124},
    {0xB454E4A179DD1877ULL, 375, 132},    {0x865B86925B9BC5C2ULL, 402, 140},
    {0xC83553C5C8965D3DULL, 428, 148},    {0x952AB45CFA97A0B3ULL, 455, 156},
    {0xDE469FBD99A05FE3ULL, 481, 164},    {0xA59BC234DB398C25ULL, 508, 172},
    {0xF6C69A72A3989F5CULL, 534, 180},    {0xB7DCBF5354E9BECEULL, 561, 188},
    {0x88FCF317F22241E2ULL, 588, 196},    {0xCC20CE9BD35C78A5ULL, 614, 204},
    {0x98165AF37B2153DFULL, 641, 212},    {0xE2A0B5DC971F303AULL, 667, 220},
    {0xA8D9D1535CE3B396ULL, 694, 228},    {0xFB9B7CD9A4A7443CULL, 720, 236},
    {0xBB764C4CA7A44410ULL, 747, 244},    {0x8BAB8EEFB6409C1AULL, 774, 252},
    {0xD01FEF10A657842CULL, 800, 260},    {0x9B10A4E5E9913129ULL, 827, 268},
    {0xE7109BFBA19C0C9DULL, 853, 276},    {0xAC2820D9623BF429ULL, 880, 284},
    {0x80444B5E7AA7CF85ULL, 907, 292},    {0xBF21E44003ACDD2DULL, 933, 300},
    {0x8E679C2F5E44FF8FULL, 960, 308},    {0xD433179D9C8CB841ULL, 986, 316},
    {0x9E19DB92B4E31BA9ULL, 1013, 324},
};

// The cached power c = 10^-k such that the product of c and a normalized w lands in
// [2^-60, 2^-32) times 2^64 (binary exponent between -60 and -32).
CachedPower cached_power(int e) {
  constexpr int kAlpha = -60;
  const int f = kAlpha - e - 1;
  const int k = (f * 78913) / (1 << 18) + static_cast<int>(f > 0);  // ceil(f * log10(2))
  const int index = (300 + k + 7) / 8;
  return kCachedPowers[index];
}

int digit_count(std::uint32_t n, std::uint32_t& pow10) {
  static const std::uint32_t kPow[] = {1,      10,      100,      1000,      10000,
                                       100000, 1000000, 10000000, 100000000, 1000000000};
  int count = 10;
  while (count > 1 && n < kPow[count - 1]) --count;
  pow10 = kPow[count - 1];
  return count;
}

void round_last(char* buf, int len, std::uint64_t dist, std::uint64_t delta, std::uint64_t rest,
                std::uint64_t ten_k) {
  while (rest < dist && delta - rest >= ten_k &&
         (rest + ten_k < dist || dist - rest > rest + ten_k - dist)) {
    --buf[len - 1];
    rest += ten_k;
  }
}

// Digits of a value in (m_minus, m_plus), as close to w as they can be; value = buf * 10^exp10.
void generate_digits(char* buf, int& len, int& exp10, DiyFp m_minus, DiyFp w, DiyFp m_plus) {
  std::uint64_t delta = m_plus.f - m_minus.f;
  std::uint64_t dist = m_plus.f - w.f;
  const int shift = -m_plus.e;
  const std::uint64_t one = std::uint64_t{1} << shift;
  auto p1 = static_cast<std::uint32_t>(m_plus.f >> shift);
  std::uint64_t p2 = m_plus.f & (one - 1);
  std::uint32_t pow10 = 1;
  int n = digit_count(p1, pow10);
  while (n > 0) {
    const std::uint32_t d = p1 / pow10;
    p1 %= pow10;
    buf[len++] = static_cast<char>('0' + d);
    --n;
    const std::uint64_t rest = (std::uint64_t{p1} << shift) + p2;
    if (rest <= delta) {
      exp10 += n;
      round_last(buf, len, dist, delta, rest, std::uint64_t{pow10} << shift);
      return;
    }
    pow10 /= 10;
  }
  int m = 0;
  for (;;) {
    p2 *= 10;
    buf[len++] = static_cast<char>('0' + (p2 >> shift));
    p2 &= one - 1;
    ++m;
    delta *= 10;
    dist *= 10;
    if (p2 <= delta) break;
  }
  exp10 -= m;
  round_last(buf, len, dist, delta, p2, one);
}

// Shortest digits of a positive finite double: value = buf[0..len) * 10^exp10.
void grisu2(char* buf, int& len, int& exp10, double value) {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const std::uint64_t hidden = std::uint64_t{1} << 52;
  const auto biased = static_cast<int>(bits >> 52);
  const std::uint64_t fraction = bits & (hidden - 1);
  const DiyFp v = biased == 0 ? DiyFp{fraction, 1 - 1075} : DiyFp{fraction + hidden, biased - 1075};
  const bool lower_closer = fraction == 0 && biased > 1;
  const DiyFp plus = normalize({2 * v.f + 1, v.e - 1});
  DiyFp minus = lower_closer ? DiyFp{4 * v.f - 1, v.e - 2} : DiyFp{2 * v.f - 1, v.e - 1};
  minus = {minus.f << (minus.e - plus.e), plus.e};
  const DiyFp w = normalize(v);

  const CachedPower c = cached_power(plus.e);
  const DiyFp c_k{c.f, c.e};
  const DiyFp w_scaled = multiply(w, c_k);
  const DiyFp minus_scaled = multiply(minus, c_k);
  const DiyFp plus_scaled = multiply(plus, c_k);
  // Stay strictly inside the rounding interval despite the products' rounding.
  const DiyFp m_minus{minus_scaled.f + 1, minus_scaled.e};
  const DiyFp m_plus{plus_scaled.f - 1, plus_scaled.e};
  len = 0;
  exp10 = -c.k;
  generate_digits(buf, len, exp10, m_minus, w_scaled, m_plus);
}

char* append_exponent(char* p, int e) {
  if (e < 0) {
    e = -e;
    *p++ = '-';
  } else {
    *p++ = '+';
  }
  if (e >= 100) {
    *p++ = static_cast<char>('0' + e / 100);
    e %= 100;
  }
  *p++ = static_cast<char>('0' + e / 10);
  *p++ = static_cast<char>('0' + e % 10);
  return p;
}

}  // namespace

void append_double(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  char buf[40];
  char* p = buf;
  if (std::signbit(v)) {
    *p++ = '-';
    v = -v;
  }
  if (v == 0) {
    out.append(buf, static_cast<std::size_t>(p - buf));
    out += "0.0";
    return;
  }
  int k = 0;
  int exp10 = 0;
  grisu2(p, k, exp10, v);
  // Decimal notation for exponents in (-4, 15] (as nlohmann), scientific otherwise.
  const int n = k + exp10;  // position of the decimal point from the first digit
  if (k <= n && n <= 15) {
    std::memset(p + k, '0', static_cast<std::size_t>(n - k));
    p[n] = '.';
    p[n + 1] = '0';
    p += n + 2;
  } else if (0 < n && n <= 15) {
    std::memmove(p + n + 1, p + n, static_cast<std::size_t>(k - n));
    p[n] = '.';
    p += k + 1;
  } else if (-4 < n && n <= 0) {
    std::memmove(p + 2 - n, p, static_cast<std::size_t>(k));
    p[0] = '0';
    p[1] = '.';
    std::memset(p + 2, '0', static_cast<std::size_t>(-n));
    p += 2 - n + k;
  } else {
    if (k > 1) {
      std::memmove(p + 2, p + 1, static_cast<std::size_t>(k - 1));
      p[1] = '.';
      p += k + 1;
    } else {
      p += 1;
    }
    *p++ = 'e';
    p = append_exponent(p, n - 1);
  }
  out.append(buf, static_cast<std::size_t>(p - buf));
}

void append_string(std::string& out, std::string_view s) {
  static const char* hex = "0123456789abcdef";
  out += '"';
  const auto* b = reinterpret_cast<const unsigned char*>(s.data());
  const auto* e = b + s.size();
  const unsigned char* run = b;
  for (const unsigned char* p = b; p != e;) {
    const unsigned c = *p;
    if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
      ++p;
      continue;
    }
    out.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(p - run));
    if (c >= 0x80) {
      std::size_t bad = 1;
      const std::size_t n = utf8_sequence(p, e, &bad);
      if (n) {
        out.append(reinterpret_cast<const char*>(p), n);
        p += n;
      } else {
        out += "\xEF\xBF\xBD";  // U+FFFD for the ill-formed bytes
        p += std::min<std::size_t>(bad, static_cast<std::size_t>(e - p));
      }
    } else {
      out += '\\';
      switch (c) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '\b':
          out += 'b';
          break;
        case '\f':
          out += 'f';
          break;
        case '\n':
          out += 'n';
          break;
        case '\r':
          out += 'r';
          break;
        case '\t':
          out += 't';
          break;
        default:
          out += "u00";
          out += hex[c >> 4];
          out += hex[c & 15];
      }
      ++p;
    }
    run = p;
  }
  out.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(e - run));
  out += '"';
}

std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  const auto* b = reinterpret_cast<const unsigned char*>(s.data());
  const auto* e = b + s.size();
  for (const unsigned char* p = b; p != e;) {
    std::size_t bad = 1;
    const std::size_t n = utf8_sequence(p, e, &bad);
    if (n) {
      out.append(reinterpret_cast<const char*>(p), n);
      p += n;
    } else {
      out += "\xEF\xBF\xBD";
      p += std::min<std::size_t>(bad, static_cast<std::size_t>(e - p));
    }
  }
  return out;
}

}  // namespace json_detail

// [SECTION] writer

void Json::dump_to(std::string& out) const {
  char buf[24];
  switch (type_) {
    case Type::null:
      out += "null";
      return;
    case Type::discarded:
      out += "<discarded>";
      return;
    case Type::boolean:
      out += scalar_.b ? "true" : "false";
      return;
    case Type::integer:
      out.append(
          buf, static_cast<std::size_t>(std::to_chars(buf, buf + sizeof buf, scalar_.i).ptr - buf));
      return;
    case Type::unsigned_:
      out.append(
          buf, static_cast<std::size_t>(std::to_chars(buf, buf + sizeof buf, scalar_.u).ptr - buf));
      return;
    case Type::floating:
      json_detail::append_double(out, scalar_.d);
      return;
    case Type::string:
      json_detail::append_string(out, str_);
      return;
    case Type::array: {
      out += '[';
      bool first = true;
      for (const Json& item : arr_) {
        if (!first) out += ',';
        first = false;
        item.dump_to(out);
      }
      out += ']';
      return;
    }
    case Type::object: {
      out += '{';
      bool first = true;
      for (const Member& m : obj_) {
        if (!first) out += ',';
        first = false;
        json_detail::append_string(out, m.first);
        out += ':';
        m.second.dump_to(out);
      }
      out += '}';
      return;
    }
  }
}

std::string Json::dump() const {
  std::string out;
  dump_to(out);
  return out;
}

}  // namespace sizer

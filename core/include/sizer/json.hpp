// LLM Sizer's own JSON value, reader and writer (replaces nlohmann-json in everything shipped).
//
// The API is the small subset of nlohmann::json's that the project uses, with the same meaning:
//   - objects keep their keys sorted (as nlohmann's default std::map does): iteration and dump()
//     are in key order, and a duplicate key in a document keeps the LAST value;
//   - numbers remember how they were written: an integer literal is "integer" (non-negative ones
//     also "unsigned"), anything with a fraction or exponent (1e3, 2.0) or too large for 64 bits
//     is "float"; dump() writes floats with a ".0" or exponent (2.0, 1e+20) and integers without;
//   - dump() is compact, keeps non-ASCII text as UTF-8, replaces invalid UTF-8 by U+FFFD and
//     writes non-finite numbers as null.
// parse() is a strict RFC 8259 reader that never throws: on bad input it returns a "discarded"
// value and, when asked, a message naming the byte offset. It accepts (and skips) a leading UTF-8
// byte-order mark, rejects trailing text, comments, NaN/Infinity, trailing commas, unescaped
// control characters, invalid UTF-8 and lone surrogates, and nesting deeper than kMaxDepth.
// A number beyond the double range (1e400) is an error, as in nlohmann; one too small reads as 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace sizer {

class Json {
 public:
  enum class Type : std::uint8_t {
    null,
    boolean,
    integer,    // signed 64-bit
    unsigned_,  // unsigned 64-bit (every non-negative integer literal)
    floating,
    string,
    array,
    object,
    discarded,  // the result of a failed parse
  };
  struct Member;
  using Array = std::vector<Json>;
  using Object = std::vector<Member>;  // sorted by key, keys unique

  static constexpr int kMaxDepth = 512;

  Json() = default;
  Json(std::nullptr_t) {}
  Json(bool b) : type_(Type::boolean) { scalar_.b = b; }
  Json(double d) : type_(Type::floating) { scalar_.d = d; }
  Json(float d) : Json(static_cast<double>(d)) {}
  template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool> &&
                                          !std::is_same_v<I, char>,
                                      int> = 0>
  Json(I v) {
    if constexpr (std::is_signed_v<I>) {
      type_ = Type::integer;
      scalar_.i = static_cast<std::int64_t>(v);
    } else {
      type_ = Type::unsigned_;
      scalar_.u = static_cast<std::uint64_t>(v);
    }
  }
  Json(const char* s) : type_(Type::string), str_(s) {}
  Json(std::string s) : type_(Type::string), str_(std::move(s)) {}
  Json(std::string_view s) : type_(Type::string), str_(s) {}
  Json(const std::vector<std::string>& list);
  Json(Array a) : type_(Type::array), arr_(std::move(a)) {}
  template <class V>
  Json(const std::map<std::string, V>& map) : type_(Type::object) {
    obj_.reserve(map.size());
    for (const auto& [k, v] : map) obj_.push_back(Member{k, Json(v)});
  }
  // As in nlohmann: a braced list of two-element lists whose first items are strings is an
  // object ({{"a", 1}, {"b", 2}}); any other braced list is an array.
  Json(std::initializer_list<Json> items);

  static Json array() { return Json(Type::array); }
  static Json object() { return Json(Type::object); }

  // Parses `text`; on failure returns a discarded value and sets *error (when given) to e.g.
  // "invalid JSON at byte 12: expected ',' or '}'".
  static Json parse(std::string_view text, std::string* error = nullptr);

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::null; }
  bool is_boolean() const { return type_ == Type::boolean; }
  bool is_number() const {
    return type_ == Type::integer || type_ == Type::unsigned_ || type_ == Type::floating;
  }
  bool is_number_integer() const { return type_ == Type::integer || type_ == Type::unsigned_; }
  bool is_number_unsigned() const { return type_ == Type::unsigned_; }
  bool is_number_float() const { return type_ == Type::floating; }
  bool is_string() const { return type_ == Type::string; }
  bool is_array() const { return type_ == Type::array; }
  bool is_object() const { return type_ == Type::object; }
  bool is_structured() const { return is_array() || is_object(); }
  bool is_primitive() const { return !is_structured() && !is_discarded(); }
  bool is_discarded() const { return type_ == Type::discarded; }

  // Values (a wrong type gives false / 0 / "": callers check the type first).
  bool as_bool() const { return type_ == Type::boolean && scalar_.b; }
  double as_double() const;
  std::int64_t as_int64() const;
  std::uint64_t as_uint64() const;
  const std::string& as_string() const { return str_; }

  template <class T>
  T get() const {
    if constexpr (std::is_same_v<T, bool>) {
      return as_bool();
    } else if constexpr (std::is_same_v<T, std::string>) {
      return str_;
    } else if constexpr (std::is_floating_point_v<T>) {
      return static_cast<T>(as_double());
    } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
      return static_cast<T>(as_int64());
    } else {
      static_assert(std::is_integral_v<T>, "Json::get: unsupported type");
      return static_cast<T>(as_uint64());
    }
  }
  template <class T>
  const std::string& get_ref() const {
    static_assert(std::is_same_v<T, const std::string&>, "Json::get_ref: strings only");
    return str_;
  }

  // Iteration: over an array's items or an object's values (in key order); key() on an object's
  // iterator. Scalars iterate as empty.
  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Json;
    using difference_type = std::ptrdiff_t;
    using pointer = const Json*;
    using reference = const Json&;
    const_iterator() = default;
    const Json& operator*() const;
    const Json* operator->() const { return &**this; }
    const_iterator& operator++();
    bool operator==(const const_iterator& o) const {
      return member_ == o.member_ && item_ == o.item_;
    }
    bool operator!=(const const_iterator& o) const { return !(*this == o); }
    const std::string& key() const;
    const Json& value() const { return **this; }

   private:
    friend class Json;
    const Member* member_ = nullptr;
    const Json* item_ = nullptr;
  };
  const_iterator begin() const;
  const_iterator end() const;
  // Lookup in an object (end() when missing or not an object).
  const_iterator find(std::string_view key) const;
  bool contains(std::string_view key) const { return find_value(key) != nullptr; }
  const Json* find_value(std::string_view key) const;

  // Object members with key() and value(), as nlohmann's items().
  const Object& items() const { return obj_; }
  const Array& array_items() const { return arr_; }

  std::size_t size() const;
  bool empty() const { return size() == 0; }

  // Object member; a null value is turned into an object first, a missing key is added as null.
  Json& operator[](std::string_view key);
  // Object member or a shared null when missing (never inserts).
  const Json& operator[](std::string_view key) const;
  Json& operator[](const char* key) { return (*this)[std::string_view(key)]; }
  const Json& operator[](const char* key) const { return (*this)[std::string_view(key)]; }
  Json& operator[](std::size_t index) { return arr_[index]; }
  const Json& operator[](std::size_t index) const { return arr_[index]; }
  Json& operator[](int index) { return arr_[static_cast<std::size_t>(index)]; }
  const Json& operator[](int index) const { return arr_[static_cast<std::size_t>(index)]; }

  // Appends to an array (a null value becomes an array first).
  void push_back(Json v);
  // Applies an RFC 7396 merge patch, as nlohmann's merge_patch(): members of an object patch are
  // merged recursively, null members removed; any other patch replaces the value.
  void merge_patch(const Json& patch);
  // Removes an object's member; returns how many were removed (0 or 1).
  std::size_t erase(std::string_view key);
  // Sets each member of `other` (both objects) in this one, as nlohmann's update().
  void update(const Json& other);

  std::string dump() const;
  void dump_to(std::string& out) const;

  bool operator==(const Json& o) const;
  bool operator!=(const Json& o) const { return !(*this == o); }

 private:
  explicit Json(Type t) : type_(t) {}
  friend class JsonParser;

  Type type_ = Type::null;
  union {
    bool b;
    std::int64_t i;
    std::uint64_t u;
    double d;
  } scalar_{};
  std::string str_;
  Array arr_;
  Object obj_;
};

struct Json::Member {
  std::string first;
  Json second;
  const std::string& key() const { return first; }
  const Json& value() const { return second; }
};

inline Json::const_iterator& Json::const_iterator::operator++() {
  if (member_) {
    ++member_;
  } else {
    ++item_;
  }
  return *this;
}

namespace json_detail {
// A double as nlohmann-json writes it (shortest round-trip digits by Grisu2; "2.0", "0.001",
// "1e+20"; -0.0 as "-0.0"); non-finite values as "null".
void append_double(std::string& out, double v);
// A JSON string literal; invalid UTF-8 becomes U+FFFD.
void append_string(std::string& out, std::string_view s);
// `s` with each ill-formed UTF-8 sequence replaced by U+FFFD (as append_string does).
std::string valid_utf8(std::string_view s);
}  // namespace json_detail

}  // namespace sizer

// Reading JSON objects from outside: typed, range-checked field readers that name the field in
// their error, warnings for unknown keys, and "did you mean" suggestions for unknown ids. Used by
// the request reader and the share-link decoder; nothing here throws on bad input.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "sizer/enums.hpp"
#include "sizer/json.hpp"
#include "sizer/record_fields.hpp"

namespace sizer::json_in {

using json = sizer::Json;

std::string dump(const json& j);

// "try a, b, c, ...": the ids sharing the most tokens with `query` (all ids if few).
std::string suggest(const std::string& query, const std::vector<std::string>& ids);

// A value as quoted in error messages; lists and objects are not dumped (they may be huge).
std::string show(const json& v);

std::string format_number(double v);

// Reads fields of one JSON object. Each reader leaves the default when the key is missing and
// returns false after recording the first error. Keys never asked for become warnings.
class Reader {
 public:
  Reader(const json& obj, std::string prefix, std::string& error,
         std::vector<std::string>& warnings)
      : obj_(obj), prefix_(std::move(prefix)), error_(error), warnings_(warnings) {}

  std::string path(std::string_view key) const { return prefix_ + std::string(key); }

  bool has(std::string_view key) const { return obj_.contains(key); }

  const json* get(std::string_view key) {
    auto it = obj_.find(key);
    if (it == obj_.end()) return nullptr;
    seen_.push_back(&it.key());
    return &*it;
  }

  bool fail(std::string_view key, const std::string& message) {
    if (error_.empty()) error_ = path(key) + ": " + message;
    return false;
  }

  bool number(std::string_view key, double lo, double hi, double& out) {
    const json* v = get(key);
    if (!v) return true;
    const double d = v->is_number() ? v->get<double>() : NAN;
    if (!std::isfinite(d) || d < lo || d > hi) {
      return fail(key, "must be a number from " + format_number(lo) + " to " + format_number(hi) +
                           " (got " + show(*v) + ")");
    }
    out = d;
    return true;
  }

  bool integer(std::string_view key, int lo, int hi, int& out) {
    const json* v = get(key);
    if (!v) return true;
    const double d = v->is_number() ? v->get<double>() : NAN;
    if (!std::isfinite(d) || d != std::floor(d) || d < lo || d > hi) {
      return fail(key, "must be an integer from " + std::to_string(lo) + " to " +
                           std::to_string(hi) + " (got " + show(*v) + ")");
    }
    out = static_cast<int>(d);
    return true;
  }

  bool boolean(std::string_view key, bool& out) {
    const json* v = get(key);
    if (!v) return true;
    if (!v->is_boolean()) return fail(key, "must be true or false (got " + show(*v) + ")");
    out = v->get<bool>();
    return true;
  }

  // Ids and choices stay short; free text (a catalog entry's source and notes) may be longer.
  bool string(std::string_view key, std::string& out, size_t max_chars = 256) {
    const json* v = get(key);
    if (!v) return true;
    if (!v->is_string()) return fail(key, "must be a string (got " + show(*v) + ")");
    out = v->get<std::string>();
    if (out.size() > max_chars) {
      return fail(key, "longer than " + std::to_string(max_chars) + " characters");
    }
    return true;
  }

  // An enum field, by its table's ids (enums.hpp).
  template <class E>
  bool choice(std::string_view key, E& out) {
    const json* v = get(key);
    if (!v) return true;
    if (v->is_string() && parse_enum(v->get_ref<const std::string&>(), out)) return true;
    return fail(key, "unknown value " + show(*v) + "; accepted: " + enum_accepted_ids<E>());
  }

  // Object-valued field: nullptr when missing; records an error when not an object.
  const json* object(std::string_view key) {
    const json* v = get(key);
    if (v && !v->is_object()) {
      fail(key, "must be an object (got " + show(*v) + ")");
      return nullptr;
    }
    return v;
  }

  void warn_unknown() {
    for (auto it = obj_.begin(); it != obj_.end(); ++it) {
      const bool seen = std::find(seen_.begin(), seen_.end(), &it.key()) != seen_.end();
      if (!seen) warnings_.push_back(path(it.key()) + ": unknown field, ignored");
    }
  }

 private:
  const json& obj_;
  std::string prefix_;
  std::string& error_;
  std::vector<std::string>& warnings_;
  std::vector<const std::string*> seen_;  // keys of obj_ that a reader asked for
};

// Every field of a record's table (record_fields.hpp) that the object holds.
template <class T>
bool read_record(Reader& r, T& out) {
  for (const RecordField<T>& f : record_fields<T>()) {
    switch (f.type) {
      case FieldType::text:
        if (!r.string(f.key, out.*(f.text), 8192)) return false;
        break;
      case FieldType::integer:
        if (!r.integer(f.key, int(f.min), int(f.max), out.*(f.integer))) return false;
        break;
      case FieldType::number:
        if (!r.number(f.key, f.min, f.max, out.*(f.number))) return false;
        break;
      case FieldType::boolean:
        if (!r.boolean(f.key, out.*(f.boolean))) return false;
        break;
      case FieldType::choice: {
        const json* v = r.get(f.key);
        if (v && !(v->is_string() && f.choice_set(out, v->get_ref<const std::string&>()))) {
          return r.fail(f.key, "unknown value " + show(*v) + "; accepted: " + f.choice_ids());
        }
        break;
      }
    }
  }
  return true;
}

}  // namespace sizer::json_in

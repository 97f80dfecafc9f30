// A small streaming JSON writer for results and catalog lists: appends to one string, never
// builds a tree. Numbers print in the shortest form that reads back to the same double (the
// Grisu2 routine of sizer/json.hpp, as musl's long-double printf would be slow in wasm);
// non-finite numbers print as null. Invalid UTF-8 in strings is replaced by U+FFFD.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sizer::json_out {

class Writer {
 public:
  Writer& begin_object();
  Writer& end_object();
  Writer& begin_array();
  Writer& end_array();
  Writer& key(std::string_view k);
  Writer& value(double v);
  Writer& value(int v);
  Writer& value(bool v);
  Writer& value(std::string_view s);
  Writer& value(const char* s) { return value(std::string_view(s)); }
  Writer& value(const std::string& s) { return value(std::string_view(s)); }
  Writer& null();
  // Text that already is JSON (a nested document written elsewhere).
  Writer& raw(std::string_view json);
  template <class T>
  Writer& field(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }
  Writer& string_list(std::string_view k, const std::vector<std::string>& items);

  const std::string& str() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void separate();
  std::string out_;
  bool need_comma_ = false;
};

void append_number(std::string& out, double v);
void append_quoted(std::string& out, std::string_view s);

}  // namespace sizer::json_out

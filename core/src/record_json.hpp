// Writing and comparing records through their field tables (record_fields.hpp).
#pragma once

#include "json_writer.hpp"
#include "sizer/record_fields.hpp"

namespace sizer {

// Every field of the record's table; null where `unknown(field)` says the figure cannot be known.
template <class T, class Unknown>
void write_record_fields(json_out::Writer& w, const T& r, Unknown unknown) {
  for (const RecordField<T>& f : record_fields<T>()) {
    w.key(f.key);
    if (unknown(f)) {
      w.null();
      continue;
    }
    switch (f.type) {
      case FieldType::text:
        w.value(r.*(f.text));
        break;
      case FieldType::integer:
        w.value(r.*(f.integer));
        break;
      case FieldType::number:
        w.value(r.*(f.number));
        break;
      case FieldType::boolean:
        w.value(r.*(f.boolean));
        break;
      case FieldType::choice:
        w.value(f.choice_get(r));
        break;
    }
  }
}

template <class T>
void write_record_fields(json_out::Writer& w, const T& r) {
  write_record_fields(w, r, [](const RecordField<T>&) { return false; });
}

template <class T>
void write_record(json_out::Writer& w, const T& r) {
  w.begin_object();
  write_record_fields(w, r);
  w.end_object();
}

// A list of records, one object each.
template <class T>
std::string records_json(const std::vector<T>& items) {
  json_out::Writer w;
  w.begin_array();
  for (const T& item : items) write_record(w, item);
  w.end_array();
  return w.take();
}

// Numbers first: a custom record differs there, and the long text fields (sources, notes) are
// compared only when everything else matches.
template <class T>
bool same_record(const T& a, const T& b) {
  for (const RecordField<T>& f : record_fields<T>()) {
    switch (f.type) {
      case FieldType::text:
        break;
      case FieldType::integer:
        if (a.*(f.integer) != b.*(f.integer)) return false;
        break;
      case FieldType::number:
        if (a.*(f.number) != b.*(f.number)) return false;
        break;
      case FieldType::boolean:
        if (a.*(f.boolean) != b.*(f.boolean)) return false;
        break;
      case FieldType::choice:
        if (std::string_view(f.choice_get(a)) != f.choice_get(b)) return false;
        break;
    }
  }
  for (const RecordField<T>& f : record_fields<T>()) {
    if (f.type == FieldType::text && a.*(f.text) != b.*(f.text)) return false;
  }
  return true;
}

}  // namespace sizer

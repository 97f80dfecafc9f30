// One declaration per record field: the JSON / JavaScript key, the catalog CSV column, the C++
// member, the type, the range a request may give, the unit and a one-line doc. The catalog
// loader, the JSON reader and writer, the TypeScript declarations (tools: sizer_schema) and the
// docs' field lists all iterate these tables, so a new field is one line here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sizer/estimate.hpp"
#include "sizer/plan.hpp"
#include "sizer/solvers.hpp"

namespace sizer {

enum class FieldType { text, integer, number, boolean, choice };

template <class T>
struct RecordField {
  const char* key;     // camelCase, as in requests and results
  const char* column;  // snake_case column of core/data/*.csv; nullptr = not a catalog column
  FieldType type;
  std::string T::*text;
  int T::*integer;
  double T::*number;
  bool T::*boolean;
  // choice fields (enums): read and write the public id
  const char* (*choice_get)(const T&);
  bool (*choice_set)(T&, std::string_view);
  std::string (*choice_ids)();
  double min;  // numbers and integers: the range a request may give
  double max;
  const char* unit;  // "bytes", "GB/s", "TFLOPS", "tokens", "" ...
  const char* doc;
};

// Catalog records (also the objects of custom models / GPUs in requests).
template <class T>
const std::vector<RecordField<T>>& record_fields();
// Specialised for: Gpu, ModelArch, NumberFormat, and the result records ParamCounts,
// MemoryBreakdown, InferenceResult, TrainingResult, CostResult, EnergyResult, FitRow, Plan,
// PlanStats.

template <class T>
const RecordField<T>* find_record_field(std::string_view key) {
  for (const RecordField<T>& f : record_fields<T>()) {
    if (key == f.key) return &f;
  }
  return nullptr;
}

}  // namespace sizer

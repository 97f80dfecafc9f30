// The request's fields, declared once: the JSON key (dotted inside training / host), the type,
// where the value lives in a Scenario, the accepted range, unit and doc. The request reader and
// writer, the share-link codec and the TypeScript declarations iterate this table. Fields whose
// shape is not a scalar (model, gpu, weights, kvCache, gpuCount, nodes, host.ramGB,
// training.loraTargets, assumptions) are `special`: listed here for the docs and the codec, read
// and written by dedicated code in request_reader.cpp / request_writer.cpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sizer/record_fields.hpp"
#include "sizer/scenario.hpp"

namespace sizer {

enum class RequestFieldShape { scalar, special_text, special_number, special_list, special_object };

struct RequestField {
  const char* group;  // "" (top level), "training", "host" or "cost"
  const char* key;    // inside its group
  RequestFieldShape shape;
  FieldType type;  // of scalar fields (and the value type of special ones)
  int& (*integer)(Scenario&);
  double& (*number)(Scenario&);
  bool& (*boolean)(Scenario&);
  std::string& (*text)(Scenario&);
  const char* (*choice_get)(const Scenario&);
  bool (*choice_set)(Scenario&, std::string_view);
  std::string (*choice_ids)();
  double min;
  double max;
  const char* unit;
  const char* doc;
};

const std::vector<RequestField>& request_fields();

// The fields of one group ("" for top-level ones), in table order: the reader and writer walk a
// group at a time.
const std::vector<const RequestField*>& request_fields_of_group(std::string_view group);

// "training.seqLen" for a grouped field, "batch" for a top-level one.
std::string request_field_path(const RequestField& f);

}  // namespace sizer

// scenario_to_request_json(): the request that reproduces a scenario, through the request field
// table (catalog ids where the model or GPU is a catalog entry, full objects otherwise; only the
// assumptions the user overrode).
#include "request_writer.hpp"

#include "record_json.hpp"
#include "sizer/params.hpp"
#include "sizer/request_fields.hpp"
#include "sizer/request_json.hpp"

namespace sizer {
namespace {

// A catalog model is written by id when the scenario holds it as listed or normalized.
bool is_catalog_model(const ModelArch& m) {
  const ModelArch* c = find_model(m.id);
  if (c == nullptr) return false;
  if (same_record(*c, m)) return true;
  static const std::vector<ModelArch> normalized = [] {
    std::vector<ModelArch> out;
    for (const ModelArch& x : model_catalog()) out.push_back(normalize_model(x));
    return out;
  }();
  return same_record(normalized[std::size_t(c - model_catalog().data())], m);
}

bool is_catalog_gpu(const Gpu& g) {
  const Gpu* c = find_gpu(g.id);
  return c != nullptr && same_record(*c, g);
}

void write_special(json_out::Writer& w, const RequestField& f, const Scenario& s) {
  const std::string_view key = f.key;
  if (key == "model") {
    w.key("model");
    if (is_catalog_model(s.model)) {
      w.value(s.model.id);
    } else {
      w.begin_object().key("arch");
      write_record(w, s.model);
      w.end_object();
    }
  } else if (key == "gpu") {
    w.key("gpu");
    if (s.hardware.cpu_only) {
      w.value(kCpuDeviceId);
    } else if (is_catalog_gpu(s.hardware.gpu)) {
      w.value(s.hardware.gpu.id);
    } else {
      write_record(w, s.hardware.gpu);
    }
  } else if (key == "weights") {
    w.field("weights", s.weights_format);
  } else if (key == "kvCache") {
    w.field("kvCache", s.kv_cache_format);
  } else if (key == "gpuCount") {
    w.field("gpuCount", s.hardware.gpus_per_node * s.hardware.nodes);
  } else if (key == "nodes") {
    w.field("nodes", s.hardware.nodes);
  } else if (key == "ramGB") {
    w.field("ramGB", s.hardware.host.ram_bytes / kBytesPerMarketedGB);
  } else if (key == "loraTargets") {
    w.string_list("loraTargets", s.training.lora_targets);
  } else if (key == "assumptions") {
    if (s.assumption_overrides.empty()) return;
    w.key("assumptions").begin_object();
    for (const auto& [name, value] : s.assumption_overrides) w.field(name, value);
    w.end_object();
  }
}

void write_group(json_out::Writer& w, const char* group, const Scenario& s) {
  Scenario& m = const_cast<Scenario&>(s);  // the accessors hand out references; only read here
  for (const RequestField* field : request_fields_of_group(group)) {
    const RequestField& f = *field;
    if (f.shape != RequestFieldShape::scalar) {
      write_special(w, f, s);
      continue;
    }
    w.key(f.key);
    switch (f.type) {
      case FieldType::integer:
        w.value(f.integer(m));
        break;
      case FieldType::number:
        w.value(f.number(m));
        break;
      case FieldType::boolean:
        w.value(f.boolean(m));
        break;
      case FieldType::text:
        w.value(f.text(m));
        break;
      case FieldType::choice:
        w.value(f.choice_get(s));
        break;
    }
  }
}

}  // namespace

void write_request(json_out::Writer& w, const Scenario& s) {
  w.begin_object();
  write_group(w, "", s);
  w.key("host").begin_object();
  write_group(w, "host", s);
  w.end_object();
  w.key("training").begin_object();
  write_group(w, "training", s);
  w.end_object();
  w.key("cost").begin_object();
  write_group(w, "cost", s);
  w.end_object();
  w.end_object();
}

std::string scenario_to_request_json(const Scenario& s) {
  json_out::Writer w;
  write_request(w, s);
  return w.take();
}

}  // namespace sizer

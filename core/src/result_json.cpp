// Results and catalog lists as JSON (the JS contract, web/sizer.d.ts), written straight into one
// string through the field tables. A figure that cannot be known is null, never 0: USD figures
// without a price, and a fit-table row's speed when no layout fits.
#include <string_view>

#include "record_json.hpp"
#include "request_writer.hpp"
#include "sizer/enums.hpp"
#include "sizer/hosts.hpp"
#include "sizer/layouts.hpp"
#include "sizer/params.hpp"
#include "sizer/record_fields.hpp"
#include "sizer/request_json.hpp"

namespace sizer {
namespace {

using json_out::Writer;

bool is_usd(const char* unit) { return std::string_view(unit).substr(0, 3) == "USD"; }

// Times, speeds and what follows from them (utilisation, cost) describe running the plan; when it
// does not fit they cannot be known, so they are null and memory.firstReason says why. The
// largest batch, its throughput and the memory figures stay.
template <class T>
bool running_figure(const RecordField<T>& f) {
  const std::string_view unit = f.unit, key = f.key;
  if (key == "throughputAtMaxBatch") return false;
  return unit == "s" || unit == "tokens/s" || unit == "h" || unit == "GPU-h" || is_usd(f.unit) ||
         key == "mfu" || key == "communicationShare";
}

bool owning_figure(const RecordField<CostResult>& f) {
  const std::string_view k = f.key;
  return k == "purchaseUsd" || k == "ownUsdPerGpuHour" || k == "powerUsdPerGpuHour" ||
         k == "breakEvenMonths";
}

template <class T, class Unknown>
void write_with_unknowns(Writer& w, const T& r, Unknown unknown) {
  w.begin_object();
  write_record_fields(w, r, unknown);
  w.end_object();
}

void write_fit_row(Writer& w, const FitRow& r) {
  const bool none = r.gpus == 0;
  write_with_unknowns(w, r, [&](const RecordField<FitRow>& f) {
    if (is_usd(f.unit)) return none || !r.price_known;
    const std::string_view k = f.key;
    return none && (k == "tokensPerSecond" || k == "gpuSecondsPerMillionTokens");
  });
}

// The number groups of an estimate (memory, params, inference, training, cost, bottleneck).
void write_numbers(Writer& w, const Estimate& e) {
  w.key("memory");
  write_record(w, e.memory);
  w.key("params");
  write_record(w, e.params);
  const bool fits = e.memory.fits;
  w.key("inference");
  write_with_unknowns(w, e.inference, [&](const RecordField<InferenceResult>& f) {
    return !fits && running_figure(f);
  });
  w.key("training");
  write_with_unknowns(w, e.training, [&](const RecordField<TrainingResult>& f) {
    return !fits && running_figure(f);
  });
  w.key("cost");
  write_with_unknowns(w, e.cost, [&](const RecordField<CostResult>& f) {
    // What owning a card costs is known from its purchase price, whatever the basis and fit.
    if (owning_figure(f)) return !(e.cost.*(f.number) > 0);
    return is_usd(f.unit) && (!e.cost.price_known || !fits);
  });
  w.key("energy");
  const bool energy_known = fits && e.energy.watts > 0;
  write_with_unknowns(w, e.energy, [&](const RecordField<EnergyResult>&) { return !energy_known; });
  w.field("bottleneck", enum_id(e.bottleneck));
}

}  // namespace

std::string estimate_to_json(const Estimate& e) {
  Writer w;
  w.begin_object().key("request");
  write_request(w, e.scenario);
  write_numbers(w, e);
  w.field("bottleneckSentence", e.bottleneck_sentence);
  w.field("ridgePointFlopsPerByte", e.ridge_point_flops_per_byte);
  w.field("peakFlops", e.peak_flops);
  w.key("rulesOfThumb").begin_array();
  for (const RuleOfThumb& r : e.rules_of_thumb) {
    w.begin_object()
        .field("id", r.id)
        .field("label", r.label)
        .field("valueBytes", r.value_bytes)
        .field("detailedBytes", r.detailed_bytes)
        .field("valueFlops", r.value_flops)
        .field("detailedFlops", r.detailed_flops)
        .field("whyDifferent", r.why_different)
        .end_object();
  }
  w.end_array();
  w.key("formulas").begin_object();
  for (const auto& [key, text] : e.formulas) w.field(key, text);
  w.end_object();
  w.string_list("warnings", e.warnings);
  w.key("warningIds").begin_array();
  for (const Warning& warning : e.warning_details) w.value(warning.id);
  w.end_array();
  w.end_object();
  return w.take();
}

std::string model_arch_to_json(const ModelArch& m) {
  Writer w;
  write_record(w, m);
  return w.take();
}

std::string gpu_to_json(const Gpu& g) {
  Writer w;
  write_record(w, g);
  return w.take();
}

std::string format_to_json(const NumberFormat& f) {
  Writer w;
  write_record(w, f);
  return w.take();
}

std::string fit_table_to_json(const std::vector<FitRow>& rows) {
  Writer w;
  w.begin_array();
  for (const FitRow& r : rows) write_fit_row(w, r);
  w.end_array();
  return w.take();
}

std::string gpu_catalog_json() { return records_json(gpu_catalog()); }

std::string model_catalog_json() {
  Writer w;
  w.begin_array();
  for (const ModelArch& m : model_catalog()) {
    const ParamCounts p = count_params(m);
    w.begin_object();
    write_record_fields(w, m);
    w.key("params").begin_object().field("total", p.total).field("active", p.active).end_object();
    w.end_object();
  }
  w.end_array();
  return w.take();
}

std::string format_catalog_json() { return records_json(format_catalog()); }

std::string assumption_table_to_json(Engine engine) {
  const Assumptions defaults = default_assumptions(engine);
  Writer w;
  w.begin_array();
  for (const AssumptionInfo& info : assumption_table()) {
    double value = 0;
    get_assumption(defaults, info.key, value);
    w.begin_object()
        .field("key", info.key)
        .field("label", info.label)
        .field("unit", info.unit)
        .field("source", info.source)
        .field("value", value)
        .field("min", info.min)
        .field("max", info.max)
        .field("minExclusive", info.min_exclusive)
        .field("integer", info.integer)
        .end_object();
  }
  w.end_array();
  return w.take();
}

}  // namespace sizer

namespace sizer {

std::string sweep_to_json(const std::string& field, const std::vector<SweepPoint>& points,
                          int max_batch) {
  Writer w;
  w.begin_object().field("field", field);
  if (max_batch >= 0) w.field("maxBatch", max_batch);
  w.key("points").begin_array();
  for (const SweepPoint& p : points) {
    w.begin_object().field("value", p.value).field("ok", p.ok);
    if (p.ok) {
      write_numbers(w, p.estimate);
    } else {
      w.field("error", p.error);
    }
    w.end_object();
  }
  w.end_array().end_object();
  return w.take();
}

namespace {

void write_layout(Writer& w, const Layout& l) {
  w.begin_object()
      .field("gpuCount", l.gpus)
      .field("gpusPerNode", l.gpus_per_node)
      .field("nodes", l.nodes)
      .field("tensorParallel", l.tensor)
      .field("pipelineParallel", l.pipeline)
      .field("dataParallel", l.data)
      .end_object();
}

void write_ints(Writer& w, const char* key, const std::vector<int>& v) {
  w.key(key).begin_array();
  for (int x : v) w.value(x);
  w.end_array();
}

}  // namespace

std::string layouts_to_json(const Scenario& s) {
  const Scenario n = normalize(s);
  const int gpus = total_gpus(n);
  Writer w;
  w.begin_object().field("gpuCount", gpus);
  write_ints(w, "tensorDegrees", valid_tensor_degrees(n.model, n.hardware.gpus_per_node));
  write_ints(w, "pipelineDegrees", valid_pipeline_degrees(n.model, gpus, n.parallel.tensor));
  w.key("layouts").begin_array();
  for (const Layout& l : layouts_for(n, gpus)) write_layout(w, l);
  w.end_array();
  Layout d;
  w.key("default");
  if (default_layout(n, gpus, d)) {
    write_layout(w, d);
  } else {
    w.null();
  }
  w.end_object();
  return w.take();
}

std::string calibration_to_json(const Calibration& c) {
  Writer w;
  w.begin_object()
      .field("ok", c.ok)
      .field("key", c.key)
      .field("value", c.value)
      .field("achieved", c.achieved)
      .field("errorId", c.error_id)
      .field("error", c.error)
      .end_object();
  return w.take();
}

std::string host_catalog_json() {
  Writer w;
  w.begin_array();
  for (const HostPreset& h : host_catalog()) {
    w.begin_object()
        .field("id", h.profile.id)
        .field("label", h.label)
        .field("ramGB", h.profile.ram_bytes / kBytesPerMarketedGB)
        .field("bandwidthGBs", h.profile.bandwidth_gb_per_s)
        .field("cpu", h.profile.cpu_name)
        .field("cpuCores", h.profile.cpu_cores)
        .field("cpuFp32Tflops", h.profile.cpu_fp32_tflops)
        .field("cpuInt8Tops", h.profile.cpu_int8_tops)
        .field("cpuAmxInt8Tops", h.profile.cpu_amx_int8_tops)
        .field("cpuWatts", h.profile.cpu_watts)
        .field("nvmeGBs", h.profile.nvme_gb_per_s)
        .field("source", h.source)
        .end_object();
  }
  w.end_array();
  return w.take();
}

}  // namespace sizer

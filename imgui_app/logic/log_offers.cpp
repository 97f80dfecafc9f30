#include "logic/log_offers.hpp"

#include <cmath>
#include <exception>

#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "sizer/assumptions.hpp"
#include "sizer/sweep.hpp"

namespace app {
namespace {

const sizer::LogFigure* first(const sizer::EngineLog& log,
                              std::initializer_list<const char*> keys) {
  for (const sizer::LogFigure& f : log.figures)
    for (const char* k : keys)
      if (f.key == k) return &f;
  return nullptr;
}

bool ends_with(const std::string& s, const char* suffix) {
  const std::string t = suffix;
  return s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
}

// vLLM reserves gpu_memory_utilization of the card and leaves the rest: the engine reserve.
LogOffer reserve_offer(const sizer::LogFigure& f) {
  LogOffer o;
  o.figure_key = f.key;
  o.line_number = f.line_number;
  o.measured = f.value;
  o.assumption_key = "engineReserveFraction";
  o.value = 1.0 - f.value;
  const std::string problem = sizer::assumption_range_problem(o.assumption_key, o.value);
  o.ok = f.value > 0 && f.value <= 1 && problem.empty();
  if (!o.ok) o.error = trf("files.offer_out_of_range", {o.assumption_key, fmt::number(o.value, 4)});
  return o;
}

// A single-stream decode rate (llama-bench tg, llama.cpp eval) fits the decode bandwidth
// efficiency, as "I measured X tokens/s" does.
LogOffer decode_offer(const sizer::LogFigure& f, const sizer::Scenario& s) {
  LogOffer o;
  o.figure_key = f.key;
  o.line_number = f.line_number;
  o.measured = f.value;
  const sizer::Calibration c =
      sizer::calibrate(s, sizer::Measurement::decode_tokens_per_second, f.value);
  o.assumption_key =
      c.ok ? c.key : sizer::calibrated_key(s, sizer::Measurement::decode_tokens_per_second);
  o.value = c.value;
  o.ok = c.ok;
  if (!c.ok) o.error = tr(("cal.err." + c.error_id).c_str());
  return o;
}

// vLLM fills what it reserved with KV cache: the memory it reports for the KV cache is what the
// estimate leaves free (headroom) plus its own KV cache at these inputs. So the card holds
// capacity - measured + KV at its peak, and that peak fits the framework overhead, as "I measured
// a peak of X" does. (Apply the gpu_memory_utilization offer first: the reserve comes from it.)
LogOffer kv_pool_offer(const sizer::LogFigure& f, const sizer::Scenario& s) {
  LogOffer o;
  o.figure_key = f.key;
  o.line_number = f.line_number;
  o.measured = f.value;
  o.assumption_key = sizer::calibrated_key(s, sizer::Measurement::peak_memory_bytes);
  sizer::Estimate e;
  try {
    e = sizer::estimate(s);
  } catch (const std::exception&) {
    o.error = tr("cal.err.engine");
    return o;
  }
  const double peak = e.memory.capacity_bytes - f.value * 1073741824.0 + e.memory.kv_cache_bytes;
  const sizer::Calibration c = sizer::calibrate(s, sizer::Measurement::peak_memory_bytes, peak);
  o.ok = c.ok && peak > 0;
  if (c.ok) o.assumption_key = c.key;
  o.value = c.value;
  if (!o.ok)
    o.error =
        tr(("cal.err." + (c.error_id.empty() ? std::string("positive") : c.error_id)).c_str());
  return o;
}

const char* const k_decode_keys[] = {"llama_bench.tg_tokens_per_second",
                                     "llama_cpp.eval_tokens_per_second"};

}  // namespace

std::vector<LogOffer> log_offers(const sizer::EngineLog& log, const sizer::Scenario& s) {
  std::vector<LogOffer> out;
  if (const sizer::LogFigure* f = first(log, {"vllm.gpu_memory_utilization"}))
    out.push_back(reserve_offer(*f));
  if (s.inference.engine == sizer::Engine::vllm && s.mode == sizer::Mode::inference)
    if (const sizer::LogFigure* f = first(log, {"vllm.kv_cache_memory"}))
      out.push_back(kv_pool_offer(*f, s));
  if (const sizer::LogFigure* f = first(log, {k_decode_keys[0], k_decode_keys[1]}))
    out.push_back(decode_offer(*f, s));
  return out;
}

bool apply_log_offer(LogOffer& offer, const sizer::EngineLog& log, sizer::Scenario& s) {
  for (const sizer::LogFigure& f : log.figures) {
    if (f.key != offer.figure_key || f.line_number != offer.line_number) continue;
    if (offer.figure_key == "vllm.gpu_memory_utilization")
      offer = reserve_offer(f);
    else if (offer.figure_key == "vllm.kv_cache_memory")
      offer = kv_pool_offer(f, s);
    else
      offer = decode_offer(f, s);
    if (!offer.ok) return false;
    s.assumption_overrides[offer.assumption_key] = offer.value;
    return true;
  }
  offer.ok = false;
  offer.error = tr("files.offer_gone");
  return false;
}

std::string log_engine_name(const std::string& engine) {
  if (engine == "vllm") return "vLLM";
  if (engine == "sglang") return "SGLang";
  return engine;
}

std::string log_figure_text(const sizer::LogFigure& f) {
  std::string text = fmt::number(f.value, 4);
  if (!f.unit.empty()) text += " " + f.unit;
  return text;
}

std::string estimate_figure_text(const sizer::LogFigure& f, const sizer::Estimate& e) {
  const std::string& k = f.key;
  if (ends_with(k, ".weights_memory") || k == "llama_cpp.model_size" ||
      k == "llama_bench.model_size")
    return fmt::bytes(e.memory.weights_bytes);
  if (k == "llama_cpp.model_params" || k == "llama_bench.model_params")
    return fmt::count(e.params.total);
  if (k == "llama_bench.tg_tokens_per_second" || k == "llama_cpp.eval_tokens_per_second")
    return fmt::number(e.inference.decode_tokens_per_second) + " tokens/s";
  if (k == "llama_bench.pp_tokens_per_second" || k == "llama_cpp.prompt_tokens_per_second")
    return fmt::number(e.inference.prefill_tokens_per_second) + " tokens/s";
  if (k == "vllm.gpu_memory_utilization") {
    double reserve = 0;
    sizer::get_assumption(e.scenario.assumptions, "engineReserveFraction", reserve);
    return fmt::number(1.0 - reserve, 3);
  }
  if (k == "vllm.total_gpu_memory") return fmt::bytes(e.memory.capacity_bytes);
  return "";
}

}  // namespace app

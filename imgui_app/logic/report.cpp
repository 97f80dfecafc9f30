#include "logic/report.hpp"

#include <cmath>
#include <cstdio>

#include "logic/cpu_device.hpp"
#include "logic/format.hpp"
#include "logic/html_text.hpp"
#include "logic/i18n.hpp"
#include "sizer/catalog.hpp"
#include "sizer/enums.hpp"
#include "sizer/record_fields.hpp"

namespace app {
namespace {

std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

// RFC 4180: quote a cell holding a comma, quote or line break.
std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string gpu_label(const sizer::Scenario& s) {
  if (s.hardware.cpu_only) return device_name(s);  // one device, the host: no count
  const int gpus = sizer::total_gpus(s);
  return std::to_string(gpus) + "\xC3\x97 " + device_name(s);  // 2× H100
}

std::string model_label(const sizer::Scenario& s) {
  return s.model.name.empty() ? s.model.id : s.model.name;
}

ReportSection inputs_section(const App& app) {
  const sizer::Scenario& s = app.inputs;
  ReportSection sec{tr("report.inputs"), {}};
  sec.rows.push_back({tr("report.model"), model_label(s)});
  if (app.ui.file_model.active()) {
    const FileModelInfo& f = app.ui.file_model;
    sec.rows.push_back({tr("report.file"), f.file_name});
    sec.rows.push_back({tr("report.file_params"), fmt::count(static_cast<double>(f.parameters)) +
                                                      " (" + std::to_string(f.parameters) + ")"});
    sec.rows.push_back({tr("report.file_bytes"), fmt::bytes(static_cast<double>(f.weights_bytes)) +
                                                     " (" + std::to_string(f.weights_bytes) + ")"});
  }
  sec.rows.push_back({tr("report.weights"), s.weights_format});
  sec.rows.push_back({tr("report.kv"), s.kv_cache_format});
  sec.rows.push_back({tr("report.hardware"), gpu_label(s)});
  sec.rows.push_back({tr("report.parallel"), "TP " + std::to_string(s.parallel.tensor) + ", PP " +
                                                 std::to_string(s.parallel.pipeline)});
  sec.rows.push_back({tr("report.mode"), tr(sizer::enum_entry(s.mode).label_key)});
  if (s.mode == sizer::Mode::inference) {
    sec.rows.push_back({tr("report.engine"), tr(sizer::enum_entry(s.inference.engine).label_key)});
    sec.rows.push_back({tr("report.batch"), std::to_string(s.inference.batch)});
    sec.rows.push_back({tr("report.prompt"), std::to_string(s.inference.prompt_tokens)});
    sec.rows.push_back({tr("report.output"), std::to_string(s.inference.output_tokens)});
  } else {
    sec.rows.push_back({tr("report.method"), tr(sizer::enum_entry(s.training.method).label_key)});
    sec.rows.push_back(
        {tr("report.objective"), tr(sizer::enum_entry(s.training.objective).label_key)});
    sec.rows.push_back({tr("report.seq_len"), std::to_string(s.training.seq_len)});
    sec.rows.push_back({tr("report.micro_batch"), std::to_string(s.training.micro_batch)});
    sec.rows.push_back({tr("report.tokens"), fmt::count(s.training.tokens)});
  }
  for (const auto& [key, value] : s.assumption_overrides)
    sec.rows.push_back({key, fmt::number(value, 4)});
  return sec;
}

ReportSection memory_section(const sizer::Estimate& e) {
  const sizer::MemoryBreakdown& m = e.memory;
  ReportSection sec{tr("report.memory"), {}};
  sec.rows = {{tr("report.mem_weights"), fmt::bytes(m.weights_bytes)},
              {tr("report.mem_kv"), fmt::bytes(m.kv_cache_bytes)},
              {tr("report.mem_activations"), fmt::bytes(m.activation_bytes)}};
  if (m.recurrent_state_bytes > 0)
    sec.rows.insert(sec.rows.begin() + 2,
                    {tr("report.mem_recurrent"), fmt::bytes(m.recurrent_state_bytes)});
  if (e.scenario.mode == sizer::Mode::training) {
    sec.rows.push_back({tr("report.mem_gradients"), fmt::bytes(m.gradient_bytes)});
    sec.rows.push_back({tr("report.mem_optimizer"), fmt::bytes(m.optimizer_bytes)});
    if (m.rollout_bytes > 0)
      sec.rows.push_back({tr("report.mem_rollout"), fmt::bytes(m.rollout_bytes)});
  }
  sec.rows.push_back({tr("report.mem_overhead"), fmt::bytes(m.overhead_bytes)});
  sec.rows.push_back({tr("report.mem_reserve"), fmt::bytes(m.reserve_bytes)});
  sec.rows.push_back({tr("report.mem_per_gpu"), fmt::bytes(m.per_gpu_bytes)});
  sec.rows.push_back({tr("report.mem_capacity"), fmt::bytes(m.capacity_bytes)});
  sec.rows.push_back({tr("report.mem_headroom"), fmt::bytes(m.headroom_bytes)});
  if (m.rollout_engine_bytes > 0)
    sec.rows.push_back({tr("report.mem_rollout_engine"), fmt::bytes(m.rollout_engine_bytes)});
  if (m.host_ram_bytes > 0)
    sec.rows.push_back({tr("report.mem_host"), fmt::bytes(m.host_ram_bytes)});
  return sec;
}

ReportSection speed_section(const sizer::Estimate& e) {
  ReportSection sec{tr("report.speed"), {}};
  if (!e.memory.fits) {
    sec.rows.push_back({tr("report.speed"), tr("report.no_speed")});
    return sec;
  }
  if (e.scenario.mode == sizer::Mode::inference) {
    const sizer::InferenceResult& r = e.inference;
    sec.rows = {
        {tr("report.ttft"), fmt::seconds(r.ttft_seconds)},
        {tr("report.prefill"), fmt::number(r.prefill_tokens_per_second) + " tokens/s"},
        {tr("report.decode"), fmt::number(r.decode_tokens_per_second) + " tokens/s"},
        {tr("report.throughput"), fmt::number(r.throughput_tokens_per_second) + " tokens/s"}};
  } else {
    const sizer::TrainingResult& t = e.training;
    sec.rows = {{tr("report.step"), fmt::seconds(t.step_seconds)},
                {tr("report.train_tps"), fmt::number(t.tokens_per_second) + " tokens/s"},
                {tr("report.train_time"), fmt::seconds(t.total_hours * 3600)},
                {tr("report.mfu"), fmt::percent(t.mfu)}};
  }
  sec.rows.push_back({tr("report.bound"), tr(sizer::enum_entry(e.bottleneck).label_key)});
  return sec;
}

ReportSection cost_section(const sizer::Estimate& e) {
  ReportSection sec{tr("report.cost"), {}};
  const sizer::CostResult& c = e.cost;
  if (!c.price_known || !e.memory.fits) {
    sec.rows.push_back(
        {tr("report.cost"), c.unknown_reason.empty() ? tr("report.no_speed") : c.unknown_reason});
    return sec;
  }
  sec.rows = {{tr("report.per_hour"), fmt::usd(c.usd_per_hour)},
              {tr("report.per_million"), fmt::usd(c.usd_per_million_tokens)}};
  if (e.scenario.mode == sizer::Mode::training)
    sec.rows.push_back({tr("report.total_cost"), fmt::usd(c.total_usd)});
  return sec;
}

}  // namespace

std::string verdict_word(const App& app) {
  if (!app.error.empty()) return tr("report.invalid");
  return tr(app.results.memory.fits ? "report.fits" : "report.no_fit");
}

std::vector<ReportSection> report_sections(const App& app) {
  std::vector<ReportSection> out = {inputs_section(app)};
  if (!app.error.empty()) {
    out.push_back({tr("report.verdict"), {{tr("report.invalid"), app.error}}});
    return out;
  }
  const sizer::Estimate& e = app.results;
  ReportSection verdict{tr("report.verdict"), {{tr("report.verdict"), verdict_word(app)}}};
  if (!e.memory.fits && !e.memory.first_reason.empty())
    verdict.rows.push_back({tr("report.why"), e.memory.first_reason});
  if (!e.bottleneck_sentence.empty())
    verdict.rows.push_back({tr("report.bound"), e.bottleneck_sentence});
  out.push_back(verdict);
  out.push_back(memory_section(e));
  out.push_back(speed_section(e));
  out.push_back(cost_section(e));
  return out;
}

std::string report_markdown(const App& app) {
  std::string md = "# " + std::string(tr("report.title")) + ": " + model_label(app.inputs) +
                   " \xC2\xB7 " + gpu_label(app.inputs) + "\n";
  for (const ReportSection& sec : report_sections(app)) {
    md += "\n## " + sec.title + "\n\n| | |\n|---|---|\n";
    for (const auto& [label, value] : sec.rows)
      md += "| " + md_cell(label) + " | " + md_cell(value) + " |\n";
  }
  if (!app.ui.share_url.empty())
    md += "\n" + std::string(tr("report.link")) + ": " + app.ui.share_url + "\n";
  return md;
}

std::string report_html(const App& app) {
  const std::string title = std::string(tr("report.title")) + ": " + model_label(app.inputs) +
                            " \xC2\xB7 " + gpu_label(app.inputs);
  std::string html = "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>" +
                     html_escape(title) + "</title></head><body>\n<h1>" + html_escape(title) +
                     "</h1>\n";
  for (const ReportSection& sec : report_sections(app)) {
    html += "<h2>" + html_escape(sec.title) +
            "</h2>\n<table border=\"1\" cellpadding=\"4\" "
            "cellspacing=\"0\">\n";
    for (const auto& [label, value] : sec.rows)
      html += "<tr><th align=\"left\">" + html_escape(label) + "</th><td>" + html_escape(value) +
              "</td></tr>\n";
    html += "</table>\n";
  }
  if (!app.ui.share_url.empty())
    html += "<p><a href=\"" + html_escape(app.ui.share_url) + "\">" +
            html_escape(tr("report.link")) + "</a></p>\n";
  return html + "</body></html>\n";
}

std::string fit_table_csv(const App& app) {
  std::string csv =
      "gpu,name,gpus,tensorParallel,pipelineParallel,perGpuBytes,capacityBytes,tokensPerSecond,"
      "usdPerHour,usdPerMillionTokens,bottleneck\r\n";
  for (const sizer::FitRow& r : app.fit) {
    const sizer::Gpu* g = sizer::find_gpu(r.gpu_id);
    const bool fits = r.gpus > 0;
    csv += csv_cell(r.gpu_id) + "," + csv_cell(g ? g->name : r.gpu_id) + "," +
           std::to_string(r.gpus) + "," + (fits ? std::to_string(r.tensor_parallel) : "") + "," +
           (fits ? std::to_string(r.pipeline_parallel) : "") + "," +
           (fits ? num(std::round(r.per_gpu_bytes)) : "") + "," +
           num(std::round(r.capacity_bytes)) + "," + (fits ? num(r.tokens_per_second) : "") + "," +
           (fits && r.price_known ? num(r.usd_per_hour) : "") + "," +
           (fits && r.price_known ? num(r.usd_per_million_tokens) : "") + "," +
           (fits ? sizer::enum_id(r.bottleneck) : "") + "\r\n";
  }
  return csv;
}

std::string plan_csv(const sizer::PlanResult& result) {
  const auto& fields = sizer::record_fields<sizer::Plan>();
  std::string csv = "rank";
  for (const auto& f : fields) csv += std::string(",") + f.key;
  csv += "\r\n";
  for (std::size_t i = 0; i < result.plans.size(); ++i) {
    const sizer::Plan& p = result.plans[i];
    csv += std::to_string(i + 1);
    for (const auto& f : fields) {
      csv += ",";
      switch (f.type) {
        case sizer::FieldType::text:
          csv += csv_cell(p.*(f.text));
          break;
        case sizer::FieldType::integer:
          csv += std::to_string(p.*(f.integer));
          break;
        case sizer::FieldType::number: {
          const bool usd = std::string(f.unit).rfind("USD", 0) == 0;
          if (!usd || p.price_known) csv += num(p.*(f.number));
          break;
        }
        case sizer::FieldType::boolean:
          csv += p.*(f.boolean) ? "true" : "false";
          break;
        case sizer::FieldType::choice:
          csv += f.choice_get(p);
          break;
      }
    }
    csv += "\r\n";
  }
  return csv;
}

std::string page_title(const App& app) {
  return model_label(app.inputs) + " \xC2\xB7 " + gpu_label(app.inputs) + " \xC2\xB7 " +
         verdict_word(app) + " \xE2\x80\x93 LLM Sizer";
}

}  // namespace app

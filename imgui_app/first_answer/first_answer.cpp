#include "first_answer/first_answer.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "logic/format.hpp"
#include "logic/html_text.hpp"
#include "logic/i18n.hpp"
#include "logic/verdict.hpp"
#include "sizer/catalog.hpp"
#include "sizer/enums.hpp"

namespace app::first_answer {
namespace {

const char* const k_separator = " \xC2\xB7 ";  // " · ", as the app's summary line joins figures

std::string format_name(const std::string& id) {
  const sizer::NumberFormat* f = sizer::find_format(id);
  return f != nullptr && !f->name.empty() ? f->name : id;
}

// A slider's unit text ("%d tokens") around its value, as the field and its unit words show it.
std::string count_with_unit(const char* unit_key, int value) {
  std::string text = tr(unit_key);
  const std::size_t at = text.find("%d");
  if (at == std::string::npos) return std::to_string(value) + " " + text;
  return text.replace(at, 2, std::to_string(value));
}

std::string labelled(const char* label_key, const std::string& value) {
  return std::string(tr(label_key)) + " " + value;
}

std::vector<Row> inputs(const sizer::Scenario& s) {
  const sizer::InferenceWorkload& w = s.inference;
  return {
      {tr("section.model"), s.model.name.empty() ? s.model.id : s.model.name},
      {tr("section.precision"), labelled("precision.weights", format_name(s.weights_format)) +
                                    k_separator +
                                    labelled("precision.kv", format_name(s.kv_cache_format))},
      {tr("section.workload"),
       labelled("work.prompt", count_with_unit("unit.tokens", w.prompt_tokens)) + k_separator +
           labelled("work.output", count_with_unit("unit.tokens", w.output_tokens)) + k_separator +
           labelled("work.batch", count_with_unit("unit.sequences", w.batch))},
      {tr("section.hardware"),
       hardware_summary(s) + k_separator +
           labelled("hw.engine", tr(sizer::enum_entry(w.engine).label_key))},
  };
}

// The speed table's rows (panels/results_speed.cpp): a plan that does not fit runs at no speed.
std::vector<Row> figures(const sizer::Estimate& e) {
  const sizer::InferenceResult& r = e.inference;
  const bool fits = e.memory.fits;
  const auto running = [&](const std::string& value) {
    return fits ? value : std::string(fmt::k_dash);
  };
  const auto tokens_per_second = [](double v) { return trf("res.unit.tok_s", {fmt::number(v)}); };
  return {
      {tr("res.speed.ttft"), running(fmt::seconds(r.ttft_seconds))},
      {tr("res.speed.decode"), running(tokens_per_second(r.decode_tokens_per_second))},
      {tr("res.speed.prefill"), running(tokens_per_second(r.prefill_tokens_per_second))},
  };
}

// A value's line breaks only between its " · " parts: "Concurrent 1 seq" never splits from its
// number on a narrow screen (U+00A0 no-break spaces inside each part).
std::string cell(const std::string& value) {
  std::string out;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = value.find(k_separator, start);
    std::string part = html_escape(value.substr(start, end - start));
    for (std::size_t at = part.find(' '); at != std::string::npos; at = part.find(' ', at))
      part.replace(at, 1, "\xC2\xA0");
    out += part;
    if (end == std::string::npos) return out;
    out += k_separator;
    start = end + std::string(k_separator).size();
  }
}

std::string table(const std::vector<Row>& rows) {
  std::string out = "<table>";
  for (const Row& row : rows)
    out += "<tr><th>" + html_escape(row.label) + "</th><td>" + cell(row.value) + "</td></tr>";
  return out + "</table>\n";
}

}  // namespace

Answer answer(const sizer::Estimate& e) {
  if (e.scenario.mode != sizer::Mode::inference)
    throw std::invalid_argument("the default question is not an inference one");
  Answer a;
  a.title = tr("first.title");
  a.inputs = inputs(e.scenario);
  a.fits = e.memory.fits;
  a.verdict = verdict_line(e);
  a.need = need_line(e);
  a.figures = figures(e);
  return a;
}

std::string html(const Answer& a, const std::string& id, const std::string& lang) {
  return "<section id=\"" + html_escape(id) + "\" class=\"answer\" lang=\"" + html_escape(lang) +
         "\">\n" + "<h2>" + html_escape(a.title) + "</h2>\n" + table(a.inputs) + "<p class=\"" +
         (a.fits ? "fits" : "no-fit") + "\" elementtiming=\"first-answer\">" +
         html_escape(a.verdict) + "</p>\n<p>" + html_escape(a.need) + "</p>\n" + table(a.figures) +
         "</section>\n";
}

bool insert(std::string& page, const std::string& fragment) {
  const std::size_t at = page.find(k_marker);
  if (at == std::string::npos || page.find(k_marker, at + 1) != std::string::npos) return false;
  page.replace(at, std::string(k_marker).size(), fragment);
  return true;
}

}  // namespace app::first_answer

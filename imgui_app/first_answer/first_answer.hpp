// The default question's answer as text, for the loading screen of a first visit: the site's
// build computes it with the core and writes it into index.html (write_first_answer.cpp), so a
// user reads the numbers while WebGL starts (docs/BENCHMARKS.md, twelfth round of issue 12).
// Every text comes from the app's own strings and formatting (logic/verdict.hpp, logic/format.hpp),
// so it says what the app's first frame then says. Pure C++: tests/ui pins it natively.
#pragma once

#include <string>
#include <vector>

#include "sizer/estimate.hpp"

namespace app::first_answer {

struct Row {
  std::string label;
  std::string value;
};

struct Answer {
  std::string title;
  std::vector<Row> inputs;  // model, precision, workload, hardware
  bool fits = false;
  std::string verdict;       // "Fits on 1 × GeForce RTX 4090, with 7.63 GiB to spare per card."
  std::string need;          // "Needs 16.4 GiB per card of 24.0 GiB usable."
  std::vector<Row> figures;  // time to first token, decode speed per user, prefill speed
};

// The answer to an inference estimate in the installed language and number style (set_language,
// set_number_style). Throws std::invalid_argument for a training estimate: its figures are
// other ones, which this page does not write.
Answer answer(const sizer::Estimate& e);

// One language's answer as an HTML block `<section id="{id}" class="answer" lang="{lang}">`,
// hidden by the page's style until its inline script shows it (public/index.html). The verdict
// carries elementtiming="first-answer", so its paint time can be measured (tools/bench-site.mjs).
std::string html(const Answer& a, const std::string& id, const std::string& lang);

// Replaces the page's one marker comment (k_marker) with `fragment`. False, with the page
// unchanged, when there is not exactly one.
inline constexpr const char* k_marker = "<!--first-answer-->";
bool insert(std::string& page, const std::string& fragment);

}  // namespace app::first_answer

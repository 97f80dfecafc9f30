// The report (issue 11): Markdown with every section, the printable page escaped and script-free,
// the fit table as CSV (one row per catalog GPU, RFC 4180 quoting), and the page title.
#include "logic/report.hpp"

#include <catch2/catch.hpp>

#include "layout.hpp"
#include "sizer/catalog.hpp"
#include "sizer/plan.hpp"
#include "string_tables.hpp"

using namespace app;

namespace {

App computed(const char* model, const char* gpu) {
  std::vector<std::string> errors;
  int files = 0;
  i18n::install(ui_test::all_string_tables(errors, files));
  i18n::set_language(i18n::Language::en);
  App app;
  app.inputs.model = *sizer::find_model(model);
  app.inputs.hardware.gpu = *sizer::find_gpu(gpu);
  app.dirty = true;
  recompute_if_dirty(app);
  return app;
}

}  // namespace

TEST_CASE("the Markdown report holds inputs, verdict, memory, speed and cost", "[ui][report]") {
  App app = computed("llama-2-7b", "rtx-4090-24gb");
  REQUIRE(app.error.empty());
  const std::string md = report_markdown(app);
  CHECK(md.rfind("# LLM Sizer report: Llama 2 7B", 0) == 0);
  for (const char* s : {"## Inputs", "## Verdict", "## Memory per GPU", "## Speed", "## Cost",
                        "| Model | Llama 2 7B |", "| Verdict | fits |", "| Bottleneck |"})
    CHECK_THAT(md, Catch::Contains(s));
  CHECK(page_title(app) ==
        "Llama 2 7B \xC2\xB7 1\xC3\x97 GeForce RTX 4090 \xC2\xB7 fits \xE2\x80\x93 LLM Sizer");
  App big = computed("llama-3.1-70b", "rtx-4090-24gb");
  CHECK_THAT(report_markdown(big), Catch::Contains("| Verdict | does not fit |"));
  CHECK_THAT(report_markdown(big), Catch::Contains("none: it does not fit"));
  CHECK_THAT(page_title(big), Catch::Contains("does not fit"));
}

TEST_CASE("the report escapes what a custom name holds", "[ui][report]") {
  App app = computed("llama-2-7b", "rtx-4090-24gb");
  app.inputs.model.id = "custom";
  app.inputs.model.name = "<script>alert(1)</script> | pipe";
  app.dirty = true;
  recompute_if_dirty(app);
  const std::string html = report_html(app);
  CHECK(html.find("<script") == std::string::npos);
  CHECK_THAT(html, Catch::Contains("&lt;script&gt;"));
  CHECK(html.find("style") == std::string::npos);
  CHECK_THAT(report_markdown(app), Catch::Contains("\\| pipe"));
}

TEST_CASE("the fit table CSV has one row per catalog GPU", "[ui][report]") {
  App app = computed("llama-2-7b", "rtx-4090-24gb");
  const std::string csv = fit_table_csv(app);
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < csv.size()) {
    const std::size_t end = csv.find("\r\n", start);
    REQUIRE(end != std::string::npos);  // every line ends with CRLF
    lines.push_back(csv.substr(start, end - start));
    start = end + 2;
  }
  REQUIRE(lines.size() == app.fit.size() + 1);
  CHECK(lines[0].rfind("gpu,name,gpus,", 0) == 0);
  bool found = false;
  for (const std::string& l : lines)
    if (l.rfind("rtx-4090-24gb,GeForce RTX 4090,1,1,1,", 0) == 0) found = true;
  CHECK(found);
  // A name with a comma is quoted.
  for (std::size_t i = 0; i < app.fit.size(); ++i) {
    const sizer::Gpu* g = sizer::find_gpu(app.fit[i].gpu_id);
    if (g && g->name.find(',') != std::string::npos)
      CHECK_THAT(lines[i + 1], Catch::Contains("\"" + g->name + "\""));
  }
}

TEST_CASE("invalid inputs give a report that says so", "[ui][report]") {
  App app = computed("llama-2-7b", "rtx-4090-24gb");
  app.inputs.inference.batch = 0;
  app.dirty = true;
  recompute_if_dirty(app);
  REQUIRE_FALSE(app.error.empty());
  CHECK_THAT(report_markdown(app), Catch::Contains("invalid inputs"));
  CHECK_THAT(page_title(app), Catch::Contains("invalid inputs"));
}

TEST_CASE("the plans CSV has one row per plan, the plan record's columns", "[ui][report]") {
  sizer::PlanRequest q;
  q.base.model = *sizer::find_model("llama-3.1-8b");
  q.base.hardware.gpu = *sizer::find_gpu("h100-sxm-80gb");
  q.targets.requests_per_second = 2;
  q.constraints.gpus = {"h100-sxm-80gb", "l40s-48gb"};
  q.max_plans = 4;
  const sizer::PlanResult r = sizer::plan(q);
  REQUIRE_FALSE(r.plans.empty());
  const std::string csv = plan_csv(r);
  std::size_t lines = 0;
  for (std::size_t at = csv.find("\r\n"); at != std::string::npos; at = csv.find("\r\n", at + 2))
    ++lines;
  CHECK(lines == r.plans.size() + 1);
  CHECK(csv.rfind("rank,gpu,gpuCount,", 0) == 0);
  CHECK_THAT(csv, Catch::Contains("\r\n1," + r.plans[0].gpu_id + ","));
  // The reason sentence holds commas: quoted.
  CHECK_THAT(csv, Catch::Contains("\"Cheapest per token"));
}

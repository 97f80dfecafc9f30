// TEMPORARY: link stubs so the foundation builds while the real implementations land.
// Each helper deletes the stubs it replaces; this file must be gone before issue 3 closes.
#include <stdexcept>

#include "sizer/assumptions.hpp"
#include "sizer/estimate.hpp"
#include "sizer/hf_config.hpp"
#include "sizer/params.hpp"
#include "sizer/request_json.hpp"
#include "sizer/share_link.hpp"
#include "sizer/solvers.hpp"

namespace sizer {
#define SIZER_STUB(what) throw std::logic_error("not implemented: " what)
// assumptions.cpp
Assumptions default_assumptions(Engine) { SIZER_STUB("default_assumptions"); }
const std::vector<AssumptionInfo>& assumption_table() { SIZER_STUB("assumption_table"); }
bool get_assumption(const Assumptions&, const std::string&, double&) { SIZER_STUB("get_assumption"); }
bool set_assumption(Assumptions&, const std::string&, double) { SIZER_STUB("set_assumption"); }
std::string engine_id(Engine) { SIZER_STUB("engine_id"); }
bool parse_engine(const std::string&, Engine&) { SIZER_STUB("parse_engine"); }
// scenario.cpp / estimate.cpp
Scenario normalize(Scenario) { SIZER_STUB("normalize"); }
std::vector<std::string> validate(const Scenario&) { SIZER_STUB("validate"); }
int total_gpus(const Scenario&) { SIZER_STUB("total_gpus"); }
Estimate estimate(const Scenario&) { SIZER_STUB("estimate"); }
std::string bottleneck_id(Bottleneck) { SIZER_STUB("bottleneck_id"); }
// solvers.cpp
int largest_batch_that_fits(const Scenario&) { SIZER_STUB("largest_batch_that_fits"); }
int largest_context_that_fits(const Scenario&) { SIZER_STUB("largest_context_that_fits"); }
int fewest_gpus_that_fit(const Scenario&, int) { SIZER_STUB("fewest_gpus_that_fit"); }
std::string cheapest_format_that_fits(const Scenario&) { SIZER_STUB("cheapest_format_that_fits"); }
std::vector<FitRow> fit_table(const Scenario&, int) { SIZER_STUB("fit_table"); }
std::vector<Suggestion> suggestions_to_fit(const Scenario&, int) { SIZER_STUB("suggestions_to_fit"); }
// request_json.cpp
// share_link.cpp
}  // namespace sizer

#include "logic/saved_work.hpp"

#include "logic/state_json.hpp"
#include "sizer/catalog.hpp"

namespace app {
namespace {

// The app's starting point (main.cpp default_scenario), on top of which a saved state loads.
sizer::Scenario base_scenario() {
  sizer::Scenario s;
  if (const sizer::ModelArch* m = sizer::find_model("llama-3.1-8b")) s.model = *m;
  if (const sizer::Gpu* g = sizer::find_gpu("rtx-4090-24gb")) s.hardware.gpu = *g;
  return s;
}

}  // namespace

SavedWorkRead read_saved_work(const std::string& text) {
  sizer::SavedWorkChecks checks;
  checks.state = [](const std::string& state_json) {
    const StateMerge m = merge_state(base_scenario(), UiState{}, state_json);
    return m.ok ? std::string() : m.error;
  };
  return sizer::read_saved_work(text, checks);
}

}  // namespace app

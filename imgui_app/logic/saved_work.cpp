#include "logic/saved_work.hpp"

#include "logic/default_scenario.hpp"
#include "logic/state_json.hpp"

namespace app {

// A saved state is checked on top of the app's starting point, as main.cpp loads it.
SavedWorkRead read_saved_work(const std::string& text) {
  sizer::SavedWorkChecks checks;
  checks.state = [](const std::string& state_json) {
    const StateMerge m = merge_state(default_scenario(), UiState{}, state_json);
    return m.ok ? std::string() : m.error;
  };
  return sizer::read_saved_work(text, checks);
}

}  // namespace app

// Restoring a share link without losing it to one bad field: a key the engine refuses is left
// out (the rest is restored, the refused one keeps its current value) and named in a notice; a
// parallel split the model or the card count cannot take is moved to the nearest valid one
// ("tensorParallel 7 -> 4") and the notice says so. Pure C++: no ImGui, no browser.
#pragma once

#include <string>
#include <vector>

#include "app_state.hpp"

namespace app {

struct LinkRestore {
  bool ok = false;  // false: nothing usable (the current state stays)
  sizer::Scenario scenario;
  UiState ui;
  std::vector<std::string> notices;  // one translated sentence per ignored or changed value
  std::string error;                 // why nothing was usable
};

// The link's values on top of `current`: a key the link does not hold, or one it holds but the
// engine refuses, keeps its current value; except inside a host preset the link names, whose
// fields come from the preset.
LinkRestore restore_link(const std::string& fragment, const sizer::Scenario& current,
                         const UiState& ui);

}  // namespace app

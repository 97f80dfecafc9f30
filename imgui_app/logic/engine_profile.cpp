#include "logic/engine_profile.hpp"

namespace app {

void apply_profile(sizer::Scenario& s) {
  s.assumptions = sizer::profile_defaults(s);
  for (const auto& [key, value] : s.assumption_overrides)
    sizer::set_assumption(s.assumptions, key, value);
}

void apply_engine(sizer::Scenario& s, sizer::Engine engine) {
  s.inference.engine = engine;
  apply_profile(s);
}

}  // namespace app

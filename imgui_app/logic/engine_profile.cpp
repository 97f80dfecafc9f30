#include "logic/engine_profile.hpp"

namespace app {

void apply_engine(sizer::Scenario& s, sizer::Engine engine) {
  s.inference.engine = engine;
  sizer::apply_assumption_profile(s);
}

}  // namespace app

#include "logic/default_scenario.hpp"

#include "logic/engine_profile.hpp"
#include "sizer/catalog.hpp"

namespace app {

sizer::Scenario default_scenario() {
  sizer::Scenario s;
  if (const sizer::ModelArch* m = sizer::find_model("llama-3.1-8b")) s.model = *m;
  if (const sizer::Gpu* g = sizer::find_gpu("rtx-4090-24gb")) s.hardware.gpu = *g;
  apply_engine(s, sizer::Engine::generic);
  return s;
}

}  // namespace app

// recompute_if_dirty: the only place the engine runs. Never throws: an invalid scenario or an
// engine error becomes app.error, shown instead of numbers.
#include <algorithm>
#include <exception>

#include "app_state.hpp"
#include "logic/cpu_device.hpp"
#include "logic/custom_gpu.hpp"
#include "logic/custom_gpu_fit.hpp"
#include "logic/file_intake.hpp"

namespace app {

void recompute_if_dirty(App& app) {
  if (!app.dirty) return;
  app.dirty = false;
  app.error.clear();
  drop_stale_file_info(app);
  try {
    std::vector<std::string> problems = sizer::validate(sizer::normalize(app.inputs));
    if (!problems.empty()) {
      for (const std::string& p : problems) app.error += (app.error.empty() ? "" : "\n") + p;
      return;
    }
    app.results = sizer::estimate(app.inputs, {true});
  } catch (const std::exception& e) {
    app.error = e.what();
    return;
  }
  // The batch curve, fit table and suggestions are extras: their failure must not hide the
  // estimate.
  try {
    app.batch_curve = app.inputs.mode == sizer::Mode::inference ? sizer::batch_curve(app.inputs)
                                                                : sizer::BatchCurve{};
  } catch (const std::exception&) {
    app.batch_curve = {};
  }
  // The fit table answers "which GPUs could run this": for a CPU-only run too, asked of the same
  // scenario on GPUs (the core's table swaps the card of a GPU scenario).
  sizer::Scenario on_gpus = app.inputs;
  on_gpus.hardware.cpu_only = false;
  try {
    app.fit = sizer::fit_table(on_gpus);
    // The catalog's rows, and first the custom card in use (the core's table has only the catalog).
    if (!is_catalog_gpu(app.inputs.hardware.gpu))
      app.fit.insert(app.fit.begin(), custom_gpu_fit_row(app.inputs));
  } catch (const std::exception&) {
    app.fit.clear();
  }
  try {
    app.suggestions = app.results.memory.fits ? std::vector<sizer::Suggestion>{}
                                              : sizer::suggestions_to_fit(app.inputs);
    // One device, no GPU: more cards or layers moved off a GPU are not choices there.
    if (app.inputs.hardware.cpu_only) {
      app.suggestions.erase(
          std::remove_if(app.suggestions.begin(), app.suggestions.end(), needs_gpus),
          app.suggestions.end());
    }
  } catch (const std::exception&) {
    app.suggestions.clear();
  }
}

}  // namespace app

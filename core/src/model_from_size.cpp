// Shapes for a model known only by its size: the closest catalog model, layers scaled.
#include "sizer/model_from_size.hpp"

#include <algorithm>
#include <cmath>

#include "engine_internal.hpp"
#include "sizer/params.hpp"

namespace sizer {

bool needs_shape_from_size(const ModelArch& m) {
  return m.hidden_size <= 0 && m.num_layers <= 0 && m.official_params_b > 0;
}

namespace {

bool is_moe(const ModelArch& m) { return m.num_experts > 0; }

// The closest catalog model in size: same family first when one is named, then any.
const ModelArch* closest(const ModelArch& want) {
  const bool moe =
      want.official_active_params_b > 0 && want.official_active_params_b < want.official_params_b;
  const ModelArch* best = nullptr;
  double best_distance = 0;
  for (bool same_family : {true, false}) {
    if (same_family && want.family.empty()) continue;
    for (const ModelArch& c : model_catalog()) {
      if (is_moe(c) != moe || c.official_params_b <= 0) continue;
      if (same_family && c.family != want.family) continue;
      double d = std::fabs(std::log(c.official_params_b / want.official_params_b));
      if (moe) {  // the active share decides speed: weigh it as much as the total
        const double active = c.official_active_params_b > 0 ? c.official_active_params_b : 1;
        d += std::fabs(std::log(active / want.official_active_params_b));
      }
      if (best == nullptr || d < best_distance) {
        best = &c;
        best_distance = d;
      }
    }
    if (best != nullptr) return best;
  }
  return nullptr;
}

}  // namespace

bool shape_from_size(ModelArch& m, std::string& note) {
  const ModelArch* ref = closest(m);
  if (ref == nullptr) {
    note = "no catalog model to take shapes from";
    return false;
  }
  ModelArch shaped = *ref;
  shaped.id = m.id;
  shaped.name = m.name;
  shaped.family = m.family.empty() ? ref->family : m.family;
  shaped.official_params_b = m.official_params_b;
  shaped.official_active_params_b = m.official_active_params_b;
  // Layers carry everything but the embeddings: scale their count to the size asked for.
  const ParamCounts p = count_params(*ref);
  const double side = p.embedding + p.lm_head;
  const double per_layer = (p.total - side) / std::max(1, ref->num_layers);
  const double layers = (m.official_params_b * 1e9 - side) / per_layer;
  shaped.num_layers = static_cast<int>(std::lround(std::clamp(layers, 1.0, 1024.0)));
  if (shaped.first_k_dense_layers >= shaped.num_layers) shaped.first_k_dense_layers = 0;
  note = "no shapes given: those of " + ref->name + " (" + fmt_num(ref->official_params_b) +
         " B) with " + fmt_num(shaped.num_layers) + " layers instead of " +
         fmt_num(ref->num_layers) + " to reach " + fmt_num(m.official_params_b) +
         " B; an estimate from a typical shape, not this model's own";
  shaped.source = "typical shape (" + ref->id + ", layers scaled): " + note;
  m = shaped;
  return true;
}

}  // namespace sizer

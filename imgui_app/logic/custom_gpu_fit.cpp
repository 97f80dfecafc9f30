#include "logic/custom_gpu_fit.hpp"

#include <algorithm>
#include <exception>

#include "sizer/cost.hpp"
#include "sizer/layouts.hpp"
#include "sizer/memory.hpp"
#include "sizer/prices.hpp"

namespace app {

sizer::FitRow custom_gpu_fit_row(const sizer::Scenario& s, int max_gpus) {
  sizer::FitRow row;
  row.gpu_id = s.hardware.gpu.id;
  try {
    const sizer::Scenario normalized = sizer::normalize(s);
    row.capacity_bytes = sizer::usable_capacity_bytes(s.hardware.gpu, normalized.assumptions);
    const int fewest = sizer::fewest_gpus_that_fit(s, max_gpus);
    double best_cost = 0;
    for (int n = fewest; fewest > 0 && n <= std::min(max_gpus, 2 * fewest); ++n) {
      for (const sizer::Layout& l : sizer::layouts_for(s, n)) {
        if (s.mode == sizer::Mode::inference && l.data != 1) continue;
        sizer::Scenario t = s;
        sizer::apply_layout(t, l);
        const sizer::Estimate e = sizer::estimate(t);
        if (!e.memory.fits) continue;
        const double tokens = s.mode == sizer::Mode::inference
                                  ? e.inference.throughput_tokens_per_second
                                  : e.training.tokens_per_second;
        if (!(tokens > 0)) continue;
        const double cost = static_cast<double>(l.gpus) * 1e6 / tokens;
        if (row.gpus > 0 && !(cost < best_cost)) continue;
        best_cost = cost;
        row.gpus = l.gpus;
        row.tensor_parallel = l.tensor;
        row.pipeline_parallel = l.pipeline;
        row.per_gpu_bytes = e.memory.per_gpu_bytes;
        row.tokens_per_second = tokens;
        row.gpu_seconds_per_million_tokens = cost;
        row.bottleneck = e.bottleneck;
        const sizer::ResolvedPrice price = sizer::resolve_price(t);
        row.price_known = price.known;
        row.usd_per_hour = price.known ? price.usd_per_gpu_hour * l.gpus : 0;
        row.usd_per_million_tokens =
            price.known ? sizer::usd_per_million_tokens(row.usd_per_hour, tokens) : 0;
      }
    }
  } catch (const std::exception&) {
    row.gpus = 0;  // shown as "does not fit": the estimate itself says what is wrong
  }
  return row;
}

}  // namespace app

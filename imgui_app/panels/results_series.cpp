#include "panels/results_series.hpp"

#include <cmath>

namespace app::results {

BatchSeries batch_series(const sizer::BatchCurve& curve) {
  BatchSeries out;
  out.max_batch = curve.max_batch;
  for (const sizer::SweepPoint& p : curve.points) {
    // A batch the engine rejects leaves a gap in the lines rather than failing the chart.
    out.batch.push_back(p.value);
    out.throughput_tokens_per_second.push_back(
        p.ok ? p.estimate.inference.throughput_tokens_per_second : NAN);
    out.decode_tokens_per_second.push_back(p.ok ? p.estimate.inference.decode_tokens_per_second
                                                : NAN);
    out.per_gpu_bytes.push_back(p.ok ? p.estimate.memory.per_gpu_bytes : NAN);
  }
  return out;
}

}  // namespace app::results

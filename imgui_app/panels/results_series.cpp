#include "panels/results_series.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <string>

#include "sizer/request_json.hpp"

namespace app::results {
namespace {

// Batch sizes beyond this are not served by any engine we model (vLLM's default max_num_seqs is
// 256; 1024 leaves room for the chart to show the curve flatten).
constexpr int kLargestBatch = 1024;

std::vector<int> batch_sizes(int current, int max_batch) {
  const int limit = std::min(kLargestBatch, std::max({8, 2 * max_batch, current}));
  std::vector<int> sizes;
  for (int b = 1; b <= limit; b *= 2) sizes.push_back(b);
  if (current >= 1) sizes.push_back(current);
  if (max_batch >= 1 && max_batch <= kLargestBatch) sizes.push_back(max_batch);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

BatchSeries compute(const App& app) {
  BatchSeries out;
  out.max_batch = app.results.inference.max_batch;
  for (int b : batch_sizes(app.inputs.inference.batch, out.max_batch)) {
    sizer::Scenario s = app.inputs;
    s.inference.batch = b;
    double throughput = NAN;
    double per_user = NAN;
    double bytes = NAN;
    try {
      const sizer::Estimate e = sizer::estimate(s);
      throughput = e.inference.throughput_tokens_per_second;
      per_user = e.inference.decode_tokens_per_second;
      bytes = e.memory.per_gpu_bytes;
    } catch (const std::exception&) {
      // A batch the engine rejects leaves a gap in the lines rather than failing the chart.
    }
    out.batch.push_back(b);
    out.throughput_tokens_per_second.push_back(throughput);
    out.decode_tokens_per_second.push_back(per_user);
    out.per_gpu_bytes.push_back(bytes);
  }
  return out;
}

}  // namespace

const BatchSeries& batch_series(const App& app) {
  // Keyed by the request JSON of the inputs: the full scenario, cheap to compare, and it changes
  // whenever anything that moves the curve changes.
  static std::string cached_key;
  static BatchSeries cached;
  std::string key = sizer::scenario_to_request_json(app.inputs);
  if (key != cached_key || cached.batch.empty()) {
    cached = compute(app);
    cached_key = std::move(key);
  }
  return cached;
}

}  // namespace app::results

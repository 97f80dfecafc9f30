// Cost: cards x $/GPU-hour (prices.hpp: rental basis, own quote or owner's cost); per million
// tokens; training total. Unknown price -> zeros and a reason.
#include "sizer/cost.hpp"

#include "engine_internal.hpp"
#include "sizer/prices.hpp"

namespace sizer {

double usd_per_million_tokens(double usd_per_hour_all, double tokens_per_second) {
  return safe_div(usd_per_hour_all, tokens_per_second * 3600.0) * 1e6;
}

CostResult compute_cost(const Scenario& s, const InferenceResult& inference,
                        const TrainingResult& training) {
  CostResult c;
  const ResolvedPrice price = resolve_price(s);
  const int gpus = billed_gpus(s);
  c.price_known = price.known;
  c.usd_per_gpu_hour = price.usd_per_gpu_hour;
  c.basis = price.basis;  // a short literal: no allocation
  c.quote = price.quote;
  c.custom_provider = price.custom_provider;
  c.purchase_usd = price.purchase_usd;
  c.own_usd_per_gpu_hour = price.own_usd_per_gpu_hour;
  c.power_usd_per_gpu_hour = price.power_usd_per_gpu_hour;
  c.break_even_months = price.break_even_months;
  c.usd_per_hour = price.usd_per_gpu_hour * gpus;
  if (s.mode == Mode::inference) {
    c.usd_per_million_tokens =
        usd_per_million_tokens(c.usd_per_hour, inference.throughput_tokens_per_second);
    // One batch, prompt to last output token.
    c.total_usd = c.usd_per_hour * inference.end_to_end_seconds / 3600.0;
  } else {
    c.usd_per_million_tokens = usd_per_million_tokens(c.usd_per_hour, training.tokens_per_second);
    c.total_usd = training.gpu_hours * price.usd_per_gpu_hour;
  }
  return c;
}

void describe_cost(const Scenario& s, CostResult& c) {
  ResolvedPrice price;
  price.known = c.price_known;
  price.quote = c.quote;
  price.custom_provider = c.custom_provider;
  PriceWords words = describe_price(s, price);
  c.provider = std::move(words.provider);
  c.price_date = std::move(words.date);
  c.price_source = std::move(words.source);
  c.unknown_reason = std::move(words.unknown_reason);
}

}  // namespace sizer

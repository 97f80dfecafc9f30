// Card prices: core/data/prices.csv holds one value per card and basis (purchase, hyperscaler,
// GPU cloud, marketplace), each with provider, date and source. resolve_price() turns the
// scenario's basis, the user's own quote and the ownership inputs into the $/GPU-hour the cost
// model uses (docs/METHOD.md, "Cost").
#pragma once

#include <string>
#include <vector>

#include "sizer/scenario.hpp"

namespace sizer {

enum class QuoteKind { purchase, hyperscaler, gpu_cloud, marketplace };

struct PriceQuote {
  std::string gpu_id;
  QuoteKind kind = QuoteKind::purchase;
  double usd = 0;  // purchase: USD per card; rentals: USD per GPU-hour
  std::string provider;
  std::string date;  // YYYY-MM
  std::string source;
  std::string notes;
};

// Every row of prices.csv, in file order. Load problems go to catalog_load_errors().
const std::vector<PriceQuote>& price_quotes();
// Rows of one card (empty for a card without prices or a custom card).
std::vector<const PriceQuote*> price_quotes_for(const std::string& gpu_id);
const PriceQuote* find_quote(const std::string& gpu_id, QuoteKind kind);
const char* quote_kind_id(QuoteKind kind);  // "purchase", "hyperscaler", "gpu-cloud", ...

// Problems of the price table (unknown card, unknown basis, a second row for one card and basis,
// a price that is not positive). Empty for a good build; the tests require it.
const std::vector<std::string>& price_load_errors();

// The $/GPU-hour of one scenario and where it comes from. usd_per_gpu_hour 0 = unknown. No string
// is built here (searches price every candidate); describe_price() writes the words.
struct ResolvedPrice {
  bool known = false;
  double usd_per_gpu_hour = 0;        // rental, the user's quote, or the owner's cost per busy hour
  const char* basis = "";             // "gpu-cloud", "hyperscaler", "marketplace", "own", "custom"
  const PriceQuote* quote = nullptr;  // the table row used (rental, or purchase when owning)
  const char* custom_provider = nullptr;  // the user's quote or a custom card's own figure
  // Owning (filled whenever a purchase price is known, whatever the basis).
  double purchase_usd = 0;
  double own_usd_per_gpu_hour = 0;    // amortised purchase + power, per busy hour
  double power_usd_per_gpu_hour = 0;  // board power x (1 + host overhead) x electricity
  // Rent vs buy: months of renting (at the rental basis, or the first rental price known when the
  // basis is "own") that cost as much as buying; 0 = cannot say (no purchase or no rental price).
  double break_even_months = 0;
};

ResolvedPrice resolve_price(const Scenario& s);

// Owning a part nobody sells (Gpu::for_sale false: TPUs, A10G) has no purchase price to find: the
// one place that says when a missing price means "only rented" rather than "not in the table".
bool owned_but_not_sold(const Gpu& g, PriceBasis basis);

// The user's own quotes (cost.usdPerGpuHour, cost.purchaseUsd) price the card they chose: a search
// that puts another card in its place prices that one from the table.
CostInputs cost_for_card(const CostInputs& chosen, bool is_chosen_card);

// Provider, date, source, and why the price is unknown, in words (estimate() only).
struct PriceWords {
  std::string provider;
  std::string date;
  std::string source;
  std::string unknown_reason;
};
PriceWords describe_price(const Scenario& s, const ResolvedPrice& price);

// Owner's cost per busy hour: purchase / (years x 8760 h x utilisation) + power per hour.
double own_usd_per_gpu_hour(double purchase_usd, double board_watts, const Ownership& own);
double power_usd_per_gpu_hour(double board_watts, const Ownership& own);
// purchase / ((rent - power) x 730 h x utilisation); 0 when renting never costs more than power.
double break_even_months(double purchase_usd, double rent_usd_per_gpu_hour,
                         double power_usd_per_gpu_hour, const Ownership& own);

}  // namespace sizer

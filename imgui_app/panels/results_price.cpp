// Where the price comes from and what owning the cards costs (cost.* of the estimate).
#include "logic/catalog_sources.hpp"
#include "logic/cpu_device.hpp"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/results_parts.hpp"
#include "sizer/enums.hpp"
#include "sizer/prices.hpp"

namespace app::results {
namespace {

// Who charges the price used, when, and where it is published (the source may be fetched:
// logic/catalog_sources.hpp, so only while the row is hovered).
std::string price_origin(const App& app) {
  const sizer::CostResult& c = app.results.cost;
  const std::string when = c.price_date.empty() ? c.provider : c.provider + ", " + c.price_date;
  const std::string source = price_source(c);
  return trf("res.cost.price_from", {when, source.empty() ? fmt::k_dash : source});
}

}  // namespace

void draw_price_rows(const App& app) {
  const sizer::CostResult& c = app.results.cost;
  if (c.price_known) {
    std::string basis_key = "price." + c.basis;  // enum ids use '-', string keys '_'
    for (char& ch : basis_key) ch = ch == '-' ? '_' : ch;
    value_row(
        app, "res.cost.price_used",
        trf("res.cost.price_used_value", {fmt::usd(c.usd_per_gpu_hour), tr(basis_key.c_str())}),
        "cost.usdPerHour", price_origin);
    publish_last_item(app, "price-used");
  } else {
    std::string basis_key = std::string("price.") + sizer::enum_id(app.inputs.cost.basis);
    for (char& ch : basis_key) ch = ch == '-' ? '_' : ch;
    const sizer::Scenario& s = app.results.scenario;
    const bool not_for_sale = sizer::owned_but_not_sold(s.hardware.gpu, s.cost.basis);
    value_row(app, "res.cost.price_used",
              not_for_sale ? trf("res.cost.not_for_sale", {device_name(s)})
                           : trf("res.cost.no_price", {tr(basis_key.c_str()), device_name(s)}),
              "cost.usdPerHour", c.unknown_reason);
  }
  if (c.purchase_usd > 0) {
    value_row(app, "res.cost.purchase", fmt::usd(c.purchase_usd), "cost.ownUsdPerGpuHour");
    value_row(app, "res.cost.own_per_hour",
              trf("gpu.card.per_hour", {fmt::usd(c.own_usd_per_gpu_hour)}),
              "cost.ownUsdPerGpuHour");
    value_row(app, "res.cost.break_even",
              c.break_even_months > 0 ? trf("res.cost.months", {fmt::number(c.break_even_months)})
                                      : std::string(tr("res.cost.break_even_none")),
              "cost.ownUsdPerGpuHour");
  }
  const sizer::EnergyResult& e = app.results.energy;
  if (e.watts > 0 && app.results.memory.fits) {
    value_row(app, "res.energy.watts", trf("res.energy.watts_value", {fmt::number(e.watts)}),
              "energy.watts", tr("res.energy.watts_why"));
    value_row(app, "res.energy.per_token",
              trf("res.energy.joules_value", {fmt::number(e.joules_per_token)}),
              "energy.joulesPerToken");
    value_row(app, "res.energy.electricity", fmt::usd(e.electricity_usd_per_million_tokens),
              "energy.electricityUsdPerMillionTokens");
  }
}

}  // namespace app::results

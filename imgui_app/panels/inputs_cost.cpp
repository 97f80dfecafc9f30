// The cost inputs: where the $/GPU-hour comes from (cost.basis), the user's own quote, and the
// ownership inputs (the user's purchase price among them) when the cards are bought. The price
// table and the formulas are the core's (sizer/prices.hpp); this only edits app.inputs.cost.
#include "imgui.h"
#include "logic/i18n.hpp"
#include "panels/inputs.hpp"
#include "panels/inputs_widgets.hpp"
#include "sizer/enums.hpp"

namespace app {

void draw_cost_section(App& app) {
  ui::section("section.cost");
  sizer::CostInputs& c = app.inputs.cost;
  bool changed = false;
  const auto& bases = sizer::enum_entries<sizer::PriceBasis>();
  int index = sizer::enum_index(c.basis);
  ui::help_for_next_row("help.price_basis");
  if (ui::combo(app, "cost.basis", "price-basis", &index, static_cast<int>(bases.size()),
                [&](int i) { return tr(bases[static_cast<std::size_t>(i)].label_key); })) {
    c.basis = sizer::enum_at<sizer::PriceBasis>(index);
    changed = true;
  }
  ui::help_for_next_row("help.own_quote");
  changed |= ui::slider_double(app, "cost.own_quote", "own-quote", &c.usd_per_gpu_hour, 0, 100,
                               "unit.usd_per_hour", false);
  if (c.basis == sizer::PriceBasis::own) {
    ui::help_for_next_row("help.purchase_quote");
    changed |= ui::slider_double(app, "cost.purchase_quote", "purchase-quote", &c.purchase_usd, 0,
                                 200000, "unit.usd_per_card", false);
    ui::help_for_next_row("help.ownership");
    changed |= ui::slider_double(app, "cost.years", "own-years", &c.own.years, 0.5, 10,
                                 "unit.years", false);
    changed |= ui::slider_double(app, "cost.electricity", "electricity",
                                 &c.own.electricity_usd_per_kwh, 0, 1, "unit.usd_per_kwh", false);
    changed |= ui::slider_double(app, "cost.utilisation", "utilisation", &c.own.utilisation, 0.01,
                                 1, "unit.share", false);
    changed |= ui::slider_double(app, "cost.host_overhead", "host-overhead", &c.own.host_overhead,
                                 0, 3, "unit.share", false);
  }
  if (changed) app.dirty = true;
}

}  // namespace app

// Shared pieces of the results panels (internal to panels/results*.cpp): one draw function per
// panel, and the helpers every panel uses to show a number with its formula tooltip.
#pragma once

#include <string>

#include "app_state.hpp"
#include "logic/verdict.hpp"  // hardware_summary

namespace app::results {

// Panels, in the order draw_results_column shows them.
void draw_verdict(App& app);
void draw_memory(const App& app);
void draw_speed(const App& app);
void draw_bottleneck(const App& app);
void draw_training(const App& app);
void draw_fit_table(App& app);
void draw_compare(App& app);
void draw_rules_of_thumb(const App& app);
void draw_seed_tables(App& app);

// A collapsible section header (open by default); `key` is both the string key and the ImGui id,
// so the open state survives a language switch.
// `id_key` keeps one header's open state when its title changes (CPU-only wording).
bool section(const char* key, const char* id_key = nullptr);

// Formula and inputs recorded by the engine for `formula_key` ("memory.weightsBytes"), else the
// definitional one from local_formula(), or "".
std::string formula_for(const sizer::Estimate& e, const char* formula_key);

// Formula for a key the engine does not record but that follows by definition from figures in the
// Estimate (results_formulas.cpp); "" when there is none.
std::string local_formula(const sizer::Estimate& e, const std::string& key);

// A rule of thumb's "label" or "why" text in the current language.
std::string rule_text(const sizer::RuleOfThumb& rule, const char* part);

// Tooltip body: the formula for `formula_key` (or a note that the engine recorded none), after
// optional `headline` lines. Call when the item is hovered.
void formula_tooltip(const sizer::Estimate& e, const char* formula_key,
                     const std::string& headline = "");
// The same body, inside a tooltip the caller opened.
void formula_body(const sizer::Estimate& e, const char* formula_key, const std::string& headline);

// Text of a number; hovering shows `why` (for a figure that looks odd) and its formula.
void number_text(const App& app, const std::string& text, const char* formula_key,
                 const std::string& why = "");

// One row of a two-column label/value table (inside BeginTable with 2 columns).
void value_row(const App& app, const char* label_key, const std::string& value,
               const char* formula_key, const std::string& why = "");
// The same, with the hover text made only while hovered (text that may have to be fetched).
void value_row(const App& app, const char* label_key, const std::string& value,
               const char* formula_key, std::string (*why)(const App&));

// The price used (basis, provider, date) and, when a purchase price is known, what owning a card
// costs per hour and the rent-vs-buy break-even, then the energy figures (rows of a value_row
// table; results_price.cpp).
void draw_price_rows(const App& app);

// True when the string table holds `key` (tr() returns the key itself when it does not).
bool has_string(const std::string& key);

// Reports the last item's rectangle to window.llmSizer.widgetRect(id), in CSS pixels.
void publish_last_item(const App& app, const std::string& id);

// Display name of a catalog GPU id (the id itself when unknown).
std::string gpu_name(const std::string& gpu_id);

// Points a scenario at `gpu_id` with `gpus` cards, splitting them into nodes of at most 8 and
// using tensor parallelism inside a node and pipeline parallelism across nodes.
void select_gpu(sizer::Scenario& s, const sizer::FitRow& row, int current_gpus);

}  // namespace app::results

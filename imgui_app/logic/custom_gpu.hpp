// A custom GPU made in the app: a catalog card copied as the template ("copy H100 and edit"), then
// its fields edited one by one. Every field a request's "gpu" object accepts is on the form, taken
// from the core's record table (sizer::record_fields<Gpu>()), and each typed value is checked by
// the core's rules: the table's range, then validate() of the scenario with the card in it. A
// value that fails keeps the card as it was and says why beside its field. Pure C++:
// panels/inputs_custom_gpu.cpp draws the form, tests/ui/custom_gpu_test.cpp drives it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "logic/catalog_card.hpp"
#include "sizer/record_fields.hpp"
#include "sizer/scenario.hpp"

namespace app {

// The id the core's request reader gives a GPU object without one; never a catalog id.
extern const char* const k_custom_gpu_id;

struct CustomGpuForm {
  bool open = false;
  bool reveal = false;  // scroll the form into view once (a price warning's button asked for it)
  // What was typed into a field whose value was refused, by field key; the field shows this text
  // (not the card's value) until a value is taken.
  std::map<std::string, std::string> typed;
  std::map<std::string, std::string> errors;  // why, translated, by field key
  // The field being typed into and its text: taken when the field is left or Enter is pressed.
  std::string editing_key;
  std::string editing_text;
  std::string kept_notice;  // what "Keep in saved work" did
  sizer::Gpu card;          // the card the typed texts and errors are about
};

// Drops what was typed for another card (a card picked, a link or saved work applied since).
void sync_custom_gpu_form(CustomGpuForm& form, const sizer::Gpu& current);

using GpuField = sizer::RecordField<sizer::Gpu>;

// The form's fields in the record table's order: all of them except the id (always custom) and
// the capacity in bytes, which memoryGb sets the way the core's reader does (GB as GiB).
std::vector<const GpuField*> custom_gpu_form_fields();

// The string-table key of a field's label: "gpu.field.memoryBandwidthGbPerS".
std::string custom_gpu_label_key(const GpuField& f);
// The heading that starts a group of fields before `f` ("gpu.group.memory"), or nullptr.
const char* custom_gpu_group_before(const GpuField& f);

// The card as a custom GPU: the same figures, id k_custom_gpu_id, the given name.
sizer::Gpu custom_gpu_from(const sizer::Gpu& card, const std::string& name);

// The price table keeps catalog cards' prices by id, so a copy would lose them: the copy gets the
// template's purchase price and its rental price on `basis` (owning: the first rental the core's
// rent-vs-buy uses) as its own launchPriceUsd / cloudUsdPerGpuHour, where it has none.
sizer::Gpu custom_gpu_with_table_prices(const sizer::Gpu& card, sizer::PriceBasis basis);

// The field's value as the form shows it for editing ("3350", "989.4", "HBM3").
std::string custom_gpu_field_text(const sizer::Gpu& g, const GpuField& f);

// Problems the core finds with `s` using card `g`, by GPU field key (validate() names them
// "gpu.memoryBandwidthGbPerS: ..."; the capacity is memoryGb's); only the card's problems.
std::map<std::string, std::string> custom_gpu_problems(const sizer::Scenario& s,
                                                       const sizer::Gpu& g);

// The value typed into field `key` (text for a text field, a number for the others): when it
// reads and the card with it passes the core's checks, the scenario's card takes it and true
// comes back; otherwise the card is unchanged and form.errors[key] says why.
bool edit_custom_gpu_field(sizer::Scenario& s, CustomGpuForm& form, const std::string& key,
                           const std::string& text);
// A yes/no field (hasNvlink, supportsFp8, ...), checked the same way.
bool set_custom_gpu_flag(sizer::Scenario& s, CustomGpuForm& form, const std::string& key,
                         bool value);

}  // namespace app

#include "logic/custom_gpu.hpp"

#include <cstdio>
#include <exception>
#include <string_view>

#include "logic/i18n.hpp"
#include "logic/number_entry.hpp"
#include "sizer/prices.hpp"

namespace app {

const char* const k_custom_gpu_id = "custom";

namespace {

const GpuField* find_field(const std::string& key) {
  for (const GpuField* f : custom_gpu_form_fields())
    if (key == f->key) return f;
  return nullptr;
}

// The table's rental row for the basis (owning: the first rental the core's rent-vs-buy uses).
const sizer::PriceQuote* rental_quote(const std::string& gpu_id, sizer::PriceBasis basis) {
  using sizer::QuoteKind;
  switch (basis) {
    case sizer::PriceBasis::hyperscaler:
      return sizer::find_quote(gpu_id, QuoteKind::hyperscaler);
    case sizer::PriceBasis::marketplace:
      return sizer::find_quote(gpu_id, QuoteKind::marketplace);
    case sizer::PriceBasis::gpu_cloud:
      return sizer::find_quote(gpu_id, QuoteKind::gpu_cloud);
    case sizer::PriceBasis::own:
      break;
  }
  for (QuoteKind k : {QuoteKind::gpu_cloud, QuoteKind::marketplace, QuoteKind::hyperscaler})
    if (const sizer::PriceQuote* q = sizer::find_quote(gpu_id, k)) return q;
  return nullptr;
}

// Takes `candidate` into the scenario when the core finds nothing wrong with the card.
bool take_if_valid(sizer::Scenario& s, CustomGpuForm& form, const std::string& key,
                   const std::string& typed, const sizer::Gpu& candidate) {
  const std::map<std::string, std::string> problems = custom_gpu_problems(s, candidate);
  const auto it = problems.find(key);
  if (it != problems.end()) {
    form.typed[key] = typed;
    form.errors[key] = it->second;
    return false;
  }
  s.hardware.gpu = candidate;
  s.hardware.gpu.id = k_custom_gpu_id;
  form.card = s.hardware.gpu;
  form.typed.erase(key);
  form.errors.erase(key);
  // A problem of another field that this value cured (memory vs. bandwidth) is gone too.
  for (auto e = form.errors.begin(); e != form.errors.end();) {
    if (form.typed.count(e->first) == 0 && problems.count(e->first) == 0)
      e = form.errors.erase(e);
    else
      ++e;
  }
  return true;
}

}  // namespace

void sync_custom_gpu_form(CustomGpuForm& form, const sizer::Gpu& current) {
  if (same_card(form.card, current)) return;
  form.typed.clear();
  form.errors.clear();
  form.editing_key.clear();
  form.kept_notice.clear();
  form.card = current;
}

std::vector<const GpuField*> custom_gpu_form_fields() {
  std::vector<const GpuField*> out;
  for (const GpuField& f : sizer::record_fields<sizer::Gpu>()) {
    const std::string_view key = f.key;
    if (key == "id" || key == "memoryCapacityBytes") continue;
    out.push_back(&f);
  }
  return out;
}

std::string custom_gpu_label_key(const GpuField& f) { return std::string("gpu.field.") + f.key; }

const char* custom_gpu_group_before(const GpuField& f) {
  const std::string_view key = f.key;
  if (key == "vendor") return "gpu.group.identity";
  if (key == "memoryGb") return "gpu.group.memory";
  if (key == "fp32Tflops") return "gpu.group.compute";
  if (key == "matmulEfficiency") return "gpu.group.sustained";
  if (key == "interconnect") return "gpu.group.links";
  if (key == "tdpW") return "gpu.group.power_flags";
  if (key == "launchPriceUsd") return "gpu.group.price";
  if (key == "source") return "gpu.group.source";
  return nullptr;
}

sizer::Gpu custom_gpu_from(const sizer::Gpu& card, const std::string& name) {
  sizer::Gpu g = card;
  g.id = k_custom_gpu_id;
  g.name = name;
  return g;
}

sizer::Gpu custom_gpu_with_table_prices(const sizer::Gpu& card, sizer::PriceBasis basis) {
  sizer::Gpu g = card;
  if (!(g.launch_price_usd > 0))
    if (const sizer::PriceQuote* q = sizer::find_quote(card.id, sizer::QuoteKind::purchase))
      g.launch_price_usd = q->usd;
  if (!(g.cloud_usd_per_gpu_hour > 0))
    if (const sizer::PriceQuote* q = rental_quote(card.id, basis))
      g.cloud_usd_per_gpu_hour = q->usd;
  return g;
}

std::string custom_gpu_field_text(const sizer::Gpu& g, const GpuField& f) {
  char buffer[64];
  switch (f.type) {
    case sizer::FieldType::text:
      return g.*f.text;
    case sizer::FieldType::integer:
      return std::to_string(g.*f.integer);
    case sizer::FieldType::number:
      // 15 significant digits: what was typed comes back unchanged (989.4, not 989.39999...).
      std::snprintf(buffer, sizeof buffer, "%.15g", g.*f.number);
      return buffer;
    case sizer::FieldType::boolean:
      return g.*f.boolean ? "true" : "false";
    case sizer::FieldType::choice:
      break;
  }
  return "";
}

std::map<std::string, std::string> custom_gpu_problems(const sizer::Scenario& s,
                                                       const sizer::Gpu& g) {
  std::map<std::string, std::string> out;
  sizer::Scenario with = s;
  with.hardware.gpu = g;
  std::vector<std::string> problems;
  try {
    problems = sizer::validate(sizer::normalize(with));
  } catch (const std::exception& e) {
    problems.push_back(std::string("gpu: ") + e.what());
  }
  for (const std::string& p : problems) {
    if (p.rfind("gpu", 0) != 0) continue;  // about another input
    const std::size_t colon = p.find(':');
    std::string key = p.size() > 4 && p[3] == '.' && colon != std::string::npos
                          ? p.substr(4, colon - 4)
                          : std::string("memoryGb");  // "gpu: memory capacity must be positive"
    if (find_field(key) == nullptr) key = "memoryGb";
    std::string reason = colon == std::string::npos ? p : p.substr(colon + 1);
    reason = reason.substr(reason.find_first_not_of(' '));
    // validate()'s one rule for a card's figures, in the page's language; others as the core says.
    if (reason.find("must be positive") != std::string::npos) reason = tr("gpu.form.positive");
    out[key] = trf("gpu.form.core_problem", {reason});
  }
  return out;
}

bool edit_custom_gpu_field(sizer::Scenario& s, CustomGpuForm& form, const std::string& key,
                           const std::string& text) {
  const GpuField* f = find_field(key);
  if (f == nullptr || f->type == sizer::FieldType::boolean) return false;
  sizer::Gpu candidate = s.hardware.gpu;
  if (f->type == sizer::FieldType::text) {
    candidate.*f->text = text;
    return take_if_valid(s, form, key, text, candidate);
  }
  const bool whole = f->type == sizer::FieldType::integer;
  const NumberEntry entry = parse_number_entry(text, f->min, f->max, whole);
  if (!entry.ok) {
    form.typed[key] = text;
    form.errors[key] = trf(entry.message_key.c_str(), entry.args);
    return false;
  }
  if (whole)
    candidate.*f->integer = static_cast<int>(entry.value);
  else
    candidate.*f->number = entry.value;
  // A card sized in GB reports that many GiB, as the core's reader sizes a custom card's memory.
  if (std::string_view(f->key) == "memoryGb")
    candidate.memory_capacity_bytes = entry.value * sizer::kBytesPerMarketedGB;
  return take_if_valid(s, form, key, text, candidate);
}

bool set_custom_gpu_flag(sizer::Scenario& s, CustomGpuForm& form, const std::string& key,
                         bool value) {
  const GpuField* f = find_field(key);
  if (f == nullptr || f->type != sizer::FieldType::boolean) return false;
  sizer::Gpu candidate = s.hardware.gpu;
  candidate.*f->boolean = value;
  return take_if_valid(s, form, key, value ? "true" : "false", candidate);
}

}  // namespace app

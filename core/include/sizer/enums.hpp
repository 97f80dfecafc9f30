// One table per enum: value <-> public id (requests, links, JS) <-> label key (the app's string
// tables) and English label. Parsers, writers, error messages, the UI's combos and the bindings
// all iterate these tables; nothing else spells an enum's ids.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sizer {

template <class E>
struct EnumEntry {
  E value;
  const char* id;         // public id: "inference", "llama.cpp", "memory-bandwidth"
  const char* label_key;  // key in the app's string tables: "engine.llama_cpp"
  const char* label;      // English label
};

// Defined for Mode, TrainingMethod, TrainingObjective, Optimizer, Recompute, ActivationPrecision,
// PriceBasis, Engine, TrainingFramework, FormatFamily, ComputeType, AttentionKind, RecurrentKind,
// Bottleneck and Measurement (core/src/enums.cpp).
template <class E>
const std::vector<EnumEntry<E>>& enum_entries();

template <class E>
const EnumEntry<E>& enum_entry(E value) {
  for (const EnumEntry<E>& e : enum_entries<E>()) {
    if (e.value == value) return e;
  }
  return enum_entries<E>().front();
}

template <class E>
const char* enum_id(E value) {
  return enum_entry(value).id;
}

template <class E>
bool parse_enum(std::string_view id, E& out) {
  for (const EnumEntry<E>& e : enum_entries<E>()) {
    if (id == e.id) {
      out = e.value;
      return true;
    }
  }
  return false;
}

// "a, b, c": the accepted ids, for error messages.
template <class E>
std::string enum_accepted_ids() {
  std::string out;
  for (const EnumEntry<E>& e : enum_entries<E>())
    out += (out.empty() ? "" : ", ") + std::string(e.id);
  return out;
}

// Position of a value in its table (combo index in the UI), and the reverse.
template <class E>
int enum_index(E value) {
  const auto& list = enum_entries<E>();
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i].value == value) return static_cast<int>(i);
  }
  return 0;
}

template <class E>
E enum_at(int index) {
  const auto& list = enum_entries<E>();
  if (index < 0 || static_cast<std::size_t>(index) >= list.size()) return list.front().value;
  return list[static_cast<std::size_t>(index)].value;
}

}  // namespace sizer

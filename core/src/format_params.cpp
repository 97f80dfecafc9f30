// Parametric formats: EXL2 and EXL3 by average bpw, HQQ by bits and group, custom bits + group.
#include "sizer/format_params.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "engine_internal.hpp"

namespace sizer {
namespace {

// The number at the start of `text` (after `prefix`) and what follows it.
bool number_after(const std::string& text, const char* prefix, double& value, std::string& rest) {
  const std::string p(prefix);
  if (text.compare(0, p.size(), p) != 0 || text.size() == p.size()) return false;
  const char* start = text.c_str() + p.size();
  if (!(*start >= '0' && *start <= '9')) return false;
  char* end = nullptr;
  errno = 0;
  value = std::strtod(start, &end);
  if (errno != 0 || !std::isfinite(value)) return false;
  rest = std::string(end);
  return true;
}

// "-g<group>" with a whole group size, or "" for none (0).
bool group_of(const std::string& rest, int& group) {
  if (rest.empty()) {
    group = 0;
    return true;
  }
  double g = 0;
  std::string tail;
  if (!number_after(rest, "-g", g, tail) || !tail.empty() || g != std::floor(g)) return false;
  if (g < 8 || g > 4096) return false;
  group = static_cast<int>(g);
  return true;
}

// FP16 scale and zero per group (HQQ's and GPTQ-style layouts): 32 bits over `group` weights.
double group_overhead_bits(int group) { return group > 0 ? 32.0 / group : 0.0; }

}  // namespace

const char* parametric_format_patterns() {
  return "exl2-<bpw 2-8>, exl3-<bpw 1-8>, hqq-<1|2|3|4|8>bit-g<group 8-4096>, custom-<bits "
         "1-16>bit[-g<group>]";
}

bool parametric_format(const std::string& id, NumberFormat& out, std::string& problem) {
  double v = 0;
  std::string rest;
  // EXL2's bpw is an average that includes its scales; EXL3's is the trellis codes' target
  // bitrate (no separate scales).
  struct Exl {
    const char* prefix;
    const char* base_id;
    const char* label;
    double low;
  };
  for (const Exl& e : {Exl{"exl2-", "exl2", "EXL2", 2}, Exl{"exl3-", "exl3", "EXL3", 1}}) {
    if (!number_after(id, e.prefix, v, rest) || !rest.empty()) continue;
    const NumberFormat* base = find_format(e.base_id);
    if (base == nullptr) return false;
    if (v < e.low || v > 8) {
      problem = std::string(e.base_id) + " average bits per weight must be from " + fmt_num(e.low) +
                " to 8";
      return false;
    }
    out = *base;
    out.id = id;
    out.name = std::string(e.label) + " " + fmt_num(v) + " bpw";
    out.bits_per_weight = v;
    out.notes =
        std::string(e.label) + " at " + fmt_num(v) + " bits per weight on average; " + base->notes;
    return true;
  }
  if (number_after(id, "hqq-", v, rest) && rest.compare(0, 3, "bit") == 0) {
    int group = 0;
    if (!group_of(rest.substr(3), group) || group == 0 ||
        !(v == 1 || v == 2 || v == 3 || v == 4 || v == 8)) {
      problem = "hqq takes 1, 2, 3, 4 or 8 bits and a group of 8 to 4096 (hqq-4bit-g64)";
      return false;
    }
    const NumberFormat* base = find_format("hqq-4bit-g64");
    if (base == nullptr) return false;
    out = *base;
    out.id = id;
    out.name = "HQQ " + fmt_num(v) + "-bit, group " + std::to_string(group);
    out.block = std::to_string(group);
    out.bits_per_weight = v + group_overhead_bits(group);  // FP16 scale and zero per group
    return true;
  }
  if (number_after(id, "custom-", v, rest) && rest.compare(0, 3, "bit") == 0) {
    int group = 0;
    if (!group_of(rest.substr(3), group) || v < 1 || v > 16) {
      problem =
          "custom takes 1 to 16 bits and an optional group of 8 to 4096 "
          "(custom-3.5bit-g128)";
      return false;
    }
    out = NumberFormat{};
    out.id = id;
    out.family = FormatFamily::other;
    out.name = fmt_num(v) + "-bit" + (group > 0 ? ", group " + std::to_string(group) : "");
    out.block = group > 0 ? std::to_string(group) : "per-channel";
    out.bits_per_weight = v + group_overhead_bits(group);
    out.compute_dtype = ComputeType::fp16;  // weight-only: matmuls run in 16-bit
    out.keeps_embeddings_16bit = true;
    out.source = "your bits per weight and group size (an FP16 scale and zero per group)";
    return true;
  }
  return false;
}

}  // namespace sizer

#include "sizer/training_defaults.hpp"

namespace sizer {

const std::vector<std::string>& lora_target_ids() {
  static const std::vector<std::string> ids = {"q", "k", "v", "o", "gate", "up", "down"};
  return ids;
}

std::string implied_weights_format(TrainingMethod method) {
  return method == TrainingMethod::qlora ? "bnb-nf4-dq" : "";
}

Recompute implied_recompute(TrainingMethod method) {
  return method == TrainingMethod::full ? Recompute::none : Recompute::full;
}

void choose_training_method(Scenario& s, TrainingMethod method) {
  s.training.method = method;
  const std::string base = implied_weights_format(method);
  if (!base.empty() && (s.weights_format == "fp16" || s.weights_format == "bf16")) {
    s.weights_format = base;
  }
  if (method == TrainingMethod::qlora && s.weights_format.rfind("bnb-", 0) != 0) {
    s.weights_format = base;  // QLoRA trains on a bitsandbytes 4-bit base, nothing else
  }
  if (method != TrainingMethod::qlora && s.weights_format.rfind("bnb-", 0) == 0) {
    s.weights_format = "bf16";  // leaving QLoRA: back to a 16-bit base
  }
  s.training.recompute = implied_recompute(method);
}

}  // namespace sizer

#include "sizer/training_defaults.hpp"

namespace sizer {

const std::vector<std::string>& lora_target_ids() {
  static const std::vector<std::string> ids = {"q", "k", "v", "o", "gate", "up", "down"};
  return ids;
}

std::string implied_weights_format(TrainingMethod method) {
  return method == TrainingMethod::qlora ? "bnb-nf4-dq" : "";
}

}  // namespace sizer

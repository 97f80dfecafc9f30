// Saved-work texts shared by the core's reader tests and the app's store tests.
#pragma once

#include <string>

namespace saved_work_samples {

inline const char* const k_good_config =
    R"({"name": "Box A", "state": {"model": "llama-2-7b", "batch": 4}})";

// A saved-work file around a "configs" list.
inline std::string saved_text(const std::string& configs, int version = 1,
                              const std::string& schema = "llm-sizer/saved-work") {
  return R"({"schema": ")" + schema + R"(", "version": )" + std::to_string(version) +
         R"(, "configs": )" + configs + "}";
}

}  // namespace saved_work_samples

// libFuzzer target: scenario_from_request_json never throws or crashes on any bytes; an accepted
// request writes back to one that parses to the same request, and its estimate (or a clear
// invalid_argument) serializes to valid JSON.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "sizer/request_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const sizer::RequestResult first = sizer::scenario_from_request_json(text);
  if (!first.ok) {
    if (first.error.empty()) std::abort();
    return 0;
  }
  const std::string written = sizer::scenario_to_request_json(first.scenario);
  const sizer::RequestResult second = sizer::scenario_from_request_json(written);
  if (!second.ok || sizer::scenario_to_request_json(second.scenario) != written) std::abort();
  try {
    const std::string result = sizer::estimate_to_json(sizer::estimate(first.scenario));
    if (nlohmann::json::parse(result, nullptr, false).is_discarded()) std::abort();
  } catch (const std::invalid_argument&) {
    // validate() rejected the scenario: a documented outcome, reported to the user as text.
  }
  return 0;
}

// libFuzzer target: decode_share_fragment never throws or crashes on any bytes, always yields
// JSON objects, and what it decodes encodes to a link that decodes back to the same state.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "sizer/share_link.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string fragment(reinterpret_cast<const char*>(data), size);
  const sizer::DecodedLink first = sizer::decode_share_fragment(fragment);
  const auto request = nlohmann::json::parse(first.request_json, nullptr, false);
  const auto ui = nlohmann::json::parse(first.ui_json, nullptr, false);
  if (!request.is_object() || !ui.is_object()) std::abort();
  if (!first.ok) return 0;
  const std::string again = sizer::encode_share_fragment(first.request_json, first.ui_json);
  if (again.size() > 16384) return 0;  // escaping can triple a link; the cap then applies
  const sizer::DecodedLink second = sizer::decode_share_fragment(again);
  if (!second.errors.empty()) std::abort();
  if (nlohmann::json::parse(second.request_json) != request) std::abort();
  if (nlohmann::json::parse(second.ui_json) != ui) std::abort();
  return 0;
}

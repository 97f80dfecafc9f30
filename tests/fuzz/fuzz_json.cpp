// libFuzzer target: sizer::Json::parse never crashes on any bytes, and agrees with nlohmann-json
// (the reader it replaced, kept here as the reference): the same inputs are accepted, and an
// accepted document dumps to the same text and reads back to itself. Only nesting beyond
// Json::kMaxDepth and text after a NUL byte (nlohmann accepts both) may differ.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "sizer/json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  const sizer::Json mine = sizer::Json::parse(text, &error);
  const nlohmann::json theirs = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (mine.is_discarded()) {
    if (error.rfind("invalid JSON at byte ", 0) != 0) std::abort();
    if (error.find("nested too deeply") != std::string::npos) return 0;
    // nlohmann stops at a NUL byte ("2\0x" reads as 2); this reader rejects the rest as text.
    if (text.find('\0') != std::string_view::npos) return 0;
    if (!theirs.is_discarded()) std::abort();
    return 0;
  }
  if (theirs.is_discarded()) std::abort();
  const std::string written = mine.dump();
  if (written != theirs.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace))
    std::abort();
  const sizer::Json again = sizer::Json::parse(written);
  if (again.is_discarded() || again.dump() != written) std::abort();
  return 0;
}

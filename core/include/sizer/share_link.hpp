// Share links: the URL fragment holds the whole state as key=value pairs using the request field
// names (mode=inference&model=llama-2-7b&gpu=rtx-4090-24gb&...). Decoding never throws.
#pragma once

#include <string>
#include <vector>

namespace sizer {

struct DecodedLink {
  bool ok = false;
  std::string request_json;         // a request for scenario_from_request_json
  std::string ui_json;              // UI fields: {"lang":"zh","theme":"dark",...}
  std::vector<std::string> errors;  // one line per rejected key; ok may still be true
};

std::string encode_share_fragment(const std::string& request_json, const std::string& ui_json);
DecodedLink decode_share_fragment(const std::string& fragment);

}  // namespace sizer

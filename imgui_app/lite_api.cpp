// The calls the accessible lite page (public/lite.js) makes, exported from the app's own module,
// so the site ships one copy of the engine (docs/BENCHMARKS.md, "Site size"). The lite page loads
// app.js without running main() and calls llm_sizer_api; the full JS contract, every call of
// web/sizer.d.ts, stays the Embind module sizer.mjs (web/), built for Node and scripts.
#include <emscripten/emscripten.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "api.hpp"
#include "sizer/json.hpp"

namespace {

std::string call_api(const std::string& call, const std::string& first, const std::string& second) {
  if (call == "listGpus") return sizer_api::list_gpus();
  if (call == "listModels") return sizer_api::list_models();
  if (call == "listFormats") return sizer_api::list_formats();
  if (call == "normalizeRequest") return sizer_api::normalize_request(first);
  if (call == "estimate") return sizer_api::estimate(first, second);
  if (call == "encodeShareLink") return sizer_api::encode_share_link(first, second);
  if (call == "decodeShareLink") return sizer_api::decode_share_link(first);
  return sizer::Json{{"ok", false}, {"error", "unknown call '" + call.substr(0, 40) + "'"}}.dump();
}

}  // namespace

// One call of the JS contract by name, with up to two text arguments (JSON or a link fragment);
// returns the envelope {"ok":true,"value":...} or {"ok":false,"error":"..."} in memory from
// malloc, which the caller frees. Null arguments read as empty text.
extern "C" EMSCRIPTEN_KEEPALIVE char* llm_sizer_api(const char* call, const char* first,
                                                    const char* second) {
  const std::string reply = call_api(call ? call : "", first ? first : "", second ? second : "");
  char* out = static_cast<char*>(std::malloc(reply.size() + 1));
  if (out) std::memcpy(out, reply.c_str(), reply.size() + 1);
  return out;
}

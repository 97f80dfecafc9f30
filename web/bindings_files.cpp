// Embind bindings for files people bring: model files read by header and pasted engine logs.
// Same envelope as bindings.cpp: {"ok":true,"value":...} or {"ok":false,"error":"..."}; post.js
// unwraps it. Bytes arrive as a std::string (Embind copies a Uint8Array into it unchanged).
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <exception>
#include <string>

#include "sizer/engine_log.hpp"
#include "sizer/json.hpp"
#include "sizer/model_file.hpp"
#include "sizer/request_json.hpp"

namespace {

using json = sizer::Json;

std::string envelope(const json& value) { return json{{"ok", true}, {"value", value}}.dump(); }

std::string failure(const std::string& message) {
  return json{{"ok", false}, {"error", message}}.dump();
}

// JS numbers: file sizes up to 2^53 are exact; anything else means "unknown".
std::uint64_t file_size_from(double size) {
  if (!std::isfinite(size) || size < 0 || size > 9007199254740992.0) return 0;
  return static_cast<std::uint64_t>(size);
}

// importModelFile(bytes, fileName, fileSize) -> {status, kind, model, modelComplete, weights,
// exact: {known, complete, parameters, weightsBytes, tensorCount, bytesByType,
// parametersByType}, split: {index, count}, bytesNeeded, warnings}. status "needs-more-bytes"
// asks for a longer slice (at least bytesNeeded from the start); failures are errors.
std::string import_model_file(const std::string& bytes, const std::string& file_name,
                              double file_size) {
  try {
    const sizer::ModelFileResult r =
        sizer::import_model_file(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(),
                                 file_name, file_size_from(file_size));
    if (r.status == sizer::ModelFileStatus::error) return failure(r.error);
    json value = {{"status", sizer::model_file_status_name(r.status)},
                  {"kind", sizer::model_file_kind_name(r.kind)},
                  {"bytesNeeded", r.bytes_needed},
                  {"warnings", r.warnings}};
    if (r.status == sizer::ModelFileStatus::needs_more_bytes) {
      value["message"] = r.error;
      return envelope(value);
    }
    value["model"] = json::parse(sizer::model_arch_to_json(r.model));
    value["modelComplete"] = r.model_complete;
    value["weights"] = r.weights_format;
    value["exact"] = {{"known", r.exact.known},
                      {"complete", r.exact.complete},
                      {"parameters", r.exact.parameters},
                      {"weightsBytes", r.exact.weights_bytes},
                      {"tensorCount", r.exact.tensor_count},
                      {"bytesByType", r.exact.bytes_by_type},
                      {"parametersByType", r.exact.parameters_by_type}};
    value["split"] = {{"index", r.split_index}, {"count", r.split_count}};
    return envelope(value);
  } catch (const std::exception& e) {
    return failure(e.what());
  }
}

// parseLog(text) -> {engine, figures: [{key, value, unit, label, line, text}], warnings}.
std::string parse_log(const std::string& text) {
  try {
    const sizer::EngineLog log = sizer::parse_engine_log(text);
    json figures = json::array();
    for (const sizer::LogFigure& f : log.figures) {
      figures.push_back({{"key", f.key},
                         {"value", f.value},
                         {"unit", f.unit},
                         {"label", f.label},
                         {"line", f.line_number},
                         {"text", f.line_text}});
    }
    return envelope({{"engine", log.engine}, {"figures", figures}, {"warnings", log.warnings}});
  } catch (const std::exception& e) {
    return failure(e.what());
  }
}

}  // namespace

EMSCRIPTEN_BINDINGS(files) {
  emscripten::function("sizerImportModelFile", &import_model_file);
  emscripten::function("sizerParseLog", &parse_log);
}

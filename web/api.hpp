// The JS contract's calls (web/sizer.d.ts): JSON text in, an envelope out,
// {"ok":true,"value":...} or {"ok":false,"error":"..."}. Never throws.
#pragma once

#include <string>

namespace sizer_api {

std::string list_gpus();
std::string list_models();
std::string list_formats();
std::string list_hosts();
std::string estimate(const std::string& request_json, const std::string& options_json);
std::string estimate_many(const std::string& requests_json, const std::string& options_json);
std::string sweep(const std::string& request_json, const std::string& field,
                  const std::string& values_json);
std::string batch_curve(const std::string& request_json);
std::string layouts(const std::string& request_json);
std::string calibrate(const std::string& request_json, const std::string& measurement,
                      double measured);
std::string fit_table(const std::string& request_json);
std::string plan(const std::string& request_json);
std::string assumptions(const std::string& engine);
std::string normalize_request(const std::string& request_json);
std::string encode_share_link(const std::string& request_json, const std::string& ui_json);
std::string decode_share_link(const std::string& fragment);
std::string import_hf_config(const std::string& config_json);

}  // namespace sizer_api

#include "logic/file_intake.hpp"

#include <algorithm>
#include <exception>

#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "logic/log_offers.hpp"
#include "sizer/engine_log.hpp"
#include "sizer/model_file.hpp"

namespace app {
namespace {

const char* const k_custom_id = "custom";

void say(App& app, std::vector<std::string> messages, bool error) {
  app.files.messages = std::move(messages);
  app.files.message_is_error = error;
}

// "Llama-3.1-8B-Q4_K_M.gguf" -> "Llama-3.1-8B-Q4_K_M"
std::string stem(const std::string& file_name) {
  std::string base = file_name.substr(file_name.find_last_of("/\\") + 1);
  const std::size_t dot = base.rfind('.');
  return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

FileModelInfo info_of(const sizer::ModelFileResult& r, const std::string& file_name) {
  FileModelInfo info;
  if (!r.exact.known) return info;
  info.file_name = file_name.empty() ? std::string("pasted") : file_name;
  info.kind = sizer::model_file_kind_name(r.kind);
  info.parameters = r.exact.parameters;
  info.weights_bytes = r.exact.weights_bytes;
  info.complete = r.exact.complete;
  // A safetensors index counts the shards it names (split_count) without being one of them
  // (split_index 0): it describes the whole model, not a part, and a part 0/N would not read back
  // from saved work or a link.
  info.split_index = r.split_index > 0 ? r.split_index : 0;
  info.split_count = r.split_index > 0 ? r.split_count : 0;
  return info;
}

std::string exact_sentence(const FileModelInfo& info) {
  // A safetensors index without metadata.total_parameters gives the size only.
  if (info.parameters == 0)
    return trf("files.exact_read_bytes",
               {info.file_name, fmt::bytes(static_cast<double>(info.weights_bytes))});
  return trf("files.exact_read", {info.file_name, fmt::count(static_cast<double>(info.parameters)),
                                  fmt::bytes(static_cast<double>(info.weights_bytes))});
}

void apply_result(App& app, const sizer::ModelFileResult& r, const std::string& file_name) {
  FilesPanelState& files = app.files;
  const FileModelInfo info = info_of(r, file_name);
  std::vector<std::string> messages;
  const bool split_first = r.split_count > 1 && r.split_index == 1;
  if (!(r.model_complete || r.kind == sizer::ModelFileKind::config_json)) {
    // Exact sizes without a whole architecture: wait for config.json.
    files.pending = info;
    files.pending_format = r.weights_format;
    messages.push_back(exact_sentence(info));
    messages.push_back(trf("files.needs_config", {info.file_name}));
    for (const std::string& w : r.warnings) messages.push_back(w);
    say(app, messages, false);
    return;
  }
  sizer::Scenario next = app.inputs;
  next.model = r.model;
  next.model.id = k_custom_id;
  if (next.model.name.empty()) next.model.name = stem(file_name.empty() ? "config" : file_name);
  FileModelInfo kept = info;
  std::string format = r.weights_format;
  if (!kept.active() && files.pending.active()) {
    kept = files.pending;  // config.json completes the header read before
    if (!files.pending_format.empty()) format = files.pending_format;
  }
  if (!format.empty() && sizer::find_format(format) != nullptr) next.weights_format = format;
  std::vector<std::string> problems;
  try {
    problems = sizer::validate(sizer::normalize(next));
  } catch (const std::exception& e) {
    problems.push_back(e.what());
  }
  if (!problems.empty()) {
    say(app, {trf("files.not_usable", {file_name.empty() ? "JSON" : file_name, problems.front()})},
        true);
    return;
  }
  app.inputs = next;
  app.ui.file_model = kept;
  files.pending = {};
  files.pending_format.clear();
  app.dirty = true;
  if (kept.active()) messages.push_back(exact_sentence(kept));
  messages.push_back(trf("files.model_set", {next.model.name, next.weights_format}));
  if (split_first) messages.push_back(trf("files.split_first", {std::to_string(r.split_count)}));
  for (const std::string& w : r.warnings) messages.push_back(w);
  say(app, messages, false);
}

}  // namespace

std::uint64_t take_file_head(App& app, const std::string& file_name, std::uint64_t file_size,
                             const std::string& head) {
  app.files.last_file_bytes_read = head.size();
  const sizer::ModelFileResult r = sizer::import_model_file(
      reinterpret_cast<const std::uint8_t*>(head.data()), head.size(), file_name, file_size);
  if (r.status == sizer::ModelFileStatus::needs_more_bytes) {
    std::uint64_t want = std::max<std::uint64_t>(r.bytes_needed, 2 * head.size());
    if (file_size > 0) want = std::min(want, file_size);
    if (r.bytes_needed > k_max_head_bytes) {
      say(app,
          {trf("files.read_failed",
               {file_name, trf("files.header_too_large",
                               {fmt::bytes(static_cast<double>(r.bytes_needed)),
                                fmt::bytes(static_cast<double>(k_max_head_bytes))})})},
          true);
      return 0;
    }
    want = std::min(want, std::max<std::uint64_t>(k_max_head_bytes, head.size() + 1));
    if (want > head.size()) return want;
    say(app, {trf("files.read_failed", {file_name, r.error})}, true);
    return 0;
  }
  if (r.status == sizer::ModelFileStatus::error) {
    say(app, {trf("files.read_failed", {file_name, r.error})}, true);
    return 0;
  }
  apply_result(app, r, file_name);
  return 0;
}

void take_text(App& app, const std::string& text, const std::string& source_name) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos) {
    say(app, {tr("files.empty_text")}, true);
    return;
  }
  if (text[start] == '{') {
    const std::string name = source_name.empty() ? std::string("config.json") : source_name;
    const sizer::ModelFileResult r = sizer::import_model_file(
        reinterpret_cast<const std::uint8_t*>(text.data() + start), text.size() - start, name, 0);
    if (r.status != sizer::ModelFileStatus::ok) {
      say(app, {trf("files.read_failed", {name, r.error})}, true);
      return;
    }
    apply_result(app, r, source_name);
    return;
  }
  sizer::EngineLog log = sizer::parse_engine_log(text);
  if (log.figures.empty()) {
    std::vector<std::string> messages = {tr("files.log_nothing")};
    for (const std::string& w : log.warnings) messages.push_back(w);
    say(app, messages, true);
    return;
  }
  std::vector<std::string> messages = {
      trf("files.log_read", {std::to_string(log.figures.size()), log_engine_name(log.engine)})};
  for (const std::string& w : log.warnings) messages.push_back(w);
  app.files.log = std::move(log);
  app.files.offers = log_offers(app.files.log, app.inputs);
  say(app, messages, false);
}

void drop_stale_file_info(App& app) {
  if (app.ui.file_model.active() && app.inputs.model.id != k_custom_id) app.ui.file_model = {};
}

}  // namespace app

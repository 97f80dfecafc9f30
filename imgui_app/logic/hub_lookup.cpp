#include "logic/hub_lookup.hpp"

#include <cctype>
#include <vector>

#include "logic/file_intake.hpp"
#include "logic/i18n.hpp"
#include "logic/saved_work_store.hpp"

namespace app {
namespace {

// huggingface_hub's validate_repo_id: REPO_ID_REGEX and its 96-character limit.
constexpr std::size_t k_max_repo_id_chars = 96;

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
}

// One part of an id: word characters, starting and ending with a letter, digit or '_'.
bool valid_part(const std::string& part) {
  if (part.empty()) return false;
  for (char c : part)
    if (!word_char(c)) return false;
  const auto edge = [](char c) { return c != '-' && c != '.'; };
  return edge(part.front()) && edge(part.back());
}

void say(App& app, std::vector<std::string> messages, bool error) {
  app.files.messages = std::move(messages);
  app.files.message_is_error = error;
  app.files.hub_busy = false;
  app.files.reveal = true;
}

bool starts_with_brace(const std::string& text) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  return start != std::string::npos && text[start] == '{';
}

// Keeps the looked-up model in saved work, once (looking it up again adds nothing).
void keep_model(App& app) {
  load_saved_work(app);
  for (const SavedModel& m : app.files.saved.models)
    if (m.name == app.inputs.model.name) return;
  save_current_model(app);
}

}  // namespace

std::string hub_id_problem(const std::string& id) {
  if (id.empty()) return tr("hub.id_empty");
  const std::size_t slash = id.find('/');
  bool ok = id.size() <= k_max_repo_id_chars && id.find("--") == std::string::npos &&
            id.find("..") == std::string::npos;
  if (ok && slash == std::string::npos) {
    ok = valid_part(id);
  } else if (ok) {
    ok = id.find('/', slash + 1) == std::string::npos && valid_part(id.substr(0, slash)) &&
         valid_part(id.substr(slash + 1));
  }
  return ok ? std::string() : trf("hub.id_invalid", {id.substr(0, 120)});
}

void take_hub_reply(App& app, const HubReply& r) {
  const std::string& id = r.repo_id;
  switch (r.config_status) {
    case 200:
      break;
    case k_hub_offline:
      say(app, {trf("hub.offline", {id})}, true);
      return;
    case k_hub_no_answer:
      say(app, {trf("hub.no_answer", {id})}, true);
      return;
    case 401:
    case 403:
      say(app, {trf("hub.gated", {id, std::to_string(r.config_status)})}, true);
      return;
    case 404:
      say(app, {trf("hub.not_found", {id})}, true);
      return;
    default:
      say(app, {trf("hub.http", {id, std::to_string(r.config_status)})}, true);
      return;
  }
  if (!starts_with_brace(r.config_text)) {
    say(app, {trf("hub.malformed", {id, tr("hub.not_json")})}, true);
    return;
  }
  // The index (exact size) first, as a dropped header is: config.json then completes it. A header
  // left pending from an earlier file must not be taken for this model's.
  app.files.pending = {};
  app.files.pending_format.clear();
  std::vector<std::string> notes;
  if (r.index_status == 200 && starts_with_brace(r.index_text)) {
    take_text(app, r.index_text, id + "/model.safetensors.index.json");
    if (app.files.message_is_error) {
      notes = app.files.messages;  // the size is missing, the model may still read
      app.files.pending = {};
    }
  }
  take_text(app, r.config_text, id + "/config.json");
  if (app.files.message_is_error) {
    std::vector<std::string> messages = {trf("hub.malformed", {id, tr("hub.see_below")})};
    messages.insert(messages.end(), app.files.messages.begin(), app.files.messages.end());
    say(app, messages, true);
    return;
  }
  // take_text names the model after the file ("config"); the id says more.
  const std::string file_named =
      trf("files.model_set", {app.inputs.model.name, app.inputs.weights_format});
  app.inputs.model.name = id;
  app.inputs.model.hf_repo = id;
  std::vector<std::string> messages = app.files.messages;
  for (std::string& m : messages)
    if (m == file_named) m = trf("files.model_set", {id, app.inputs.weights_format});
  messages.insert(messages.begin(), trf("hub.found", {id}));
  messages.insert(messages.end(), notes.begin(), notes.end());
  keep_model(app);
  messages.push_back(trf("hub.kept", {id}));
  say(app, messages, false);
}

}  // namespace app

// A model looked up on the Hugging Face Hub by its id ("meta-llama/Llama-3.1-8B"), only when the
// user asks: the page fetches <hub>/<id>/resolve/main/config.json and, for the exact size,
// model.safetensors.index.json (platform::fetch_hub_model), and the replies are read here the way
// a dropped config.json and index.json are (logic/file_intake.hpp). A model that reads is named by
// its id and kept in saved work, so it is there offline; every other outcome (offline, gated or
// private, not found, not JSON, not a model) is a sentence saying so. Pure C++.
#pragma once

#include <string>

#include "app_state.hpp"

namespace app {

// What the page got back. Statuses are HTTP codes; k_hub_no_answer when the request failed
// (no network, a filter, CORS), k_hub_offline when the browser said it was offline and nothing
// was sent.
constexpr int k_hub_no_answer = 0;
constexpr int k_hub_offline = -1;
struct HubReply {
  std::string repo_id;
  int config_status = k_hub_no_answer;
  std::string config_text;
  int index_status = k_hub_no_answer;  // 404 for a checkpoint in one file: no index, no problem
  std::string index_text;
};

// "" when `id` is a Hub repository id, else why not (translated). The rule is the Hub client's
// (huggingface_hub, utils/_validators.py, validate_repo_id): an optional "owner/" then a name, of
// letters, digits, '-', '_' and '.', neither starting nor ending with '-' or '.', no "--" or
// "..", at most 96 characters.
std::string hub_id_problem(const std::string& id);

// Reads a reply into the app: on success the current model is the looked-up one and it is in
// saved work; app.files.messages says what happened either way.
void take_hub_reply(App& app, const HubReply& reply);

}  // namespace app

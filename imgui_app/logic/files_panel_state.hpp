// UI state of the "Files and saved work" panel that is not part of the shared state: the pasted
// text, the last file or log read, and the saved work loaded from storage.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "logic/file_model_info.hpp"
#include "logic/log_offers.hpp"
#include "logic/saved_work.hpp"
#include "sizer/engine_log.hpp"

namespace app {

struct FilesPanelState {
  std::string pasted_text;  // config.json, index.json or an engine log
  // The last thing read: one sentence each (translated), errors in red.
  std::vector<std::string> messages;
  bool message_is_error = false;
  bool reveal = false;  // something was read: open the panel and scroll to it once
  // A header that gives exact sizes but not the whole architecture (safetensors, index.json):
  // kept here until a config.json completes it.
  FileModelInfo pending;
  std::string pending_format;  // the header's weight format, for when config.json arrives
  // The last engine log read and the calibrations it offers (fitted when it was read).
  sizer::EngineLog log;
  std::vector<LogOffer> offers;
  std::string hub_id;     // the Hugging Face id typed for a look-up (logic/hub_lookup.hpp)
  bool hub_busy = false;  // a look-up was sent and has not answered yet
  std::uint64_t last_file_bytes_read = 0;  // bytes read of the last model file (header only)
  // Saved work (storage key k_saved_work_key) and the text fields of its list.
  SavedWork saved;
  bool saved_loaded = false;
  std::string save_name;
  int renaming = -1;  // index into saved.configs being renamed, -1 = none
  std::string rename_text;
  std::string saved_notice;  // what loading / importing did (set-aside items, renames)
  bool saved_notice_is_error = false;
};

}  // namespace app

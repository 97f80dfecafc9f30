// The native twin of platform_web.cpp: the same contract held in memory, so the shell's logic can
// run (and be tested) without a browser. Storage and the URL hash are maps and strings; the main
// loop runs frames until the app asks to sleep, which on a desktop would be "wait for events".
#include <map>
#include <string>

#include "platform.hpp"

namespace {

platform::Hooks g_hooks;
platform::PageEvents g_events;
platform::Viewport g_viewport;
std::map<std::string, std::string> g_storage;
std::string g_hash;
std::string g_clipboard;
bool g_sleep_requested = false;

}  // namespace

namespace platform {

void install(Hooks hooks) { g_hooks = std::move(hooks); }
void route_wheel_to_canvas() {}
Viewport viewport() { return g_viewport; }
void set_canvas_size(int, int) {}
bool prefers_dark() { return false; }
std::string preferred_language() { return "en"; }
void set_document_language(const char*) {}

std::string storage_get(const std::string& key) {
  auto it = g_storage.find(key);
  return it == g_storage.end() ? std::string() : it->second;
}

bool storage_set(const std::string& key, const std::string& value) {
  g_storage[key] = value;
  return true;
}

std::string location_hash() { return g_hash; }
void replace_hash(const std::string& fragment) { g_hash = fragment; }
void push_hash(const std::string& fragment) { g_hash = fragment; }
void set_title(const std::string&) {}
void pick_file() {}
void fetch_hub_model(const std::string& repo_id) {
  if (g_hooks.hub_reply) g_hooks.hub_reply(repo_id, -1, "", -1, "");
}
void download(const std::string&, const std::string&, const std::string&) {}
bool open_printable(const std::string&) { return false; }
std::string page_url() { return "about:llm-sizer"; }

void copy_to_clipboard(const std::string& text) {
  g_clipboard = text;
  g_events.clipboard_ok = true;
}
const std::string& local_clipboard() { return g_clipboard; }

PageEvents take_events() {
  PageEvents e = std::move(g_events);
  g_events = PageEvents{};
  return e;
}

// No page to fetch from: the app stays in English, as a browser does when the files are missing.
void fetch_chinese() { g_events.chinese_failed = true; }
bool deferred_code_loaded() { return true; }  // one module
std::string late_strings() { return ""; }
void set_recovery_state(const char*, const std::string&) {}
void fail(const std::string&) { g_sleep_requested = true; }

void publish_widget_rect(const char*, float, float, float, float) {}
void mark_ready() {}
void count_frame() {}
bool frame_text_requested() { return false; }
void publish_frame_text(const std::string&) {}

void run_main_loop(void (*frame)(void*), void* arg) {
  g_sleep_requested = false;
  while (!g_sleep_requested) frame(arg);
}

void sleep() { g_sleep_requested = true; }

void set_ime_data(ImGuiViewport*, ImGuiPlatformImeData*) {}

}  // namespace platform

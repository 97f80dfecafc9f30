// Everything the app needs from its host page, behind one interface: platform_web.cpp implements
// it with the browser (the only file, with its native twin, that includes <emscripten.h>);
// platform_native.cpp keeps the same contract in memory for native builds and tests.
#pragma once

#include <functional>
#include <string>
#include <vector>

struct ImGuiViewport;
struct ImGuiPlatformImeData;

namespace platform {

// The callbacks behind window.llmSizer (getState / setState / results). set_state returns "" on
// success or the error message that the JS side throws as an Error.
struct Hooks {
  std::function<std::string()> get_state;
  std::function<std::string(const std::string&)> set_state;
  std::function<std::string()> results;
  // Files dropped on the page or picked (pick_file). A model file arrives as its first bytes:
  // the callback returns how many bytes from its start to read next (more than given), or 0 when
  // it is done. Text files (.json, .log, .txt) arrive whole; a file that cannot be read, as a
  // message.
  std::function<double(const std::string& name, double file_size, const std::string& head)>
      file_head;
  std::function<void(const std::string& name, const std::string& text)> file_text;
  std::function<void(const std::string& name, const std::string& message)> file_failed;
  // fetch_hub_model's answer: HTTP statuses of config.json and model.safetensors.index.json
  // (0 = no answer, -1 = the browser is offline and nothing was sent) and their text.
  std::function<void(const std::string& repo_id, int config_status, const std::string& config,
                     int index_status, const std::string& index)>
      hub_reply;
};

void install(Hooks hooks);

// Call after the ImGui GLFW backend is initialised: it listens for wheel events on the document,
// which Chromium treats as passive, so every preventDefault logs an error. Move it to the canvas.
void route_wheel_to_canvas();

// Size of the canvas in CSS pixels and the device pixel ratio (HiDPI, browser zoom).
struct Viewport {
  int css_width = 1280;
  int css_height = 800;
  float dpr = 1.0f;
};
Viewport viewport();

// Sizes the canvas backing store (physical pixels) and tells GLFW, without glfwSetWindowSize:
// the 3.1.6 port turns a window exactly the size of the screen into a fullscreen request.
void set_canvas_size(int width, int height);

// Creates the WebGL 2 context on the canvas with the page's attributes (public/boot.js), which
// GLFW's getContext then returns; false (and the page says why) when the browser cannot.
bool create_webgl_context();

bool prefers_dark();                            // prefers-color-scheme: dark
std::string preferred_language();               // navigator.language, e.g. "zh-CN"
void set_document_language(const char* bcp47);  // <html lang>, for the browser's own UI

std::string storage_get(const std::string& key);  // "" when absent or storage is blocked
bool storage_set(const std::string& key, const std::string& value);

std::string location_hash();                     // without the leading '#'
void replace_hash(const std::string& fragment);  // history.replaceState, no hashchange event
std::string page_url();                          // the page's address without the fragment

// history.pushState: a new entry that Back returns from (PageEvents::hash_changed on Back/Forward).
void push_hash(const std::string& fragment);
void set_title(const std::string& title);  // document.title

// Writes to the system clipboard (navigator.clipboard, which can refuse) and keeps a local copy.
void copy_to_clipboard(const std::string& text);
const std::string& local_clipboard();

// Opens the browser's file picker; the chosen file arrives through Hooks::file_head/file_text.
void pick_file();
// Asks the Hugging Face Hub for <id>/resolve/main/config.json, then the safetensors index, and
// hands both to Hooks::hub_reply. Only on the user's request: the page never calls the Hub by
// itself, and the CSP's connect-src allows that one host. Tests point it at a local server
// (window.llmSizerHubBase, set before the app loads). Native builds answer "offline".
void fetch_hub_model(const std::string& repo_id);
// Saves `content` as a download named `file_name`.
void download(const std::string& file_name, const std::string& mime_type,
              const std::string& content);
// Opens `html` (a whole document, no scripts) in a new tab, to print. False when blocked.
bool open_printable(const std::string& html);

// Things the page told us since the last call.
struct PageEvents {
  bool hash_changed = false;
  bool color_scheme_changed = false;
  bool context_restored = false;  // WebGL context came back: recreate GPU objects
  bool clipboard_failed = false;
  bool clipboard_ok = false;
  std::string pasted;            // text of a paste event
  bool chinese_loaded = false;   // fetch_chinese(): zh_strings holds ...
  std::string zh_strings;        // ... the zh column of the string tables (zh.tsv)
  bool chinese_failed = false;   // fetch_chinese() could not get it
  int injected_fault = 0;        // window.llmSizer.injectFault: 1 = C++ exception, 2 = wasm trap
  bool deferred_loaded = false;  // deferred_code_loaded() just turned true
};
PageEvents take_events();

// Starts downloading what a Chinese UI needs and an English first load skips: the zh column of
// the string tables (zh.tsv, served beside the app; the page may have started it already when it
// knew the UI would be Chinese). It arrives as PageEvents::chinese_loaded with zh_strings, or
// chinese_failed is set; call again to retry after a failure.
void fetch_chinese();

// CJK glyphs drawn by the browser with the system's own Chinese font (the site ships none: a
// subset of Noto Sans CJK was 114 KB gzip; docs/BENCHMARKS.md). Each code point is drawn in a
// cell_w x cell_h cell of 8-bit coverage, its baseline `baseline` pixels below the cell's top, at
// `em_px` pixels per em, with its advance in pixels.
struct GlyphCells {
  int cell_w = 0;
  int cell_h = 0;
  std::vector<float> advance;           // one per code point
  std::vector<unsigned char> coverage;  // code point i's cell: rows i*cell_h .. i*cell_h+cell_h-1
};
// False, with nothing drawn, when the system has no Chinese font (a CJK character draws the same as
// a code point no font has) or there is no canvas (native builds).
bool draw_system_glyphs(const std::vector<unsigned>& code_points, float em_px, int baseline,
                        GlyphCells& out);

// The English strings the first frame does not show (en-late.tsv, served beside the app;
// i18n::set_late_loader): public/boot.js fetches them after the first frame, or with app.wasm when
// the page starts from a link or saved work; called before they are in, this fetches them
// synchronously. "" when they cannot be had. Native builds: "" (the tests read whole tables).
std::string late_strings();

// True once the functions the first frame does not run (app.deferred.wasm, imgui_app/split_app.mjs)
// are instantiated (public/boot.js: after the first frame, or with app.wasm for a page that starts
// from a link or saved work); PageEvents::deferred_loaded says when. Native builds: always.
bool deferred_code_loaded();

// The error boundary. If the app fails (a C++ exception reaches the frame, or WebAssembly traps),
// the page replaces the frozen canvas with a message, a "reset to defaults" button (removes
// `storage_key` from localStorage and drops the URL hash) and a link to page_url()#fragment that
// reproduces the failure. Keep `fragment` at the share fragment of the state being computed.
void set_recovery_state(const char* storage_key, const std::string& fragment);
// Shows that message for a C++ exception caught at the boundary and stops the main loop.
void fail(const std::string& what);

// Widget rectangles of the last frame, in CSS pixels, for browser tests
// (window.llmSizer.widgetRect).
void publish_widget_rect(const char* id, float x, float y, float w, float h);
// Sets window.llmSizerReady = true (after the first frame is drawn).
void mark_ready();
void count_frame();  // window.llmSizer.framesDrawn(), to check that an idle page draws nothing
// window.llmSizer.frameText(): true while a test waits for the text of the next frame, which
// publish_frame_text() hands over (widgets/frame_text.hpp reads it from the draw data).
bool frame_text_requested();
void publish_frame_text(const std::string& text);

// Runs `frame` on every animation frame until `sleep()` pauses the loop; input events, resizes,
// page events and setState() wake it again.
void run_main_loop(void (*frame)(void*), void* arg);
void sleep();

// For io.SetPlatformImeDataFn: while ImGui has a text field active, keeps the page's #ime <input>
// at the caret with keyboard focus so that an input method (Chinese, Japanese...) can compose
// there; committed text reaches ImGui as characters. Native builds have nothing to do.
void set_ime_data(ImGuiViewport* viewport, ImGuiPlatformImeData* data);

}  // namespace platform

// The browser side of platform.hpp (Emscripten 3.1.6). Each workaround is documented where it
// lives; see DESIGN.md "Browser pitfalls".
//
// [SECTION] page state: JS helpers installed once (Module.llmSizerPage)
// [SECTION] exported entry points called from JS (window.llmSizer, events)
// [SECTION] platform.hpp implementation
// [SECTION] files: drop, pick, header-only reads (Blob.slice), downloads, printable page
// [SECTION] IME: a DOM <input> over the caret for composed (Chinese) text (platform::set_ime_data)
// [SECTION] GL state queries of ImGui's renderer (answered here, not by the GPU process)
// [SECTION] touch: drags scroll, taps click, a long press drags (js_install_touch)
#include <GLES3/gl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "fonts/ui_fonts.hpp"
#include "imgui.h"
#include "platform.hpp"

namespace {

platform::Hooks g_hooks;
platform::PageEvents g_events;
std::string g_clipboard;
bool g_sleeping = false;
bool g_frame_text_requested = false;  // window.llmSizer.frameText() waits for the next frame

// Strings returned to JS live here until the next call (JS copies them with UTF8ToString).
std::string g_reply;

std::string take_js_string(char* s) {
  if (s == nullptr) return {};
  std::string out = s;
  std::free(s);
  return out;
}

}  // namespace

// [SECTION] page state: JS helpers installed once (Module.llmSizerPage)

// clang-format off
EM_JS(void, js_install_page, (), {
  var page = Module.llmSizerPage = { rects: {}, frames: 0, ready: false, failed: false,
                                     filesRead: [], textWaiters: [] };
  // After a failure (see platform::fail and boot.js) nothing may call into the broken module.
  var wake = function() { if (!page.failed) Module._llm_sizer_wake(); };
  // Every kind of input wakes the sleeping main loop (idle rendering). GLFW"s own listeners have
  // already queued the event for ImGui; we only make sure a frame follows.
  ["pointerdown", "pointermove", "pointerup", "mousedown", "mouseup", "mousemove", "wheel",
   "keydown", "keyup", "keypress", "touchstart", "touchmove", "touchend", "focus", "blur",
   "resize"].forEach(function(type) {
    window.addEventListener(type, wake, { capture: true, passive: true });
  });
  window.addEventListener("hashchange", function() { Module._llm_sizer_page_event(0); });
  // Back/Forward between pushState entries (platform::push_hash).
  window.addEventListener("popstate", function() { Module._llm_sizer_page_event(0); });
  if (window.matchMedia) {
    var mq = window.matchMedia("(prefers-color-scheme: dark)");
    var changed = function() { Module._llm_sizer_page_event(1); };
    if (mq.addEventListener) mq.addEventListener("change", changed);
    else if (mq.addListener) mq.addListener(changed);
  }
  // The 3.1.6 GLFW port"s clipboard is a stub: take text from the page"s paste event instead.
  document.addEventListener("paste", function(e) {
    var text = (e.clipboardData || window.clipboardData).getData("text");
    if (!text) return;
    e.preventDefault();
    var ptr = allocateUTF8(text);
    Module._llm_sizer_paste(ptr);
    _free(ptr);
  });
  // WebGL context loss: prevent the default (which forbids restoring), redraw when restored.
  var canvas = Module.canvas;
  canvas.addEventListener("webglcontextlost", function(e) { e.preventDefault(); }, false);
  canvas.addEventListener("webglcontextrestored", function() { Module._llm_sizer_page_event(2); }, false);
  // The canvas must keep keyboard focus for ImGui"s keyboard navigation.
  canvas.setAttribute("tabindex", "0");
  canvas.addEventListener("pointerdown", function() { canvas.focus(); });
  canvas.focus();

  var call = function(fn, arg) {
    var ptr = arg === undefined ? 0 : allocateUTF8(arg);
    var out = UTF8ToString(fn(ptr));
    if (ptr) _free(ptr);
    return out;
  };
  window.llmSizer = {
    getState: function() { return JSON.parse(call(Module._llm_sizer_get_state)); },
    setState: function(partial) {
      var err = call(Module._llm_sizer_set_state, JSON.stringify(partial || {}));
      if (err) throw new Error(err);
      return JSON.parse(call(Module._llm_sizer_get_state));
    },
    results: function() { return JSON.parse(call(Module._llm_sizer_results)); },
    widgetRect: function(id) { return page.rects[id] || null; },
    widgetIds: function() { return Object.keys(page.rects); },
    framesDrawn: function() { return page.frames; },
    // Every file read since the page opened (js_install_files): [{name, size, bytesRead, reads,
    // done}], so tests can check that only a model file's header was read.
    filesRead: function() { return page.filesRead.slice(); },
    // For tests: a promise of the text the next frame shows (every glyph drawn, one line per row
    // of text, one block per window; widgets/frame_text.hpp).
    frameText: function() {
      return new Promise(function(resolve) {
        page.textWaiters.push(resolve);
        Module._llm_sizer_request_frame_text();
      });
    },
    // For the tests of the error boundary: the next frame throws a C++ exception ("exception")
    // or executes a WebAssembly trap ("trap").
    injectFault: function(kind) { Module._llm_sizer_page_event(kind === "trap" ? 6 : 5); }
  };
});

EM_JS(void, js_viewport, (int* w, int* h, float* dpr), {
  var c = Module.canvas.getBoundingClientRect();
  HEAP32[w >> 2] = Math.max(1, Math.round(c.width));
  HEAP32[h >> 2] = Math.max(1, Math.round(c.height));
  HEAPF32[dpr >> 2] = window.devicePixelRatio || 1;
});

EM_JS(void, js_set_canvas_size, (int w, int h), {
  // Browser.setCanvasSize notifies its resize listeners, GLFW's among them (window and
  // framebuffer size callbacks), and leaves the canvas CSS size to the stylesheet.
  Browser.setCanvasSize(w, h);
});

EM_JS(int, js_create_webgl_context, (), {
  return Module.llmSizerCreateContext ? (Module.llmSizerCreateContext() ? 1 : 0) : 1;
});

EM_JS(int, js_prefers_dark, (), {
  return (window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches) ? 1 : 0;
});

EM_JS(char*, js_language, (), {
  return allocateUTF8(navigator.language || "en");
});

EM_JS(void, js_set_document_language, (const char* lang), {
  document.documentElement.lang = UTF8ToString(lang);
});

EM_JS(char*, js_storage_get, (const char* key), {
  try {
    var v = window.localStorage.getItem(UTF8ToString(key));
    return v === null ? 0 : allocateUTF8(v);
  } catch (e) { return 0; }
});

EM_JS(int, js_storage_set, (const char* key, const char* value), {
  try { window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value)); return 1; }
  catch (e) { return 0; }
});

EM_JS(char*, js_location_hash, (), {
  var h = window.location.hash || "";
  return allocateUTF8(h.charAt(0) === "#" ? h.substring(1) : h);
});

EM_JS(void, js_replace_hash, (const char* fragment), {
  var f = UTF8ToString(fragment);
  try { history.replaceState(null, "", "#" + f); } catch (e) { /* file:// or sandboxed */ }
});

EM_JS(void, js_push_hash, (const char* fragment), {
  var f = UTF8ToString(fragment);
  try { history.pushState(null, "", "#" + f); } catch (e) { /* file:// or sandboxed */ }
});

EM_JS(void, js_set_title, (const char* title), { document.title = UTF8ToString(title); });

EM_JS(char*, js_page_url, (), {
  return allocateUTF8(window.location.href.split("#")[0]);
});

EM_JS(void, js_copy, (const char* text), {
  var t = UTF8ToString(text);
  var done = function(ok) { Module._llm_sizer_page_event(ok ? 3 : 4); };
  try {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(t).then(function() { done(true); }, function() { done(false); });
    } else { done(false); }
  } catch (e) { done(false); }
});

EM_JS(void, js_publish_rect, (const char* id, float x, float y, float w, float h), {
  Module.llmSizerPage.rects[UTF8ToString(id)] = { x: x, y: y, width: w, height: h };
});

// Called at the end of the first frame's drawing. The page counts as ready at the browser's next
// frame (requestAnimationFrame), by when the first one has gone to the compositor: the moment is
// closer to when it is on screen, as a page's first paint is timed (tools/bench-site.mjs).
EM_JS(void, js_mark_ready, (), {
  if (Module.llmSizerPage.ready) return;
  Module.llmSizerPage.ready = true;
  requestAnimationFrame(function() {
    window.llmSizerReadyAt = performance.now();  // ms since navigation start
    window.llmSizerReady = true;
    if (Module.onAppReady) Module.onAppReady();
  });
});

EM_JS(void, js_count_frame, (), { Module.llmSizerPage.frames++; });

EM_JS(void, js_publish_frame_text, (const char* text), {
  var t = UTF8ToString(text);
  var waiters = Module.llmSizerPage.textWaiters;
  Module.llmSizerPage.textWaiters = [];
  waiters.forEach(function(resolve) { resolve(t); });
});

EM_JS(void, js_fetch_chinese, (), {
  // boot.js (Module.loadChinese) may have started the download with the page, or have the text
  // already (Module.loadChineseNow); else fetch here.
  var load = Module.loadChinese || function() {
    return fetch("zh.tsv").then(function(r) {
      if (!r.ok) throw new Error("zh.tsv: HTTP " + r.status);
      return r.arrayBuffer();
    });
  };
  var deliver = function(file) {
    var text = new Uint8Array(file);
    var textPtr = _malloc(text.length);
    HEAPU8.set(text, textPtr);
    Module._llm_sizer_chinese(textPtr, text.length);
    _free(textPtr);
  };
  // Already in (a Chinese UI's first load): handed over now, so the first frame is in Chinese.
  var now = Module.loadChineseNow && Module.loadChineseNow();
  if (now) {
    deliver(now);
    return;
  }
  load().then(deliver, function(e) {
    console.warn("LLM Sizer: the Chinese text could not be loaded:", e && e.message);
    Module._llm_sizer_chinese(0, 0);
  });
});

// Draws the glyphs in a grid on a 2D canvas with the system's Chinese fonts (white on transparent:
// the alpha channel is the coverage), then copies each cell out. A CJK character that draws the
// same as U+10FFFD (private use: no font has it) means no Chinese font: returns 0.
EM_JS(int, js_draw_system_glyphs,
      (const unsigned* code_points, int count, float em_px, int baseline, int cell_w, int cell_h,
       unsigned char* coverage, float* advance),
      {
        var families = '"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", ' +
                       '"Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif';
        function context(w, h) {
          var canvas = typeof OffscreenCanvas === "function" ? new OffscreenCanvas(w, h)
                                                             : document.createElement("canvas");
          canvas.width = w;
          canvas.height = h;
          var c = canvas.getContext("2d", {willReadFrequently : true});
          c.font = em_px + "px " + families;
          c.fillStyle = "#fff";
          c.textBaseline = "alphabetic";
          return c;
        }
        var probe = context(2 * cell_w, cell_h);
        probe.fillText(String.fromCodePoint(0x4E2D), 0, baseline);
        probe.fillText(String.fromCodePoint(0x10FFFD), cell_w, baseline);
        var pixels = probe.getImageData(0, 0, 2 * cell_w, cell_h).data;
        var same = true;
        for (var y = 0; y < cell_h && same; ++y)
          for (var x = 0; x < cell_w; ++x)
            if (pixels[(y * 2 * cell_w + x) * 4 + 3] !== pixels[(y * 2 * cell_w + cell_w + x) * 4 + 3]) {
              same = false;
              break;
            }
        if (same) return 0;
        var columns = Math.min(count, 32);
        var rows = Math.ceil(count / columns);
        var c = context(columns * cell_w, rows * cell_h);
        for (var i = 0; i < count; ++i) {
          var text = String.fromCodePoint(HEAPU32[(code_points >> 2) + i]);
          c.fillText(text, (i % columns) * cell_w, Math.floor(i / columns) * cell_h + baseline);
          HEAPF32[(advance >> 2) + i] = c.measureText(text).width;
        }
        var data = c.getImageData(0, 0, columns * cell_w, rows * cell_h).data;
        var stride = columns * cell_w;
        for (var g = 0; g < count; ++g) {
          var left = (g % columns) * cell_w;
          var top = Math.floor(g / columns) * cell_h;
          for (var row = 0; row < cell_h; ++row) {
            var from = ((top + row) * stride + left) * 4 + 3;
            var to = coverage + (g * cell_h + row) * cell_w;
            for (var col = 0; col < cell_w; ++col) HEAPU8[to + col] = data[from + col * 4];
          }
        }
        return 1;
      });

EM_JS(char*, js_late_strings, (), {
  // boot.js keeps the text it fetched, or fetches it synchronously; null when it cannot.
  var text = Module.loadLateStrings ? Module.loadLateStrings() : null;
  return text ? allocateUTF8(text) : 0;
});

EM_JS(int, js_deferred_code_loaded, (), { return Module.llmSizerDeferredLoaded ? 1 : 0; });

EM_JS(void, js_set_recovery_state, (const char* key, const char* fragment), {
  Module.llmSizerPage.recovery = { storageKey: UTF8ToString(key), fragment: UTF8ToString(fragment) };
});

EM_JS(void, js_fail, (const char* what), {
  var message = UTF8ToString(what);
  Module.llmSizerPage.failed = true;
  if (Module.llmSizerFail) Module.llmSizerFail(message);
  else console.error("LLM Sizer failed:", message);
});
// clang-format on

// [SECTION] exported entry points called from JS (window.llmSizer, events)

extern "C" {

EMSCRIPTEN_KEEPALIVE void llm_sizer_wake() {
  if (!g_sleeping) return;
  g_sleeping = false;
  emscripten_resume_main_loop();
}

EMSCRIPTEN_KEEPALIVE void llm_sizer_page_event(int kind) {
  switch (kind) {
    case 0:
      g_events.hash_changed = true;
      break;
    case 1:
      g_events.color_scheme_changed = true;
      break;
    case 2:
      g_events.context_restored = true;
      break;
    case 3:
      g_events.clipboard_ok = true;
      break;
    case 5:
      g_events.injected_fault = 1;
      break;
    case 6:
      g_events.injected_fault = 2;
      break;
    case 7:  // public/boot.js instantiated app.deferred.wasm
      g_events.deferred_loaded = true;
      break;
    default:
      g_events.clipboard_failed = true;
      break;
  }
  llm_sizer_wake();
}

EMSCRIPTEN_KEEPALIVE void llm_sizer_paste(const char* text) {
  g_events.pasted += text;
  g_clipboard = text;
  llm_sizer_wake();
}

// The fetched zh.tsv (copied: JS frees its buffer), or size 0 when it could not be fetched.
EMSCRIPTEN_KEEPALIVE void llm_sizer_chinese(const char* text, int text_size) {
  if (text == nullptr || text_size <= 0) {
    g_events.chinese_failed = true;
  } else {
    g_events.chinese_loaded = true;
    g_events.zh_strings.assign(text, static_cast<std::size_t>(text_size));
  }
  llm_sizer_wake();
}

EMSCRIPTEN_KEEPALIVE const char* llm_sizer_get_state(const char*) {
  g_reply = g_hooks.get_state ? g_hooks.get_state() : "{}";
  return g_reply.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* llm_sizer_set_state(const char* partial) {
  g_reply = g_hooks.set_state ? g_hooks.set_state(partial ? partial : "{}") : "not ready";
  llm_sizer_wake();
  return g_reply.c_str();
}

// A slice from the start of a dropped or picked model file: returns the bytes to read next (0 =
// done). Sizes are doubles: JS numbers, exact up to 2^53.
EMSCRIPTEN_KEEPALIVE double llm_sizer_file_head(const char* name, double file_size,
                                                const char* bytes, int size) {
  double next = 0;
  try {
    if (g_hooks.file_head)
      next = g_hooks.file_head(name ? name : "", file_size,
                               std::string(bytes, static_cast<std::size_t>(size > 0 ? size : 0)));
  } catch (const std::exception& e) {  // std::bad_alloc for a slice the memory cannot copy
    if (g_hooks.file_failed) g_hooks.file_failed(name ? name : "", e.what());
    next = 0;
  }
  llm_sizer_wake();
  return next;
}

EMSCRIPTEN_KEEPALIVE void llm_sizer_file_text(const char* name, const char* text) {
  if (g_hooks.file_text) g_hooks.file_text(name ? name : "", text ? text : "");
  llm_sizer_wake();
}

EMSCRIPTEN_KEEPALIVE void llm_sizer_file_failed(const char* name, const char* message) {
  if (g_hooks.file_failed) g_hooks.file_failed(name ? name : "", message ? message : "");
  llm_sizer_wake();
}

EMSCRIPTEN_KEEPALIVE void llm_sizer_hub_reply(const char* id, int config_status, const char* config,
                                              int index_status, const char* index) {
  if (g_hooks.hub_reply)
    g_hooks.hub_reply(id ? id : "", config_status, config ? config : "", index_status,
                      index ? index : "");
  llm_sizer_wake();
}

EMSCRIPTEN_KEEPALIVE void llm_sizer_request_frame_text() {
  g_frame_text_requested = true;
  llm_sizer_wake();
}

EMSCRIPTEN_KEEPALIVE const char* llm_sizer_results(const char*) {
  g_reply = g_hooks.results ? g_hooks.results() : "{}";
  return g_reply.c_str();
}

}  // extern "C"

// [SECTION] platform.hpp implementation

namespace platform {

void js_install_touch();

void js_install_files(double first_slice_bytes);

void install(Hooks hooks) {
  g_hooks = std::move(hooks);
  js_install_page();
  js_install_touch();
  js_install_files(1048576.0);  // app::k_first_slice_bytes (logic/file_intake.hpp)
}

namespace {
// The same step sizes as ImGui 1.90.1's ImGui_ImplEmscripten_WheelCallback (which mimics SDL).
EM_BOOL on_canvas_wheel(int, const EmscriptenWheelEvent* ev, void*) {
  float steps_per_unit = 0.0f;
  if (ev->deltaMode == DOM_DELTA_PIXEL) steps_per_unit = 1.0f / 100.0f;
  if (ev->deltaMode == DOM_DELTA_LINE) steps_per_unit = 1.0f / 3.0f;
  if (ev->deltaMode == DOM_DELTA_PAGE) steps_per_unit = 80.0f;
  ImGui::GetIO().AddMouseWheelEvent(static_cast<float>(ev->deltaX) * -steps_per_unit,
                                    static_cast<float>(ev->deltaY) * -steps_per_unit);
  return EM_TRUE;  // the page itself never scrolls: the canvas fills it
}
}  // namespace

void route_wheel_to_canvas() {
  emscripten_set_wheel_callback(EMSCRIPTEN_EVENT_TARGET_DOCUMENT, nullptr, false, nullptr);
  emscripten_set_wheel_callback("#canvas", nullptr, false, on_canvas_wheel);
}

Viewport viewport() {
  Viewport v;
  js_viewport(&v.css_width, &v.css_height, &v.dpr);
  return v;
}

void set_canvas_size(int width, int height) { js_set_canvas_size(width, height); }
bool create_webgl_context() { return js_create_webgl_context() != 0; }

bool prefers_dark() { return js_prefers_dark() != 0; }
std::string preferred_language() { return take_js_string(js_language()); }
void set_document_language(const char* bcp47) { js_set_document_language(bcp47); }

std::string storage_get(const std::string& key) {
  return take_js_string(js_storage_get(key.c_str()));
}
bool storage_set(const std::string& key, const std::string& value) {
  return js_storage_set(key.c_str(), value.c_str()) != 0;
}

std::string location_hash() { return take_js_string(js_location_hash()); }
void replace_hash(const std::string& fragment) { js_replace_hash(fragment.c_str()); }
void push_hash(const std::string& fragment) { js_push_hash(fragment.c_str()); }
void set_title(const std::string& title) { js_set_title(title.c_str()); }
std::string page_url() { return take_js_string(js_page_url()); }

void copy_to_clipboard(const std::string& text) {
  g_clipboard = text;
  js_copy(text.c_str());
}
const std::string& local_clipboard() { return g_clipboard; }

PageEvents take_events() {
  PageEvents e = std::move(g_events);
  g_events = PageEvents{};
  return e;
}

void publish_widget_rect(const char* id, float x, float y, float w, float h) {
  js_publish_rect(id, x, y, w, h);
}
void fetch_chinese() { js_fetch_chinese(); }

bool draw_system_glyphs(const std::vector<unsigned>& code_points, float em_px, int baseline,
                        GlyphCells& out) {
  out.advance.assign(code_points.size(), 0.0f);
  out.coverage.assign(code_points.size() * static_cast<std::size_t>(out.cell_w * out.cell_h), 0);
  if (code_points.empty()) return true;
  return js_draw_system_glyphs(code_points.data(), static_cast<int>(code_points.size()), em_px,
                               baseline, out.cell_w, out.cell_h, out.coverage.data(),
                               out.advance.data()) != 0;
}

std::string late_strings() {
  char* text = js_late_strings();
  if (text == nullptr) return "";
  std::string out(text);
  std::free(text);
  return out;
}

bool deferred_code_loaded() {
  static bool loaded = false;  // it never unloads
  if (!loaded) loaded = js_deferred_code_loaded() != 0;
  return loaded;
}

void set_recovery_state(const char* storage_key, const std::string& fragment) {
  js_set_recovery_state(storage_key, fragment.c_str());
}

void fail(const std::string& what) {
  emscripten_cancel_main_loop();
  js_fail(what.c_str());
}

void mark_ready() { js_mark_ready(); }
void count_frame() { js_count_frame(); }
bool frame_text_requested() { return g_frame_text_requested; }
void publish_frame_text(const std::string& text) {
  g_frame_text_requested = false;
  js_publish_frame_text(text.c_str());
}

void run_main_loop(void (*frame)(void*), void* arg) {
  // 0 fps = requestAnimationFrame; simulate_infinite_loop keeps main()'s locals alive.
  emscripten_set_main_loop_arg(frame, arg, 0, 1);
}

void sleep() {
  if (g_sleeping) return;
  g_sleeping = true;
  emscripten_pause_main_loop();
}

}  // namespace platform

// [SECTION] files: drop, pick, header-only reads (Blob.slice), downloads, printable page
//
// A model file is tens of GB: only a slice from its start is read (file.slice(0, n)), handed to
// the app, which answers with the length it needs next (the core's "needs more bytes"), until it
// answers 0. Text files (.json, .log, .txt, .md) are read whole, up to 64 MiB. Files dropped
// together are read one after the other (a safetensors header, then its config.json).

// clang-format off
EM_JS(void, js_install_files_impl, (double first_slice), {
  var page = Module.llmSizerPage;
  var maxText = 64 * 1024 * 1024;
  var call = function(fn, name, text) {
    var n = allocateUTF8(name);
    var t = allocateUTF8(text);
    fn(n, t);
    _free(n);
    _free(t);
  };
  var failed = function(name, e) {
    if (!page.failed) call(Module._llm_sizer_file_failed, name, String((e && e.message) || e));
  };
  var readOne = function(file) {
    var name = file.name || "file";
    var size = file.size;
    var info = { name: name, size: size, bytesRead: 0, reads: 0, done: false };
    page.filesRead.push(info);
    var finish = function() { info.done = true; };
    var ext = name.toLowerCase().substring(name.lastIndexOf(".") + 1);
    if (["json", "log", "txt", "md"].indexOf(ext) >= 0) {
      if (size > maxText) {
        failed(name, "larger than 64 MiB");
        finish();
        return Promise.resolve();
      }
      return file.text().then(function(text) {
        info.bytesRead = size;
        info.reads = 1;
        if (!page.failed) call(Module._llm_sizer_file_text, name, text);
        finish();
      }, function(e) { failed(name, e); finish(); });
    }
    var step = function(want) {
      var end = Math.min(size, want);
      return file.slice(0, end).arrayBuffer().then(function(buffer) {
        info.bytesRead += buffer.byteLength;
        info.reads++;
        if (page.failed) return;
        var bytes = new Uint8Array(buffer);
        var ptr = _malloc(Math.max(1, bytes.length));
        if (!ptr) throw new Error("not enough memory for a " + bytes.length + "-byte header");
        HEAPU8.set(bytes, ptr);
        var namePtr = allocateUTF8(name);
        var next = Module._llm_sizer_file_head(namePtr, size, ptr, bytes.length);
        _free(namePtr);
        _free(ptr);
        if (next > end && end < size) return step(next);
      });
    };
    return step(first_slice).then(finish, function(e) { failed(name, e); finish(); });
  };
  var queue = Promise.resolve();
  var readAll = function(files) {
    for (var i = 0; i < files.length; ++i) {
      (function(f) { queue = queue.then(function() { return readOne(f); }); })(files[i]);
    }
  };
  var input = document.createElement("input");
  input.type = "file";
  input.id = "file-input";
  input.multiple = true;
  input.hidden = true;
  input.setAttribute("aria-label", "Model file, engine log or saved work");
  input.addEventListener("change", function() {
    readAll(input.files);
    input.value = "";
  });
  document.body.appendChild(input);
  page.pickFile = function() { input.click(); };
  window.addEventListener("dragover", function(e) {
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = "copy";
  });
  window.addEventListener("drop", function(e) {
    e.preventDefault();
    var dt = e.dataTransfer;
    if (!dt) return;
    if (dt.files && dt.files.length) readAll(dt.files);
    else {
      var text = dt.getData("text");
      if (text && !page.failed) call(Module._llm_sizer_file_text, "", text);
    }
  });
});

EM_JS(void, js_pick_file, (), { Module.llmSizerPage.pickFile(); });

// The Hub look-up (platform.hpp, fetch_hub_model). No cookies go with it (credentials: "omit"), a
// reply over 16 MiB is not read, and window.llmSizerHubBase (tests only: a local server on the
// page's origin, which the CSP allows) replaces https://huggingface.co.
EM_JS(void, js_fetch_hub_model, (const char* id), {
  var repo = UTF8ToString(id);
  var base = typeof window.llmSizerHubBase === "string" ? window.llmSizerHubBase
                                                        : "https://huggingface.co";
  var maxText = 16 * 1024 * 1024;
  var reply = function(configStatus, config, indexStatus, index) {
    if (Module.llmSizerPage.failed) return;
    var a = allocateUTF8(repo);
    var b = allocateUTF8(config);
    var c = allocateUTF8(index);
    Module._llm_sizer_hub_reply(a, configStatus, b, indexStatus, c);
    _free(a);
    _free(b);
    _free(c);
  };
  if (navigator.onLine === false) {
    reply(-1, "", -1, "");
    return;
  }
  var get = function(file) {
    var url = base + "/" + repo + "/resolve/main/" + file;
    return fetch(url, { credentials: "omit", cache: "no-cache" }).then(function(r) {
      if (!r.ok) return { status: r.status, text: "" };
      return r.text().then(function(t) {
        return t.length > maxText ? { status: 413, text: "" } : { status: r.status, text: t };
      });
    }, function() { return { status: 0, text: "" }; });
  };
  get("config.json").then(function(config) {
    if (config.status !== 200) return reply(config.status, "", 0, "");
    return get("model.safetensors.index.json").then(function(index) {
      reply(200, config.text, index.status, index.text);
    });
  });
});

EM_JS(void, js_download, (const char* name, const char* mime, const char* content), {
  var blob = new Blob([UTF8ToString(content)], { type: UTF8ToString(mime) });
  var a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = UTF8ToString(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(function() { URL.revokeObjectURL(a.href); }, 10000);
  Module.llmSizerPage.lastDownload = { name: a.download, size: blob.size };
});

EM_JS(int, js_open_printable, (const char* html), {
  var w = null;
  try { w = window.open("", "_blank"); } catch (e) { w = null; }
  if (!w) return 0;
  w.document.open();
  w.document.write(UTF8ToString(html));
  w.document.close();
  return 1;
});
// clang-format on

namespace platform {

void js_install_files(double first_slice_bytes) { js_install_files_impl(first_slice_bytes); }
void pick_file() { js_pick_file(); }
void fetch_hub_model(const std::string& repo_id) { js_fetch_hub_model(repo_id.c_str()); }
void download(const std::string& file_name, const std::string& mime_type,
              const std::string& content) {
  js_download(file_name.c_str(), mime_type.c_str(), content.c_str());
}
bool open_printable(const std::string& html) { return js_open_printable(html.c_str()) != 0; }

}  // namespace platform

// [SECTION] IME: a DOM <input> over the caret for composed (Chinese) text
//
// A canvas never receives composition events, and the 3.1.6 GLFW port takes text only from
// `keypress`, so an IME cannot type into ImGui. While ImGui has a text field active, the page's
// #ime <input> sits at the caret with keyboard focus: the IME composes into it (its candidate
// window opens next to the field) and every committed string, Latin keystrokes included, goes to
// ImGui through llm_sizer_ime_commit. GLFW still sees keydown/keyup (Backspace, Enter, arrows,
// Tab, shortcuts) except during a composition, when those keys belong to the IME; its keypress
// listener ignores the overlay so that no character arrives twice.

// clang-format off
EM_JS(void, js_ime_install, (), {
  var input = document.getElementById("ime");
  var canvas = Module.canvas;
  if (!input || typeof GLFW !== "object") return;
  var ime = Module.llmSizerIme = { input: input, wanted: false };
  var fromOverlay = function(e) { return e.target === input; };
  var composing = function(e) { return e.isComposing || e.keyCode === 229; };
  // Re-register GLFW's window listeners (capture phase, as GLFW does) behind filters.
  var filter = function(type, handler, skip) {
    window.removeEventListener(type, handler, true);
    window.addEventListener(type, function(e) { if (!skip(e)) handler(e); }, true);
  };
  filter("keypress", GLFW.onKeyPress, fromOverlay);
  filter("keydown", GLFW.onKeydown, function(e) { return fromOverlay(e) && composing(e); });
  filter("keyup", GLFW.onKeyup, function(e) { return fromOverlay(e) && composing(e); });
  var flush = function() {
    var text = input.value;
    if (!text) return;
    input.value = "";
    var ptr = allocateUTF8(text);
    Module._llm_sizer_ime_commit(ptr);
    _free(ptr);
  };
  // The text being composed shows in the overlay itself (index.html styles .composing), in a
  // box only as wide as that text so that it hides as little of the field as possible.
  input.addEventListener("input", function(e) {
    if (!e.isComposing) return flush();
    input.style.width = "1px";
    input.style.width = input.scrollWidth + "px";
  });
  input.addEventListener("compositionstart", function() { input.classList.add("composing"); });
  input.addEventListener("compositionend", function() {
    input.classList.remove("composing");
    input.style.width = "";
    flush();
  });
  // A click on the canvas focuses it (js_install_page); give focus back while a field is active.
  canvas.addEventListener("pointerup", function() {
    if (ime.wanted) input.focus({ preventScroll: true });
  });
});

EM_JS(void, js_ime_place, (int visible, float x, float y, float line_height), {
  var ime = Module.llmSizerIme;
  if (!ime) return;
  var input = ime.input;
  var wasWanted = ime.wanted;
  ime.wanted = visible !== 0;
  if (!ime.wanted) {
    input.value = "";
    input.style.display = "none";  // after blur: a hidden element cannot hold focus
    if (wasWanted && document.activeElement === input) Module.canvas.focus({ preventScroll: true });
    return;
  }
  // ImGui works in framebuffer pixels: CSS px x devicePixelRatio (see update_viewport).
  var dpr = window.devicePixelRatio || 1;
  input.style.left = (x / dpr) + "px";
  input.style.top = (y / dpr) + "px";
  input.style.height = input.style.lineHeight = input.style.fontSize = (line_height / dpr) + "px";
  input.style.display = "block";
  var active = document.activeElement;
  if (active === Module.canvas || active === document.body || active === null)
    input.focus({ preventScroll: true });
});
// clang-format on

extern "C" EMSCRIPTEN_KEEPALIVE void llm_sizer_ime_commit(const char* utf8) {
  ImGui::GetIO().AddInputCharactersUTF8(utf8);
  llm_sizer_wake();
}

namespace platform {

void set_ime_data(ImGuiViewport*, ImGuiPlatformImeData* data) {
  // Installed on the first call, well after glfwCreateWindow registered the listeners it wraps.
  static bool installed = false;
  if (!installed) {
    js_ime_install();
    installed = true;
  }
  js_ime_place(data->WantVisible ? 1 : 0, data->InputPos.x, data->InputPos.y,
               data->InputLineHeight);
}

}  // namespace platform

// [SECTION] GL state queries of ImGui's renderer
//
// ImGui_ImplOpenGL3_RenderDrawData (1.90.1) saves 14 GL state values with glGetIntegerv before
// drawing and restores them after. In Chromium several of those (viewport, scissor box, blend
// functions) are synchronous round trips to the GPU process, which first finishes the previous
// frame: with SwiftShader that wait was ~78% of the main thread's time while a slider is dragged.
// Nothing but ImGui draws into this context, so between its renders the state is always GL's
// initial state (its restore puts back what it read): the link wraps glGetIntegerv
// (-Wl,--wrap, imgui_app/CMakeLists.txt) to answer those names with the initial values, and asks
// the browser for everything else (GL version, extensions). The viewport and scissor box read as
// empty: the frame sets the viewport before it clears (main.cpp), and the scissor test is off.
extern "C" void __real_glGetIntegerv(GLenum pname, GLint* data);
extern "C" void __wrap_glGetIntegerv(GLenum pname, GLint* data) {
  switch (pname) {
    case GL_ACTIVE_TEXTURE:
      *data = GL_TEXTURE0;
      return;
    case GL_CURRENT_PROGRAM:
    case GL_TEXTURE_BINDING_2D:
    case GL_SAMPLER_BINDING:
    case GL_ARRAY_BUFFER_BINDING:
    case GL_ELEMENT_ARRAY_BUFFER_BINDING:
    case GL_VERTEX_ARRAY_BINDING:
      *data = 0;
      return;
    case GL_VIEWPORT:
    case GL_SCISSOR_BOX:
      data[0] = data[1] = data[2] = data[3] = 0;
      return;
    case GL_BLEND_SRC_RGB:
    case GL_BLEND_SRC_ALPHA:
      *data = GL_ONE;
      return;
    case GL_BLEND_DST_RGB:
    case GL_BLEND_DST_ALPHA:
      *data = GL_ZERO;
      return;
    case GL_BLEND_EQUATION_RGB:
    case GL_BLEND_EQUATION_ALPHA:
      *data = GL_FUNC_ADD;
      return;
    default:
      __real_glGetIntegerv(pname, data);
  }
}

// [SECTION] touch: drags scroll, taps click, a long press drags
//
// The canvas has `touch-action: none` (the page itself must not pan or zoom), and the 3.1.6 GLFW
// port turns a touch into a mouse press at once and drops touch movement, so a finger could
// neither scroll nor tap reliably. Touches on the canvas are taken here first (a window listener
// in the capture phase, which stops them before GLFW's canvas listeners) and replayed as mouse
// and wheel events on the canvas, which GLFW and route_wheel_to_canvas already handle:
//   - a finger that moves more than k_slop CSS px scrolls the panel under it (wheel events at
//     the start point, sized so the content follows the finger);
//   - a finger lifted before that is a tap: mouse move, press and release at that point;
//   - a finger held still for k_hold_ms presses the mouse there, and moving then drags (sliders).
// preventDefault stops the browser's own compatibility mouse events (a second click).

// clang-format off
EM_JS(void, js_install_touch_impl, (float wheel_px_per_css_px), {
  var canvas = Module.canvas;
  var k_slop = 10;       // CSS px a finger may wander and still tap
  var k_hold_ms = 450;   // long press: press and drag instead of scrolling
  var t = { id: null, x: 0, y: 0, lastY: 0, mode: "none", timer: 0 };
  var mouse = function(type, x, y) {
    canvas.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x,
                                                clientY: y, button: 0, buttons: type === "mouseup" ? 0 : 1 }));
  };
  var find = function(list) {
    for (var i = 0; i < list.length; ++i) if (list[i].identifier === t.id) return list[i];
    return null;
  };
  var stop = function(e) { e.preventDefault(); e.stopPropagation(); };
  window.addEventListener("touchstart", function(e) {
    if (e.target !== canvas) return;
    stop(e);
    if (t.id !== null) return;  // one finger at a time
    var p = e.changedTouches[0];
    t.id = p.identifier; t.x = p.clientX; t.y = p.clientY; t.lastY = p.clientY; t.mode = "pending";
    mouse("mousemove", t.x, t.y);  // hover first: ImGui scrolls the window under the pointer
    t.timer = setTimeout(function() {
      if (t.mode !== "pending") return;
      t.mode = "drag";
      mouse("mousedown", t.x, t.y);
    }, k_hold_ms);
  }, { capture: true, passive: false });
  window.addEventListener("touchmove", function(e) {
    if (e.target !== canvas) return;
    stop(e);
    var p = find(e.changedTouches);
    if (!p) return;
    if (t.mode === "pending" && Math.hypot(p.clientX - t.x, p.clientY - t.y) > k_slop) {
      t.mode = "scroll";
      clearTimeout(t.timer);
    }
    if (t.mode === "scroll") {
      var dy = p.clientY - t.lastY;
      t.lastY = p.clientY;
      if (dy !== 0) {
        canvas.dispatchEvent(new WheelEvent("wheel", { bubbles: true, cancelable: true,
          clientX: t.x, clientY: t.y, deltaMode: 0, deltaY: -dy * wheel_px_per_css_px }));
      }
    } else if (t.mode === "drag") {
      mouse("mousemove", p.clientX, p.clientY);
    }
  }, { capture: true, passive: false });
  var end = function(e) {
    if (e.target !== canvas) return;
    stop(e);
    var p = find(e.changedTouches);
    if (!p) return;
    clearTimeout(t.timer);
    if (t.mode === "pending" && e.type === "touchend") {
      mouse("mousedown", t.x, t.y);
      mouse("mouseup", t.x, t.y);
    } else if (t.mode === "drag") {
      mouse("mouseup", p.clientX, p.clientY);
    }
    t.id = null;
    t.mode = "none";
  };
  window.addEventListener("touchend", end, { capture: true, passive: false });
  window.addEventListener("touchcancel", end, { capture: true, passive: false });
});
// clang-format on

namespace platform {

void js_install_touch() {
  // ImGui 1.90.1 scrolls 5 lines (5 x font size) per wheel step, and on_canvas_wheel makes one
  // step of 100 wheel pixels: so the content follows the finger at 100 / (5 x font) wheel pixels
  // per CSS pixel of finger travel (the font size in CSS px, before the dpr scale).
  constexpr float k_lines_per_wheel_step = 5.0f;
  constexpr float k_wheel_px_per_step = 100.0f;
  js_install_touch_impl(k_wheel_px_per_step / (k_lines_per_wheel_step * app::k_body_font_css_px));
}

}  // namespace platform

// The native twin of platform_web.cpp: the same contract held in memory, so the shell's logic can
// run (and be tested) without a browser. Storage and the URL hash are maps and strings; the main
// loop runs frames until the app asks to sleep, which on a desktop would be "wait for events".
#include "platform_native.hpp"

#include <map>
#include <string>
#include <utility>

#include "platform.hpp"

#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
#include "imstb_truetype.h"

namespace {

platform::Hooks g_hooks;
platform::PageEvents g_events;
platform::Viewport g_viewport;
std::map<std::string, std::string> g_storage;
std::string g_hash;
std::string g_clipboard;
bool g_sleep_requested = false;
std::string g_cjk_font;  // set_native_cjk_font
int g_cjk_face = 0;

}  // namespace

namespace platform {

void install(Hooks hooks) { g_hooks = std::move(hooks); }
void route_wheel_to_canvas() {}
Viewport viewport() { return g_viewport; }
void set_canvas_size(int, int) {}
bool create_webgl_context() { return true; }
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
void set_native_cjk_font(std::string font_file, int face) {
  g_cjk_font = std::move(font_file);
  g_cjk_face = face;
}

// As the browser draws them (platform_web.cpp): each glyph at `em_px` per em, its origin at the
// cell's left edge on the baseline, clipped to the cell.
bool draw_system_glyphs(const std::vector<unsigned>& code_points, float em_px, int baseline,
                        GlyphCells& out) {
  out.advance.assign(code_points.size(), 0.0f);
  out.coverage.assign(code_points.size() * static_cast<std::size_t>(out.cell_w * out.cell_h), 0);
  if (g_cjk_font.empty()) return false;
  const auto* data = reinterpret_cast<const unsigned char*>(g_cjk_font.data());
  stbtt_fontinfo font;
  const int offset = stbtt_GetFontOffsetForIndex(data, g_cjk_face);
  if (offset < 0 || !stbtt_InitFont(&font, data, offset)) return false;
  if (stbtt_FindGlyphIndex(&font, 0x4E2D) == 0) return false;  // 中: no Chinese in this font
  const float scale = stbtt_ScaleForMappingEmToPixels(&font, em_px);
  for (std::size_t i = 0; i < code_points.size(); ++i) {
    const int glyph = stbtt_FindGlyphIndex(&font, static_cast<int>(code_points[i]));
    int advance = 0;
    int bearing = 0;
    stbtt_GetGlyphHMetrics(&font, glyph, &advance, &bearing);
    out.advance[i] = static_cast<float>(advance) * scale;
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    stbtt_GetGlyphBitmapBox(&font, glyph, scale, scale, &x0, &y0, &x1, &y1);
    const int w = x1 - x0;
    const int h = y1 - y0;
    if (w <= 0 || h <= 0) continue;
    std::vector<unsigned char> bitmap(static_cast<std::size_t>(w * h));
    stbtt_MakeGlyphBitmap(&font, bitmap.data(), w, h, w, scale, scale, glyph);
    unsigned char* cell =
        out.coverage.data() + i * static_cast<std::size_t>(out.cell_w * out.cell_h);
    for (int y = 0; y < h; ++y) {
      const int row = baseline + y0 + y;
      if (row < 0 || row >= out.cell_h) continue;
      for (int x = 0; x < w; ++x) {
        const int col = x0 + x;
        if (col >= 0 && col < out.cell_w) cell[row * out.cell_w + col] = bitmap[y * w + x];
      }
    }
  }
  return true;
}
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

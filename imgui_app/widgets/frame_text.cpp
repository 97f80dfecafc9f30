#include "widgets/frame_text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"  // ImTextCharToUtf8

namespace app::widgets {
namespace {

struct GlyphRef {
  const ImFontGlyph* glyph;
  float font_size;  // the size the font was built at (glyph coordinates are in its pixels)
};

using UvKey = std::array<float, 4>;  // U0, V0, U1, V1

// Every glyph of the atlas by its texture rectangle, which identifies it (glyphs do not overlap).
std::map<UvKey, GlyphRef> glyphs_by_uv() {
  std::map<UvKey, GlyphRef> out;
  const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  for (const ImFont* font : atlas->Fonts) {
    for (const ImFontGlyph& g : font->Glyphs) {
      if (g.Visible) out.emplace(UvKey{g.U0, g.V0, g.U1, g.V1}, GlyphRef{&g, font->FontSize});
    }
  }
  return out;
}

// One drawn glyph: where its pen was (the text position ImFont::RenderText started it from) and
// the size it was drawn at.
struct Drawn {
  float pen_x, pen_y, advance, size;
  unsigned codepoint;
};

bool inside(const ImVec4& clip, const ImDrawVert& a, const ImDrawVert& c) {
  return a.pos.x < clip.z && c.pos.x > clip.x && a.pos.y < clip.w && c.pos.y > clip.y;
}

// The glyph quads of one draw list: ImFont::RenderText writes each as vertices v..v+3 (corners
// clockwise from the top left) and indices v, v+1, v+2, v, v+2, v+3.
std::vector<Drawn> glyphs_of(const ImDrawList& list, const std::map<UvKey, GlyphRef>& atlas) {
  std::vector<Drawn> out;
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    if (cmd.UserCallback != nullptr) continue;
    const unsigned end = cmd.IdxOffset + cmd.ElemCount;
    for (unsigned k = cmd.IdxOffset; k + 6 <= end;) {
      const ImDrawIdx* idx = &list.IdxBuffer[static_cast<int>(k)];
      const unsigned b = idx[0];
      const bool quad =
          idx[1] == b + 1 && idx[2] == b + 2 && idx[3] == b && idx[4] == b + 2 && idx[5] == b + 3;
      const int v = static_cast<int>(cmd.VtxOffset + b);
      if (!quad || v + 3 >= list.VtxBuffer.Size) {
        k += 3;  // every primitive is made of whole triangles
        continue;
      }
      const ImDrawVert& a = list.VtxBuffer[v];
      const ImDrawVert& c = list.VtxBuffer[v + 2];
      const auto it = atlas.find(UvKey{a.uv.x, a.uv.y, c.uv.x, c.uv.y});
      if (it != atlas.end() && inside(cmd.ClipRect, a, c)) {
        const ImFontGlyph& g = *it->second.glyph;
        const float scale = g.X1 != g.X0 ? (c.pos.x - a.pos.x) / (g.X1 - g.X0) : 1.0f;
        out.push_back({a.pos.x - g.X0 * scale, a.pos.y - g.Y0 * scale, g.AdvanceX * scale,
                       it->second.font_size * scale, g.Codepoint});
      }
      k += 6;
    }
  }
  return out;
}

struct Placed {
  int row;
  Drawn glyph;
};

std::string lines_of(std::vector<Drawn> glyphs) {
  // Rows: pens whose y lie within a third of the font size of the row's first.
  std::sort(glyphs.begin(), glyphs.end(),
            [](const Drawn& p, const Drawn& q) { return p.pen_y < q.pen_y; });
  std::vector<Placed> placed;
  int row = -1;
  float row_y = 0;
  for (const Drawn& g : glyphs) {
    if (row < 0 || g.pen_y - row_y > 0.3f * g.size) {
      ++row;
      row_y = g.pen_y;
    }
    placed.push_back({row, g});
  }
  std::stable_sort(placed.begin(), placed.end(), [](const Placed& p, const Placed& q) {
    return p.row != q.row ? p.row < q.row : p.glyph.pen_x < q.glyph.pen_x;
  });
  std::string out;
  const Placed* prev = nullptr;
  for (const Placed& p : placed) {
    if (prev != nullptr) {
      const Drawn& a = prev->glyph;
      if (p.row != prev->row) {
        out += '\n';
      } else if (p.glyph.pen_x - (a.pen_x + a.advance) > 0.2f * p.glyph.size) {
        out += ' ';
      }
    }
    char utf8[5];
    out += ImTextCharToUtf8(utf8, p.glyph.codepoint);
    prev = &p;
  }
  return out;
}

}  // namespace

std::string frame_text(const ImDrawData& data) {
  const std::map<UvKey, GlyphRef> atlas = glyphs_by_uv();
  std::string out;
  for (int i = 0; i < data.CmdListsCount; ++i) {
    const std::string block = lines_of(glyphs_of(*data.CmdLists[i], atlas));
    if (block.empty()) continue;
    if (!out.empty()) out += '\n';
    out += block;
  }
  return out;
}

}  // namespace app::widgets

#include "widgets/palette.hpp"

namespace app::widgets {
namespace {

// Hues (0..1) chosen to stay distinguishable for the common colour-vision deficiencies when
// paired with lightness differences: blue, orange, teal, purple, red-pink, olive, grey-blue...
constexpr float kHues[] = {0.58f, 0.08f, 0.47f, 0.77f, 0.95f, 0.17f, 0.63f, 0.30f, 0.86f, 0.03f};
constexpr int kHueCount = static_cast<int>(sizeof(kHues) / sizeof(kHues[0]));

float luminance(const ImVec4& c) { return 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z; }

ImU32 hsv(float h, float s, float v, float alpha) {
  float r = 0, g = 0, b = 0;
  ImGui::ColorConvertHSVtoRGB(h, s, v, r, g, b);
  return ImGui::GetColorU32(ImVec4(r, g, b, alpha));
}

ImU32 style_color(ImGuiCol col, float alpha_mul) {
  ImVec4 c = ImGui::GetStyleColorVec4(col);
  c.w *= alpha_mul;
  return ImGui::GetColorU32(c);
}

}  // namespace

ImU32 page_background() {
  ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  bg.w = 1;
  return ImGui::GetColorU32(bg);
}

bool dark_background() { return luminance(ImGui::GetStyleColorVec4(ImGuiCol_WindowBg)) < 0.5f; }

ImU32 series_color(int index, float alpha) {
  if (index < 0) index = -index;
  const float hue = kHues[index % kHueCount];
  // Dark backgrounds need lighter, less saturated fills; light ones darker, more saturated.
  // Alternate lightness a little so neighbouring segments separate even in greyscale.
  const float lift = (index % 2 == 0) ? 0.0f : 0.08f;
  return dark_background() ? hsv(hue, 0.55f, 0.85f - lift, alpha)
                           : hsv(hue, 0.70f, 0.72f - lift, alpha);
}

ImU32 good_color() {
  return dark_background() ? hsv(0.36f, 0.55f, 0.85f, 1) : hsv(0.36f, 0.85f, 0.50f, 1);
}
ImU32 bad_color() {
  return dark_background() ? hsv(0.0f, 0.55f, 1.0f, 1) : hsv(0.0f, 0.85f, 0.75f, 1);
}
ImU32 warn_color() {
  return dark_background() ? hsv(0.11f, 0.65f, 1.0f, 1) : hsv(0.08f, 0.9f, 0.65f, 1);
}

ImU32 grid_color() { return style_color(ImGuiCol_Border, 0.6f); }
ImU32 axis_color() { return style_color(ImGuiCol_Text, 0.7f); }
ImU32 muted_text_color() { return style_color(ImGuiCol_TextDisabled, 1.0f); }

ImVec4 to_vec4(ImU32 color) { return ImGui::ColorConvertU32ToFloat4(color); }

}  // namespace app::widgets

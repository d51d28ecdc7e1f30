// The colours of the text and marks drawn over Dear ImGui's dark panels (the t number line, the
// presentation strips), and WCAG 2's contrast ratio to check them: at least 4.5:1 against the
// background they are drawn on, so that they survive a projector (issue 27). GL-free; checked by
// tests/render/ui_palette_test.cpp, with the viewport's text colours (palette:: in scene_draw.h).
#pragma once

#include <glm/vec4.hpp>

#include <algorithm>
#include <cmath>

namespace hitlab {

namespace palette {
/// ImGui's dark style's window background (StyleColorsDark), made opaque by the window's set-up:
/// the panels' and the presentation strips' background.
inline constexpr glm::vec4 kPanelBackground{0.06f, 0.06f, 0.06f, 1.0f};
/// The number line's captions and the presentation strips' disabled text (ImGui's own, 0.5 grey, is 4.8:1).
inline constexpr glm::vec4 kCaptionText{0.58f, 0.58f, 0.58f, 1.0f};
/// The t axis, its numbers, "t" and the allowed range's note under the number line.
inline constexpr glm::vec4 kAxisText{0.62f, 0.62f, 0.62f, 1.0f};
/// The allowed range (t >= 0, or 0 <= t <= 1 for a segment): a solid band along the t axis (the
/// faint shading behind the rows only repeats it, under the bars and their numbers).
inline constexpr glm::vec4 kAllowedRange{0.55f, 0.62f, 0.75f, 1.0f};
inline constexpr glm::vec4 kAllowedShade{1.0f, 1.0f, 1.0f, 0.055f}; ///< behind the rows: not text, not the band
/// A verdict that the exact judge (GMP) confirms, and one it contradicts: an answer is never shown in
/// the colour of a right one when it is wrong, whether it says hit or miss.
inline constexpr glm::vec4 kRightAnswer{0.55f, 0.9f, 0.55f, 1.0f};
inline constexpr glm::vec4 kWrongAnswer{1.0f, 0.4f, 0.62f, 1.0f};
/// The lesson's title over the presentation (the question under it is ImGui's ordinary text).
inline constexpr glm::vec4 kTitleText{1.0f, 0.84f, 0.45f, 1.0f};
} // namespace palette

/// WCAG 2's relative luminance of an sRGB colour (its alpha ignored): 0 for black, 1 for white.
inline double RelativeLuminance(const glm::vec4& c)
{
    auto linear = [](float v) {
        const double s = std::clamp(double(v), 0.0, 1.0);
        return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(c.x) + 0.7152 * linear(c.y) + 0.0722 * linear(c.z);
}

/// WCAG 2's contrast ratio of two opaque colours, 1 (the same) to 21 (black and white); text
/// needs at least 4.5 (level AA).
inline double ContrastRatio(const glm::vec4& a, const glm::vec4& b)
{
    const double la = RelativeLuminance(a), lb = RelativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

/// `top` drawn over the opaque `bottom` with top's alpha (what the screen shows), opaque.
inline glm::vec4 Over(const glm::vec4& top, const glm::vec4& bottom)
{
    return {top.x * top.w + bottom.x * (1.0f - top.w), top.y * top.w + bottom.y * (1.0f - top.w),
            top.z * top.w + bottom.z * (1.0f - top.w), 1.0f};
}

} // namespace hitlab

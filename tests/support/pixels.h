// Reading pixels of a rendered frame in the GUI tests' pixel probes.
#pragma once

#include "app/gui/gui.h"

#include <glm/vec2.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>

namespace hitlab {

struct Rgb {
    int r, g, b;
};

/// The pixel at screen position p (pixels, y down); a probe outside the image fails the test and
/// reads the nearest edge pixel.
inline Rgb PixelAt(const RenderedImage& image, glm::dvec2 p)
{
    const int x = int(p.x), y = int(p.y);
    EXPECT_TRUE(x >= 0 && y >= 0 && x < image.width && y < image.height) << "probe outside: " << x << "," << y;
    if (image.width <= 0 || image.height <= 0 || image.rgba.size() < size_t(image.width) * size_t(image.height) * 4) {
        ADD_FAILURE() << "no image to probe (the render failed)";
        return {0, 0, 0};
    }
    const size_t row = size_t(std::clamp(y, 0, image.height - 1)), column = size_t(std::clamp(x, 0, image.width - 1));
    const size_t i = (row * size_t(image.width) + column) * 4;
    return {image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]};
}

} // namespace hitlab

// The built-in demo scene: what `hitlab` shows when started without a file.
#pragma once

#include "scene.h"

namespace hitlab {

/// A small scene with one of each shape type, arranged so that the algorithms disagree in
/// instructive ways: a ray along a box face, a ray starting inside a box, a sphere near a box
/// corner, two oriented boxes crossing like a plus sign.
Scene MakeDemoScene();

} // namespace hitlab

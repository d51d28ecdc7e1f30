// The scene the tests of misbehaving external algorithms share: two rays along +x against the box
// [15, 17] x [-1, 1]^2, one from x = 13 (where the misbehaving examples fail: misbehave_c crashes)
// and one from the origin (where misbehave_c misses; slab hits).
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace hitlab::test {

/// Writes the scene as dir/x13.json with the ray_aabb family's `algorithms` value given as JSON
/// ("\"all\"" or "[\"slab\"]"); its path.
inline std::string WriteX13Scene(const std::filesystem::path& dir, const std::string& algorithms)
{
    const std::filesystem::path path = dir / "x13.json";
    std::ofstream(path) << R"({"format": "hitlab-scene", "version": 1, "title": "x13", "shapes": [
  {"id": 1, "name": "box", "type": "aabb", "min": [15, -1, -1], "max": [17, 1, 1]},
  {"id": 2, "name": "ray13", "type": "ray", "origin": [13, 0, 0], "direction": [1, 0, 0]},
  {"id": 3, "name": "ray0", "type": "ray", "origin": [0, 0, 0], "direction": [1, 0, 0]}],
 "queries": {"families": {"ray_aabb": {"algorithms": )"
                        << algorithms << R"(, "draw": "slab", "precision": "float"}}}})";
    return path.string();
}

} // namespace hitlab::test

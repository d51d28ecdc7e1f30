// Trace values of GJK, EPA and MPR as vectors: a vector is stored as three numbers named
// "<name>.x", "<name>.y", "<name>.z" (docs/algorithms.md, "GJK, EPA and MPR traces"), so that a
// viewer can read the simplex, the search direction, EPA's face and MPR's portal back.
#pragma once

#include "shapes.h"
#include "trace.h"

#include <string_view>
#include <vector>

namespace hitlab {

/// The vector names a GJK / EPA / MPR trace uses; each names three values ("simplex0.x", ...).
enum class GjkTraceVec {
    Simplex0,
    Simplex1,
    Simplex2,
    Simplex3,
    Direction,
    V,
    Support,
    Face0,
    Face1,
    Face2,
    FaceNormal,
    Portal0,
    Portal1,
    Portal2,
    Interior,
};

namespace detail {

// data table: the value names of each GjkTraceVec, in enum order
inline constexpr const char* kGjkTraceNames[][3] = {
    {"simplex0.x", "simplex0.y", "simplex0.z"},
    {"simplex1.x", "simplex1.y", "simplex1.z"},
    {"simplex2.x", "simplex2.y", "simplex2.z"},
    {"simplex3.x", "simplex3.y", "simplex3.z"},
    {"direction.x", "direction.y", "direction.z"},
    {"v.x", "v.y", "v.z"},
    {"support.x", "support.y", "support.z"},
    {"face0.x", "face0.y", "face0.z"},
    {"face1.x", "face1.y", "face1.z"},
    {"face2.x", "face2.y", "face2.z"},
    {"face_normal.x", "face_normal.y", "face_normal.z"},
    {"portal0.x", "portal0.y", "portal0.z"},
    {"portal1.x", "portal1.y", "portal1.z"},
    {"portal2.x", "portal2.y", "portal2.z"},
    {"interior.x", "interior.y", "interior.z"},
};

} // namespace detail

/// Appends the three values of vector `which` (widened to double).
template <typename T>
void AddTraceVec(std::vector<TraceValue>& values, GjkTraceVec which, const Vec3<T>& p)
{
    const auto& names = detail::kGjkTraceNames[static_cast<int>(which)];
    values.push_back({names[0], double(p.x)});
    values.push_back({names[1], double(p.y)});
    values.push_back({names[2], double(p.z)});
}

/// Reads vector `which` back from a step's values; false when the step does not hold it.
inline bool ReadTraceVec(const TraceStep& step, GjkTraceVec which, glm::dvec3& out)
{
    const auto& names = detail::kGjkTraceNames[static_cast<int>(which)];
    int found = 0;
    for (const TraceValue& v : step.values) {
        for (int i = 0; i < 3; ++i) {
            if (std::string_view(v.name) == names[i]) {
                out[i] = v.value;
                found |= 1 << i;
            }
        }
    }
    return found == 7;
}

} // namespace hitlab

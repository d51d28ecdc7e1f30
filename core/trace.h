// Traces: what an algorithm did, step by step, as data. The Query inspector walks the steps,
// the viewport draws their structured parts, `hitlab eval` prints them as JSON.
// Values are widened to double; the algorithm's own precision is what it computed in.
#pragma once

#include <glm/vec3.hpp>

#include <string>
#include <variant>
#include <vector>

namespace hitlab {

/// A named scalar the step used ("t_near", "discriminant"). name is a string literal.
struct TraceValue {
    const char* name;
    double value;
};

/// One slab of a slab method: axis 0/1/2 (x/y/z; for an OBB the box's local axes).
struct SlabPart {
    int axis = 0;
    bool parallel = false;        ///< direction component is zero (either sign): the slab is all t or no t
    bool originInside = false;    ///< parallel only: whether the origin lies within the slab (the geometric fact)
    bool rejected = false;        ///< the method rejects the ray here whatever the t values: a parallel slab
                                  ///< whose origin test fails (for a published listing, also with the origin inside)
    double tNear = 0, tFar = 0;   ///< this slab's interval (+-inf when parallel and inside)
    double tEnter = 0, tExit = 0; ///< running intersection of the intervals so far (allowed range included)
    int enterBy = -1;             ///< the axis whose slab set tEnter; -1: still the start of the allowed range
    int exitBy = -1;              ///< the axis whose slab set tExit; -1: still the end of the allowed range
};

/// One face plane tried by a face-plane method. face: 0..5 = -x, +x, -y, +y, -z, +z (box-local for an OBB).
struct FacePart {
    int face = 0;
    double t = 0;
    glm::dvec3 point{0};
    bool tested = true;    ///< false when the method skipped this face (not facing, t out of range)
    bool inside = false;   ///< the inside-the-face test's answer
    bool accepted = false; ///< this face produced the method's answer
};

/// A candidate axis of a separating-axis or per-axis overlap test.
struct AxisPart {
    std::string label;   ///< "x", "A0", "B2", "A0 x B1"
    glm::dvec3 axis{0};  ///< in world space, not necessarily unit
    double ra = 0;       ///< projection radius of a onto the axis
    double rb = 0;       ///< projection radius of b onto the axis
    double distance = 0; ///< |projection of the centre difference| onto the axis
    double overlap = 0;  ///< ra + rb - distance, in units of |axis| when the method normalises
    bool separating = false;
    bool skipped = false; ///< not tested (near-parallel edge pair, or early exit before it)
    bool chosen = false;  ///< axis of least overlap: gives depth and normal
};

/// A labelled point to mark in the viewport (closest point, projection of the centre, tested vertex).
struct PointPart {
    std::string label;
    glm::dvec3 point{0};
    bool flag = false; ///< meaning depends on the step: inside, accepted, hit
};

/// A labelled segment to draw (an edge cast as a ray, a perpendicular, the penetration vector).
struct SegmentPart {
    std::string label;
    glm::dvec3 from{0}, to{0};
    bool flag = false;
};

/// A labelled axis-aligned box to draw (the box grown by the radius of the expanded-box test).
struct BoxPart {
    std::string label;
    glm::dvec3 min{0}, max{0};
    bool flag = false; ///< meaning depends on the step: the centre lies in it
};

using TracePart = std::variant<std::monostate, SlabPart, FacePart, AxisPart, PointPart, SegmentPart, BoxPart>;

/// One step: a short caption ("y slab"), the values it used, and what to draw.
struct TraceStep {
    std::string caption;
    std::vector<TraceValue> values;
    TracePart part;
};

/// The whole trace of one algorithm on one query.
struct Trace {
    std::vector<TraceStep> steps;
    int decidingStep = -1; ///< index of the step that decided the outcome (an early exit, the last test), -1 if none
    std::string verdict; ///< one plain sentence, e.g. "miss: the ray leaves the y slab at t = 0.8 before it enters the
                         ///< x slab at t = 1.2"

    void Clear();
    /// Appends a step and returns its index.
    int Add(std::string caption, std::vector<TraceValue> values = {}, TracePart part = {});
    /// Marks the last step added as the deciding one.
    void DecideLast() { decidingStep = static_cast<int>(steps.size()) - 1; }
};

/// Fills part.enterBy and part.exitBy from the trace's previous slab step: this slab set an end of
/// the running interval when that end moved and equals this slab's own bound (the first slab to
/// reach a value keeps it). Call before adding the part.
void LinkSlabSources(const Trace& trace, SlabPart& part);

/// Whether the running interval is empty after this slab, as the method judged it: rejected, or
/// not tEnter <= tExit (NaN included).
bool SlabEmpty(const SlabPart& part);

/// A slab step's name for a number line row: "x slab", "z slab: parallel, inside" (the origin is
/// between the planes), "z slab: parallel, inside, rejected" (the method's parallel test rejects it).
std::string SlabLabel(const SlabPart& part);

/// The running interval after a slab step: "[1, 1.5]", "empty: 1.5 > 1" (digits enough to tell
/// the two apart), "empty: origin outside" (parallel), or "rejected: parallel test" (a published
/// listing's parallel test rejects an origin inside).
std::string SlabIntervalText(const SlabPart& part);

/// The miss sentence of the step where the running interval became empty (the deciding step),
/// from that step alone. noun: "ray" or "segment"; [lo, hi]: the allowed t range (a box wholly
/// before lo is "behind", one entered after hi is "beyond the end"). Examples: "miss: the ray leaves
/// the y slab at t = 0.8 before it enters the x slab at t = 1.2", "miss: the box is behind the ray:
/// it leaves the x slab at t = -2, before t = 0".
std::string SlabMissSentence(const SlabPart& deciding, const char* noun, double lo, double hi);

/// printf-style formatting for captions and verdicts (only called while tracing).
std::string Format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

/// Significant digits (6 to 17) with which "%.*g" prints a and b differently, so that a sentence
/// comparing them never reads "0.5 > 0.5"; 6 when they are equal.
int DistinctDigits(double a, double b);

/// Axis names used in captions: "x", "y", "z".
inline const char* AxisName(int axis) { return axis == 0 ? "x" : axis == 1 ? "y" : "z"; }

/// Face names used in captions: "-x", "+x", ...
inline const char* FaceName(int face)
{
    static const char* const kNames[6] = {"-x", "+x", "-y", "+y", "-z", "+z"};
    return (face >= 0 && face < 6) ? kNames[face] : "?";
}

} // namespace hitlab

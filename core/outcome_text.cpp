// Degenerate outcomes and the normal convention in words.
#include "outcome_text.h"

#include "text.h"
#include "trace.h"

namespace hitlab {

std::string NormalConventionText(const glm::dvec3& normal, double depth)
{
    // + 0 writes a -0 component (a negated axis) as 0
    return "normal " + ShortVecText(normal + glm::dvec3(0.0)) + " points from a to b: move b by +" +
           ShortNumber(depth) + " along it to separate them";
}

std::string DegenerateHitSentence(const CastContact& c, const char* noun)
{
    const std::string at = ShortNumber(c.tEnter, 17);
    if (c.tEnter == c.tExit) {
        if (c.originOnBoundary) {
            return Format("hit: the origin is on the boundary and the %s leaves at once: enters and leaves at t = %s",
                          noun, at.c_str());
        }
        const char* what = c.enterPlanes >= 3   ? "grazes the corner"
                           : c.enterPlanes == 2 ? "grazes an edge"
                                                : "touches the box at one point";
        return Format("hit: the %s %s: enters and leaves at t = %s", noun, what, at.c_str());
    }
    const std::string out = ShortNumber(c.tExit, 17);
    if (c.alongFaceAxis >= 0 && c.alongFaceAxis < 3) {
        return Format("hit: the %s runs along a %s face, in its plane (touches the face): enters at t = %s, exits at "
                      "t = %s",
                      noun, AxisName(c.alongFaceAxis), at.c_str(), out.c_str());
    }
    if (c.originOnBoundary) {
        return Format("hit: the origin is on the boundary: enters at t = %s, exits at t = %s", at.c_str(), out.c_str());
    }
    return {};
}

} // namespace hitlab

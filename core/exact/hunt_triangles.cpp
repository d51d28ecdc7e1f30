// TRANSITIONAL (replaced before issue 24 closes): the hunt's draws for the triangle families.
#include "hunt_draw.h"

namespace hitlab::hunt::draw {

Query DrawTriangleFamily(Family family, Rng&, const char** what)
{
    *what = "default shapes";
    Query q;
    q.family = family;
    q.a = DefaultShape(*ShapeKindFromName(FamilyShapeA(family)));
    q.b = DefaultShape(*ShapeKindFromName(FamilyShapeB(family)));
    return q;
}

} // namespace hitlab::hunt::draw

// TRANSITIONAL (replaced before issue 24 closes): the exact judge of the triangle families.
#include "exact_triangle.h"

#include "exact_number.h"

namespace hitlab::exact {

void JudgeTriangleFamily(ExactResult& r, const Query&)
{
    r.valid = false;
    r.note = "not judged yet";
}

bool IntervalTriangleHit(const Query&)
{
    g_uncertain = true;
    return false;
}

} // namespace hitlab::exact

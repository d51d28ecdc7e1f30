// The names of result fields ("t_enter", "u", "triangle"...), for messages and the protocol, and
// reading a scalar field of a result or of the exact values by its bit.
#include "compare.h"
#include "compare_detail.h"

#include <string>

namespace hitlab {

const char* FieldName(std::uint32_t bit)
{
    switch (bit) {
    case kFieldHit:
        return "hit";
    case kFieldTEnter:
        return "t_enter";
    case kFieldTExit:
        return "t_exit";
    case kFieldPoint:
        return "point";
    case kFieldNormal:
        return "normal";
    case kFieldDepth:
        return "depth";
    case kFieldContact:
        return "contact";
    case kFieldSeparatingAxis:
        return "separating_axis";
    case kFieldU:
        return "u";
    case kFieldV:
        return "v";
    case kFieldFront:
        return "front";
    case kFieldTriangle:
        return "triangle";
    case kFieldDistance:
        return "distance";
    case kFieldClosestA:
        return "closest_a";
    case kFieldClosestB:
        return "closest_b";
    default:
        return "";
    }
}

std::string FieldListText(std::uint32_t fields)
{
    std::string out;
    for (std::uint32_t bit = 1; bit <= kFieldLast; bit <<= 1) {
        if ((fields & bit) != 0) {
            out += (out.empty() ? "" : ", ") + std::string(FieldName(bit));
        }
    }
    return out;
}

namespace detail {

double ScalarField(const Result& result, std::uint32_t field)
{
    switch (field) {
    case kFieldTEnter:
        return result.tEnter;
    case kFieldTExit:
        return result.tExit;
    case kFieldU:
        return result.u;
    case kFieldV:
        return result.v;
    case kFieldDistance:
        return result.distance;
    default:
        return result.depth;
    }
}

double FieldFloor(const ValueScale& scale, std::uint32_t field)
{
    return field == kFieldTEnter || field == kFieldTExit ? scale.t
           : field == kFieldNormal                       ? scale.normal
           : field == kFieldU || field == kFieldV        ? scale.barycentric
                                                         : scale.length;
}

const double* ExactField(const ExactValues* exact, std::uint32_t field)
{
    if (exact != nullptr && field == kFieldDistance) {
        return exact->hasDistance ? &exact->distance : nullptr;
    }
    if (exact == nullptr || !exact->hit) {
        return nullptr;
    }
    if ((field == kFieldU || field == kFieldV) && exact->hasUv) {
        return field == kFieldU ? &exact->u : &exact->v;
    }
    return field == kFieldTEnter  ? &exact->tEnter
           : field == kFieldTExit ? &exact->tExit
           : field == kFieldDepth ? &exact->depth
                                  : nullptr;
}

} // namespace detail

} // namespace hitlab

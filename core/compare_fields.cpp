// The names of result fields ("t_enter", "u", "triangle"...), for messages and the protocol.
#include "compare.h"

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

} // namespace hitlab

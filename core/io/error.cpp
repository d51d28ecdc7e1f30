// The error of reading and writing inputs (error.h).
#include "error.h"

namespace hitlab {

std::string ErrorText(const IoError& error)
{
    if (error.what.empty()) {
        return {};
    }
    return error.where.empty() ? error.what : error.where + ": " + error.what;
}

IoError Within(const std::string& outer, IoError inner)
{
    inner.where = inner.where.empty() ? outer : outer + ": " + inner.where;
    return inner;
}

std::ostream& operator<<(std::ostream& out, const IoError& error) { return out << ErrorText(error); }

} // namespace hitlab

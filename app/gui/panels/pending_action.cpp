// The unsaved-changes question between a request and its action.
#include "pending_action.h"

#include <utility>

namespace hitlab {

PendingRequest UnsavedQuestion::Ask(PendingRequest request, bool dirty)
{
    if (!dirty) {
        return request;
    }
    m_held = std::move(request);
    m_open = true;
    return {};
}

bool UnsavedQuestion::TakeOpen() { return std::exchange(m_open, false); }

PendingRequest UnsavedQuestion::Answer(UnsavedAnswer answer)
{
    switch (answer) {
    case UnsavedAnswer::Discard:
        return std::exchange(m_held, {});
    case UnsavedAnswer::Cancel:
        m_held = {};
        return {};
    case UnsavedAnswer::Save:
        break;
    }
    return {};
}

PendingRequest UnsavedQuestion::Saved(bool ok)
{
    PendingRequest held = std::exchange(m_held, {});
    return ok ? held : PendingRequest{};
}

} // namespace hitlab

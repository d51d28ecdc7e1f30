// The unsaved-changes question between a request and its action.
#include "pending_action.h"

#include <filesystem>
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

SaveAsVerdict CheckSaveAs(const std::string& path, const std::string& current)
{
    namespace fs = std::filesystem;
    if (path.empty()) {
        return {SaveAsCheck::Refuse, "Type a file name to save the scene as."};
    }
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec); // through symbolic links
    if (fs::is_directory(status)) {
        return {SaveAsCheck::Refuse, path + " is a folder: type a file name in it."};
    }
    if (!fs::exists(status)) {
        return {SaveAsCheck::Save, {}};
    }
    if (!current.empty() && fs::equivalent(path, current, ec) && !ec) {
        return {SaveAsCheck::Save, {}}; // the scene's own file, however named
    }
    return {SaveAsCheck::AskOverwrite, path + " already exists. Replace it?"};
}

} // namespace hitlab

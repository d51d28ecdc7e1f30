// The autosave folder, record, clock and store.
#include "autosave.h"

#include "core/io/atomic_file.h"
#include "core/io/scene_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <unistd.h>

namespace hitlab {

namespace fs = std::filesystem;

std::string AutosaveDirectory(const char* xdgStateHome, const char* home)
{
    if (xdgStateHome != nullptr && xdgStateHome[0] == '/') {
        return std::string(xdgStateHome) + "/hitlab/autosave";
    }
    if (home != nullptr && home[0] != '\0') {
        return std::string(home) + "/.local/state/hitlab/autosave";
    }
    return {};
}

std::string AutosaveToText(const AutosaveRecord& record)
{
    nlohmann::ordered_json j;
    j["format"] = kAutosaveFormatName;
    j["version"] = kAutosaveFormatVersion;
    j["source"] = record.source;
    j["changes"] = record.changes;
    j["last_edit"] = record.lastEdit;
    j["saved_at"] = record.savedAt;
    j["scene"] = SceneToJson(record.scene);
    return j.dump(1) + "\n";
}

std::optional<AutosaveRecord> ParseAutosave(const std::string& text, const std::string& file, IoError& error)
{
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        error = {file, "not an autosave (broken JSON)"};
        return std::nullopt;
    }
    if (j.value("format", "") != kAutosaveFormatName || !j.contains("version") || !j["version"].is_number_integer() ||
        j["version"].get<int>() != kAutosaveFormatVersion) {
        error = {file, std::string("not an autosave (format must be \"") + kAutosaveFormatName + "\", version " +
                           std::to_string(kAutosaveFormatVersion) + ")"};
        return std::nullopt;
    }
    // the small fields: the wrong type is an error naming the key
    for (const auto& [key, isRightType] :
         {std::pair{"source", j.contains("source") && j["source"].is_string()},
          std::pair{"changes", j.contains("changes") && j["changes"].is_number_unsigned()},
          std::pair{"last_edit", j.contains("last_edit") && j["last_edit"].is_string()},
          std::pair{"saved_at", j.contains("saved_at") && j["saved_at"].is_number_integer()},
          std::pair{"scene", j.contains("scene") && j["scene"].is_object()}}) {
        if (!isRightType) {
            error = {file + ": " + key, "missing or of the wrong type"};
            return std::nullopt;
        }
    }
    SceneLoad load = ParseScene(j["scene"].dump(), file + ": scene");
    if (!load.Ok()) {
        error = load.error;
        return std::nullopt;
    }
    AutosaveRecord record;
    record.source = j["source"].get<std::string>();
    record.changes = j["changes"].get<std::uint64_t>();
    record.lastEdit = j["last_edit"].get<std::string>();
    record.savedAt = j["saved_at"].get<std::int64_t>();
    record.scene = std::move(*load.scene);
    return record;
}

std::optional<AutosaveRecord> LoadAutosave(const std::string& path, IoError& error)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = {path, std::string("cannot open: ") + std::strerror(errno)};
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return ParseAutosave(text.str(), path, error);
}

AutosaveStep AutosaveClock::Next(double now, std::uint64_t generation, bool dirty)
{
    if (!dirty) {
        // saved, or undone back to the file: the autosave would only repeat the file
        return std::exchange(m_hasFile, false) ? AutosaveStep::Remove : AutosaveStep::None;
    }
    if ((m_hasFile && generation == m_writtenGeneration) || now - m_lastWrite < m_interval) {
        return AutosaveStep::None;
    }
    Written(now, generation);
    return AutosaveStep::Write;
}

void AutosaveClock::Written(double now, std::uint64_t generation)
{
    m_lastWrite = now;
    m_writtenGeneration = generation;
    m_hasFile = true;
}

AutosaveStore::~AutosaveStore()
{
    if (m_lockFd >= 0) {
        ::unlink(m_lockFile.c_str()); // while still held: no other window can take it in between
        ::close(m_lockFd);
    }
}

bool AutosaveStore::Open(const std::string& directory, const std::string& id, std::string& error)
{
    std::error_code ec;
    fs::create_directories(directory, ec);
    if (ec) {
        error = directory + ": cannot create the autosave folder: " + ec.message();
        return false;
    }
    m_directory = directory;
    m_file = directory + "/" + id + ".json";
    m_lockFile = directory + "/" + id + ".lock";
    m_lockFd = ::open(m_lockFile.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (m_lockFd < 0 || ::flock(m_lockFd, LOCK_EX | LOCK_NB) != 0) {
        error = m_lockFile + ": cannot lock: " + std::strerror(errno);
        if (m_lockFd >= 0) {
            ::close(m_lockFd);
            m_lockFd = -1;
        }
        return false;
    }
    return true;
}

IoError AutosaveStore::Write(const AutosaveRecord& record) const
{
    if (!IsOpen()) {
        return {"autosave", "no autosave folder"};
    }
    return WriteFileAtomically(m_file, AutosaveToText(record));
}

void AutosaveStore::Remove() const
{
    if (IsOpen()) {
        ::unlink(m_file.c_str());
    }
}

std::vector<std::string> AutosaveStore::Orphans() const
{
    std::vector<std::pair<fs::file_time_type, std::string>> found;
    std::error_code ec;
    for (fs::directory_iterator it(m_directory, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path path = it->path();
        if (path.extension() != ".json" || path.string() == m_file ||
            path.filename().string().find(".tmp-") != std::string::npos) {
            continue;
        }
        fs::path lock = path;
        lock.replace_extension(".lock");
        const int fd = ::open(lock.c_str(), O_RDWR | O_CLOEXEC);
        if (fd >= 0) {
            const bool held = ::flock(fd, LOCK_EX | LOCK_NB) != 0; // its window still runs
            ::close(fd);                                           // releases the lock if we took it
            if (held) {
                continue;
            }
        }
        std::error_code timeError;
        found.emplace_back(fs::last_write_time(path, timeError), path.string());
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::string> paths;
    for (auto& f : found) {
        paths.push_back(std::move(f.second));
    }
    return paths;
}

void AutosaveStore::RemoveOrphan(const std::string& path)
{
    fs::path lock = path;
    lock.replace_extension(".lock");
    ::unlink(path.c_str());
    ::unlink(lock.c_str());
}

} // namespace hitlab

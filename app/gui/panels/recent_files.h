// File > Recent: the last ten scene files opened or saved, newest first, kept in a text file
// (one path a line) between sessions. GL-free.
#pragma once

#include <string>
#include <vector>

namespace hitlab {

class RecentFiles {
public:
    static constexpr std::size_t kMax = 10;

    /// Reads the list from `file` (a missing file is an empty list); "" keeps it in memory only.
    void Load(std::string file);
    /// Puts `path` first, made absolute and normal (so one file is listed once however it was
    /// named), drops the oldest beyond kMax, and writes the list to the file Load was given.
    void Add(const std::string& path);
    const std::vector<std::string>& Paths() const { return m_paths; }

private:
    std::string m_file;
    std::vector<std::string> m_paths;
};

} // namespace hitlab

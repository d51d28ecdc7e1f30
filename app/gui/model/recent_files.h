// File > Open Recent: the last ten scene files opened or saved, newest first, kept in a text file
// (one path a line, $XDG_CONFIG_HOME/hitlab/recent.txt) between sessions. GL-free.
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
    /// Takes `path` off the list (as Add names it); false when it was not listed.
    bool Remove(const std::string& path);
    /// Takes the files that no longer exist off the list; returns how many.
    std::size_t RemoveMissing();
    const std::vector<std::string>& Paths() const { return m_paths; }

private:
    void Store() const;

    std::string m_file;
    std::vector<std::string> m_paths;
};

} // namespace hitlab

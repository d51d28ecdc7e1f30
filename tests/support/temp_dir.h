// A fresh folder for one test, removed at its end, and whole-file reads and writes: for the tests
// of the code that writes files (atomic saves, scene files, autosave).
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace hitlab::test {

/// A folder of its own under the system's temporary folder (prefix, the process id and a count),
/// made at construction and removed with everything in it at destruction.
class TempDir {
public:
    explicit TempDir(const std::string& prefix)
        : m_path(std::filesystem::temp_directory_path() /
                 (prefix + std::to_string(::getpid()) + "_" + std::to_string(s_count++)))
    {
        std::filesystem::create_directories(m_path);
    }
    ~TempDir() { std::filesystem::remove_all(m_path); }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    /// The path of name in the folder.
    std::string operator/(const std::string& name) const { return (m_path / name).string(); }
    std::string Path() const { return m_path.string(); }
    /// How many entries the folder has.
    size_t Entries() const
    {
        return static_cast<size_t>(std::distance(std::filesystem::directory_iterator(m_path), {}));
    }
    /// The names in the folder, sorted, separated by spaces (a temporary file left behind shows here).
    std::string Names() const
    {
        std::vector<std::string> names;
        for (const auto& e : std::filesystem::directory_iterator(m_path)) {
            names.push_back(e.path().filename().string());
        }
        std::sort(names.begin(), names.end());
        std::string all;
        for (const std::string& n : names) {
            all += (all.empty() ? "" : " ") + n;
        }
        return all;
    }

private:
    std::filesystem::path m_path;
    static inline int s_count = 0;
};

/// Writes text as the whole file at path (binary: no newline translation).
inline void WriteText(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

/// The whole file at path; empty when it cannot be read.
inline std::string ReadText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace hitlab::test

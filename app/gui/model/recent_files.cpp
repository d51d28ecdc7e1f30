// The recent files' list and its file.
#include "recent_files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace hitlab {

namespace {

std::string Normal(const std::string& path)
{
    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(path, ec).lexically_normal().string();
    return ec ? path : absolute;
}

} // namespace

void RecentFiles::Load(std::string file)
{
    m_file = std::move(file);
    m_paths.clear();
    if (m_file.empty()) {
        return;
    }
    std::ifstream in(m_file);
    for (std::string line; std::getline(in, line) && m_paths.size() < kMax;) {
        if (!line.empty()) {
            m_paths.push_back(line);
        }
    }
}

void RecentFiles::Add(const std::string& path)
{
    const std::string entry = Normal(path);
    std::erase(m_paths, entry);
    m_paths.insert(m_paths.begin(), entry);
    if (m_paths.size() > kMax) {
        m_paths.resize(kMax);
    }
    Store();
}

bool RecentFiles::Remove(const std::string& path)
{
    if (std::erase(m_paths, Normal(path)) == 0) {
        return false;
    }
    Store();
    return true;
}

std::size_t RecentFiles::RemoveMissing()
{
    const std::size_t removed = std::erase_if(m_paths, [](const std::string& p) {
        std::error_code ec;
        return !std::filesystem::exists(p, ec);
    });
    if (removed > 0) {
        Store();
    }
    return removed;
}

void RecentFiles::Store() const
{
    if (!m_file.empty()) {
        std::ofstream out(m_file);
        for (const std::string& p : m_paths) {
            out << p << '\n';
        }
    }
}

} // namespace hitlab

// The STL reader (mesh_file.h): binary when the size matches the header's triangle count, else
// ascii; vertices merged when bit-identical.
#include "mesh_file_detail.h"

#include <bit>
#include <cstring>
#include <vector>

namespace hitlab::mesh_io {

namespace {

/// Merges float vertices whose bits are equal (open addressing on the 96 bits), in first-seen
/// order, into parts.vertices.
class StlVertexMerger {
public:
    explicit StlVertexMerger(std::size_t expected)
    {
        std::size_t capacity = 64;
        while (capacity < expected * 2) {
            capacity *= 2;
        }
        m_slots.assign(capacity, kEmpty);
        m_keys.reserve(expected);
    }

    /// The index of the vertex (x, y, z), added when new; false with the error for a NaN or
    /// infinite coordinate.
    bool Index(const float (&xyz)[3], Where where, MeshParts& parts, std::uint32_t& index)
    {
        Key key{std::bit_cast<std::uint32_t>(xyz[0]), std::bit_cast<std::uint32_t>(xyz[1]),
                std::bit_cast<std::uint32_t>(xyz[2])};
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t slot = Hash(key) & mask;; slot = (slot + 1) & mask) {
            if (m_slots[slot] == kEmpty) {
                if (!AddVertex(parts, glm::dvec3(xyz[0], xyz[1], xyz[2]), where)) {
                    return false;
                }
                index = std::uint32_t(m_keys.size());
                m_slots[slot] = index;
                m_keys.push_back(key);
                if (m_keys.size() * 2 > m_slots.size()) {
                    Grow();
                }
                return true;
            }
            if (m_keys[m_slots[slot]] == key) {
                index = m_slots[slot];
                return true;
            }
        }
    }

private:
    struct Key {
        std::uint32_t x, y, z;
        friend bool operator==(const Key&, const Key&) = default;
    };
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;

    static std::size_t Hash(const Key& key)
    {
        std::uint64_t h = (std::uint64_t(key.x) * 0x9E3779B97F4A7C15ull) ^
                          (std::uint64_t(key.y) * 0xC2B2AE3D27D4EB4Full) ^
                          (std::uint64_t(key.z) * 0x165667B19E3779F9ull);
        return std::size_t(h ^ (h >> 29));
    }

    void Grow()
    {
        std::vector<Key> keys = std::move(m_keys);
        m_slots.assign(m_slots.size() * 2, kEmpty);
        const std::size_t mask = m_slots.size() - 1;
        for (std::uint32_t i = 0; i < keys.size(); ++i) {
            const Key& key = keys[i];
            std::size_t slot = Hash(key) & mask;
            while (m_slots[slot] != kEmpty) {
                slot = (slot + 1) & mask;
            }
            m_slots[slot] = i;
        }
        m_keys = std::move(keys);
    }

    std::vector<std::uint32_t> m_slots;
    std::vector<Key> m_keys;
};

/// Whether the bytes are a binary STL: 80-byte header, a count, 50 bytes per triangle, exactly.
bool StlIsBinary(std::string_view bytes)
{
    if (bytes.size() < 84) {
        return false;
    }
    std::uint32_t count = 0;
    std::memcpy(&count, bytes.data() + 80, 4);
    return bytes.size() == 84 + 50 * std::uint64_t(count);
}

void StlReadBinary(std::string_view bytes, MeshParts& parts)
{
    static_assert(std::endian::native == std::endian::little, "the binary STL reader reads little-endian floats");
    const std::size_t count = (bytes.size() - 84) / 50;
    if (count > kMaxMeshTriangles) {
        parts.Fail(AtByte(80),
                   "more than " + std::to_string(kMaxMeshTriangles) + " triangles (the most a mesh may have)");
        return;
    }
    StlVertexMerger merger(count / 2 + 3);
    parts.triangles.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t at = 84 + 50 * i + 12; // past the facet normal
        std::array<std::uint32_t, 3> triangle;
        for (int k = 0; k < 3; ++k) {
            float xyz[3];
            std::memcpy(xyz, bytes.data() + at + 12 * std::size_t(k), 12);
            if (!merger.Index(xyz, AtByte(at + 12 * std::size_t(k)), parts, triangle[std::size_t(k)])) {
                return;
            }
        }
        parts.triangles.push_back(triangle);
    }
}

/// One ascii `vertex x y z` line's coordinates, after the keyword.
bool StlAsciiVertex(std::string_view text, std::size_t pos, std::size_t line, MeshParts& parts, float (&xyz)[3])
{
    for (int axis = 0; axis < 3; ++axis) {
        const std::string_view token = NextToken(text, pos);
        double value = 0;
        if (!ParseDouble(token, value)) {
            parts.Fail(AtLine(line), token.empty() ? "a vertex needs 3 coordinates"
                                                   : "coordinate '" + std::string(token) + "' is not a number");
            return false;
        }
        xyz[axis] = float(value); // STL stores floats: the ascii form rounds to them as well
    }
    return true;
}

void StlReadAscii(std::string_view bytes, MeshParts& parts)
{
    StlVertexMerger merger(bytes.size() / 200 + 3);
    std::array<std::uint32_t, 3> facet{};
    int corners = 0;
    std::size_t line = 0, facetLine = 0;
    bool sawSolid = false;
    for (std::size_t start = 0; start < bytes.size() && !parts.Failed();) {
        std::size_t end = bytes.find('\n', start);
        end = end == std::string_view::npos ? bytes.size() : end;
        const std::string_view text = bytes.substr(start, end - start);
        start = end + 1;
        ++line;
        std::size_t pos = 0;
        const std::string_view keyword = NextToken(text, pos);
        if (!sawSolid && !keyword.empty()) {
            sawSolid = keyword == "solid";
            if (!sawSolid) {
                parts.Fail(AtLine(line), "not an STL file (neither binary nor starting with 'solid')");
            }
        } else if (keyword == "facet") {
            corners = 0;
            facetLine = line;
        } else if (keyword == "vertex") {
            float xyz[3];
            if (corners == 3) {
                parts.Fail(AtLine(line), "a facet with more than 3 vertices");
            } else if (StlAsciiVertex(text, pos, line, parts, xyz)) {
                merger.Index(xyz, AtLine(line), parts, facet[std::size_t(corners++)]);
            }
        } else if (keyword == "endfacet") {
            if (corners != 3) {
                parts.Fail(AtLine(facetLine), "a facet with " + std::to_string(corners) + " vertices (needs 3)");
            } else {
                AddPolygon(parts, facet.data(), 3, AtLine(facetLine));
            }
            corners = 0;
        }
    }
    if (!parts.Failed() && !sawSolid) {
        parts.Fail(AtLine(1), "not an STL file (empty)");
    }
}

} // namespace

void ReadStl(std::string_view bytes, MeshParts& parts)
{
    if (StlIsBinary(bytes)) {
        StlReadBinary(bytes, parts);
    } else if (!bytes.empty() && bytes.size() < 84 && !bytes.starts_with("solid")) {
        parts.Fail(AtByte(bytes.size()),
                   "truncated binary STL: " + std::to_string(bytes.size()) + " bytes, the header alone has 84");
    } else if (bytes.size() >= 84 && !bytes.starts_with("solid")) {
        std::uint32_t count = 0;
        std::memcpy(&count, bytes.data() + 80, 4);
        parts.Fail(AtByte(bytes.size()), "truncated binary STL: the header counts " + std::to_string(count) +
                                             " triangles, " + std::to_string(84 + 50 * std::uint64_t(count)) +
                                             " bytes, the file has " + std::to_string(bytes.size()));
    } else {
        StlReadAscii(bytes, parts);
    }
}

} // namespace hitlab::mesh_io

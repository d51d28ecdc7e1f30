// The PLY reader (mesh_file.h): the header's elements and properties, then the body in ascii or
// binary of either byte order; x, y, z of `vertex` and the index lists of `face` kept.
#include "mesh_file_detail.h"

#include <cmath>
#include <cstring>
#include <iomanip>
#include <sstream>
#include <vector>

namespace hitlab::mesh_io {

namespace {

enum class PlyType { I8, U8, I16, U16, I32, U32, F32, F64 };

struct PlyProperty {
    std::string name;
    PlyType type = PlyType::F32;
    bool list = false;
    PlyType countType = PlyType::U8;
};

struct PlyElement {
    std::string name;
    std::size_t count = 0;
    std::vector<PlyProperty> properties;
    int x = -1, y = -1, z = -1, indices = -1; ///< the properties kept (-1: absent)
};

enum class PlyFormat { Ascii, Little, Big };

struct PlyHeader {
    PlyFormat format = PlyFormat::Ascii;
    std::vector<PlyElement> elements;
    std::size_t bodyStart = 0; ///< byte offset just past "end_header\n"
    std::size_t bodyLine = 0;  ///< line number of the body's first line
};

bool PlyTypeOf(std::string_view name, PlyType& type)
{
    static constexpr std::pair<std::string_view, PlyType> kNames[] = {
        {"char", PlyType::I8},   {"int8", PlyType::I8},     {"uchar", PlyType::U8},   {"uint8", PlyType::U8},
        {"short", PlyType::I16}, {"int16", PlyType::I16},   {"ushort", PlyType::U16}, {"uint16", PlyType::U16},
        {"int", PlyType::I32},   {"int32", PlyType::I32},   {"uint", PlyType::U32},   {"uint32", PlyType::U32},
        {"float", PlyType::F32}, {"float32", PlyType::F32}, {"double", PlyType::F64}, {"float64", PlyType::F64}};
    for (const auto& [n, t] : kNames) {
        if (n == name) {
            type = t;
            return true;
        }
    }
    return false;
}

bool PlyIsInteger(PlyType type) { return type != PlyType::F32 && type != PlyType::F64; }

std::size_t PlySize(PlyType type)
{
    switch (type) {
    case PlyType::I8:
    case PlyType::U8:
        return 1;
    case PlyType::I16:
    case PlyType::U16:
        return 2;
    case PlyType::I32:
    case PlyType::U32:
    case PlyType::F32:
        return 4;
    case PlyType::F64:
        return 8;
    }
    return 0;
}

/// A `property` line's words after "property": "float x" or "list uchar int vertex_indices".
bool PlyReadProperty(std::string_view text, std::size_t pos, std::size_t line, PlyElement& element, MeshParts& parts)
{
    PlyProperty p;
    std::string_view word = NextToken(text, pos);
    if (word == "list") {
        p.list = true;
        const std::string_view count = NextToken(text, pos);
        if (!PlyTypeOf(count, p.countType) || !PlyIsInteger(p.countType)) {
            parts.Fail(AtLine(line), "list count type '" + std::string(count) + "' is not an integer type");
            return false;
        }
        word = NextToken(text, pos);
    }
    if (!PlyTypeOf(word, p.type)) {
        parts.Fail(AtLine(line), "unknown property type '" + std::string(word) + "'");
        return false;
    }
    p.name = std::string(NextToken(text, pos));
    const int index = int(element.properties.size());
    if (element.name == "vertex" && !p.list) {
        element.x = p.name == "x" ? index : element.x;
        element.y = p.name == "y" ? index : element.y;
        element.z = p.name == "z" ? index : element.z;
    }
    if (element.name == "face" && p.list && (p.name == "vertex_indices" || p.name == "vertex_index")) {
        if (!PlyIsInteger(p.type)) {
            parts.Fail(AtLine(line), "face " + p.name + " must be of an integer type, got '" + std::string(word) + "'");
            return false;
        }
        element.indices = index;
    }
    element.properties.push_back(std::move(p));
    return true;
}

/// An `element` line's words after "element": the name and count.
bool PlyReadElement(std::string_view text, std::size_t pos, std::size_t line, PlyHeader& header, MeshParts& parts)
{
    PlyElement element;
    element.name = std::string(NextToken(text, pos));
    long long count = 0;
    const std::string_view word = NextToken(text, pos);
    if (element.name.empty() || !ParseInteger(word, count) || count < 0) {
        parts.Fail(AtLine(line), "expected 'element NAME COUNT', got '" + std::string(text) + "'");
        return false;
    }
    if (element.name == "face" && (unsigned long long)count > kMaxMeshTriangles) {
        parts.Fail(AtLine(line),
                   "more than " + std::to_string(kMaxMeshTriangles) + " triangles (the most a mesh may have)");
        return false;
    }
    element.count = std::size_t(count);
    header.elements.push_back(std::move(element));
    return true;
}

/// The header's checks once it is read: the vertex and face elements have what is kept.
bool PlyCheckHeader(const PlyHeader& header, std::size_t line, MeshParts& parts)
{
    for (const PlyElement& e : header.elements) {
        if (e.name == "vertex" && (e.x < 0 || e.y < 0 || e.z < 0)) {
            parts.Fail(AtLine(line), "element vertex lacks a property x, y or z");
            return false;
        }
        if (e.name == "face" && e.indices < 0) {
            parts.Fail(AtLine(line), "element face lacks a list property vertex_indices");
            return false;
        }
    }
    return true;
}

/// One header line: format, element, property, comment, obj_info.
bool PlyHeaderLine(std::string_view text, std::size_t line, PlyHeader& header, MeshParts& parts)
{
    std::size_t pos = 0;
    const std::string_view keyword = NextToken(text, pos);
    if (keyword == "format") {
        const std::string_view format = NextToken(text, pos), version = NextToken(text, pos);
        header.format = format == "ascii"               ? PlyFormat::Ascii
                        : format == "binary_big_endian" ? PlyFormat::Big
                                                        : PlyFormat::Little;
        if ((format != "ascii" && format != "binary_little_endian" && format != "binary_big_endian") ||
            version != "1.0") {
            parts.Fail(AtLine(line), "unknown PLY format '" + std::string(text) + "'");
            return false;
        }
        return true;
    }
    if (keyword == "element") {
        return PlyReadElement(text, pos, line, header, parts);
    }
    if (keyword == "property") {
        if (header.elements.empty()) {
            parts.Fail(AtLine(line), "a property before any element");
            return false;
        }
        return PlyReadProperty(text, pos, line, header.elements.back(), parts);
    }
    if (keyword != "comment" && keyword != "obj_info" && !keyword.empty()) {
        parts.Fail(AtLine(line), "unknown header line '" + std::string(text) + "'");
        return false;
    }
    return true;
}

bool PlyReadHeader(std::string_view bytes, PlyHeader& header, MeshParts& parts)
{
    std::size_t line = 0, start = 0;
    bool sawFormat = false;
    while (start < bytes.size()) {
        std::size_t end = bytes.find('\n', start);
        if (end == std::string_view::npos) {
            break;
        }
        std::string_view text = bytes.substr(start, end - start);
        text = !text.empty() && text.back() == '\r' ? text.substr(0, text.size() - 1) : text;
        start = end + 1;
        ++line;
        if (line == 1) {
            if (text != "ply") {
                parts.Fail(AtLine(1), "not a PLY file (the first line must be 'ply')");
                return false;
            }
            continue;
        }
        if (text == "end_header") {
            header.bodyStart = start;
            header.bodyLine = line + 1;
            if (!sawFormat) {
                parts.Fail(AtLine(line), "the header has no format line");
                return false;
            }
            return PlyCheckHeader(header, line, parts);
        }
        sawFormat = sawFormat || text.starts_with("format");
        if (!PlyHeaderLine(text, line, header, parts)) {
            return false;
        }
    }
    parts.Fail(AtLine(line + 1), line == 0 ? "not a PLY file (empty)" : "the header has no end_header line");
    return false;
}

/// Reads binary values of one byte order, bounds-checked.
template <bool kBig>
struct PlyBinarySource {
    std::string_view bytes;
    std::size_t offset = 0;
    MeshParts* parts = nullptr;

    Where At() { return AtByte(offset); }

    template <typename U>
    U Load()
    {
        U value;
        std::memcpy(&value, bytes.data() + offset, sizeof(U));
        if constexpr (kBig) {
            unsigned char b[sizeof(U)];
            std::memcpy(b, &value, sizeof(U));
            for (std::size_t i = 0; i < sizeof(U) / 2; ++i) {
                std::swap(b[i], b[sizeof(U) - 1 - i]);
            }
            std::memcpy(&value, b, sizeof(U));
        }
        offset += sizeof(U);
        return value;
    }

    bool Value(PlyType type, const char* what, double& out)
    {
        if (bytes.size() - offset < PlySize(type)) {
            parts->Fail(At(), std::string("truncated: the file ends inside ") + what);
            return false;
        }
        switch (type) {
        case PlyType::I8:
            out = Load<std::int8_t>();
            break;
        case PlyType::U8:
            out = Load<std::uint8_t>();
            break;
        case PlyType::I16:
            out = Load<std::int16_t>();
            break;
        case PlyType::U16:
            out = Load<std::uint16_t>();
            break;
        case PlyType::I32:
            out = Load<std::int32_t>();
            break;
        case PlyType::U32:
            out = Load<std::uint32_t>();
            break;
        case PlyType::F32:
            out = Load<float>();
            break;
        case PlyType::F64:
            out = Load<double>();
            break;
        }
        return true;
    }
};

bool PlySpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/// Reads ascii values, whitespace-separated across lines, counting lines.
struct PlyAsciiSource {
    std::string_view bytes;
    std::size_t offset = 0;
    std::size_t line = 1;
    MeshParts* parts = nullptr;
    std::size_t lastLine = 0; ///< the line of the last token read (where the file ends, for messages)

    /// The line of the next token (whitespace before it skipped), or of the last one at the end.
    Where At()
    {
        while (offset < bytes.size() && PlySpace(bytes[offset])) {
            line += bytes[offset] == '\n' ? 1 : 0;
            ++offset;
        }
        return AtLine(offset < bytes.size() || lastLine == 0 ? line : lastLine);
    }

    bool Value(PlyType type, const char* what, double& out)
    {
        const Where at = At();
        const std::size_t start = offset;
        while (offset < bytes.size() && !PlySpace(bytes[offset])) {
            ++offset;
        }
        const std::string_view token = bytes.substr(start, offset - start);
        lastLine = token.empty() ? lastLine : line;
        if (token.empty()) {
            parts->Fail(at, std::string("the file ends inside ") + what);
            return false;
        }
        if (!ParseDouble(token, out) || (PlyIsInteger(type) && out != std::floor(out))) {
            parts->Fail(at, std::string(what) + " '" + std::string(token) + "' is not " +
                                (PlyIsInteger(type) ? "an integer" : "a number"));
            return false;
        }
        return true;
    }
};

/// A value read as a double (an integer when it is one) for a message.
std::string PlyNumberText(double value)
{
    std::ostringstream out;
    out << std::setprecision(17) << value;
    return out.str();
}

/// The largest index a face named, and where, for the range check once every element is read.
struct PlyForward {
    double index = -1;
    Where where;
};

/// One element instance's properties: the vertex's x, y, z into v, a face's indices into
/// corners (checked: not negative, below 2^32 - 1), everything else read past.
template <typename Source>
bool PlyReadInstance(Source& src, const PlyElement& e, glm::dvec3& v, std::vector<std::uint32_t>& corners,
                     PlyForward& forward, MeshParts& parts)
{
    const char* what = e.name == "vertex" ? "a vertex" : e.name == "face" ? "a face" : "an element";
    for (int p = 0; p < int(e.properties.size()); ++p) {
        const PlyProperty& prop = e.properties[std::size_t(p)];
        double value = 0;
        if (!prop.list) {
            if (!src.Value(prop.type, what, value)) {
                return false;
            }
            if (p == e.x) {
                v.x = value;
            } else if (p == e.y) {
                v.y = value;
            } else if (p == e.z) {
                v.z = value;
            }
            continue;
        }
        double count = 0;
        if (!src.Value(prop.countType, what, count)) {
            return false;
        }
        if (count < 0) {
            parts.Fail(src.At(), "negative list count " + PlyNumberText(count));
            return false;
        }
        for (std::size_t i = 0; i < std::size_t(count); ++i) {
            const Where at = src.At();
            if (!src.Value(prop.type, "a face's vertex index", value)) {
                return false;
            }
            if (p != e.indices) {
                continue;
            }
            if (value < 0 || value > 4294967294.0) {
                parts.Fail(at, "vertex index " + PlyNumberText(value) + " is out of range");
                return false;
            }
            forward = value > forward.index ? PlyForward{value, at} : forward;
            corners.push_back(std::uint32_t(value));
        }
    }
    return true;
}

/// Every element of the body, in the header's order.
template <typename Source>
void PlyReadBody(Source& src, const PlyHeader& header, MeshParts& parts)
{
    std::vector<std::uint32_t> corners;
    PlyForward forward;
    for (const PlyElement& e : header.elements) {
        if (e.name == "vertex") {
            parts.vertices.reserve(std::min(e.count, src.bytes.size() / 3));
        }
        for (std::size_t i = 0; i < e.count; ++i) {
            glm::dvec3 v{0};
            corners.clear();
            const Where at = src.At();
            if (!PlyReadInstance(src, e, v, corners, forward, parts)) {
                return;
            }
            if (e.name == "vertex" && !AddVertex(parts, v, at)) {
                return;
            }
            if (e.name == "face" && !AddPolygon(parts, corners.data(), corners.size(), at)) {
                return;
            }
        }
    }
    if (forward.index >= double(parts.vertices.size())) {
        parts.Fail(forward.where, "vertex index " + PlyNumberText(forward.index) + " is out of range (the file has " +
                                      VertexCountText(parts.vertices.size()) + ")");
    }
}

} // namespace

void ReadPly(std::string_view bytes, MeshParts& parts)
{
    PlyHeader header;
    if (!PlyReadHeader(bytes, header, parts)) {
        return;
    }
    switch (header.format) {
    case PlyFormat::Ascii: {
        PlyAsciiSource src{bytes, header.bodyStart, header.bodyLine, &parts};
        PlyReadBody(src, header, parts);
        break;
    }
    case PlyFormat::Little: {
        PlyBinarySource<false> src{bytes, header.bodyStart, &parts};
        PlyReadBody(src, header, parts);
        break;
    }
    case PlyFormat::Big: {
        PlyBinarySource<true> src{bytes, header.bodyStart, &parts};
        PlyReadBody(src, header, parts);
        break;
    }
    }
}

} // namespace hitlab::mesh_io

// Results of the algorithms: one plain struct per kind of query (ray cast or overlap),
// and a precision-independent Result that the registry, the CLI and the panels read.
#pragma once

#include "shapes.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace hitlab {

/// Result of a ray or segment cast. t is in units of the given direction (for a segment, of end - start).
template <typename T>
struct CastResult {
    bool hit = false;
    T tEnter = 0;           ///< smallest t inside the solid (0 when the origin is inside), valid when hit
    T tExit = 0;            ///< largest t inside the solid, valid when hit
    Vec3<T> point{0};       ///< origin + tEnter * direction, valid when hit
    Vec3<T> normal{0};      ///< unit outward normal of the face entered, valid when hasNormal
    bool hasNormal = false; ///< false on a miss, when the origin is inside, or when not computed
    // triangles and meshes (docs/protocol.md): valid when hit and the flag is set
    T u = 0, v = 0;             ///< barycentric: point = (1 - u - v) v0 + u v1 + v v2 of the triangle hit
    bool hasUv = false;         ///< u and v computed
    bool hasFront = false;      ///< front computed (false as well for a ray in the triangle's plane)
    bool front = false;         ///< the ray arrives on the side the winding normal faces
    bool hasTriangle = false;   ///< triangle computed (ray_mesh)
    std::uint32_t triangle = 0; ///< index of the mesh's triangle hit at tEnter
};

/// Result of an overlap test between two solids a and b.
template <typename T>
struct OverlapResult {
    bool hit = false;
    T depth = 0;               ///< penetration depth (0 when touching), valid when hit
    Vec3<T> normal{0};         ///< unit vector along which b moves out of a by depth, valid when hit
    Vec3<T> contact{0};        ///< a point of the overlap, valid when hit
    Vec3<T> separatingAxis{0}; ///< valid when hasSeparatingAxis (not necessarily unit)
    bool hasSeparatingAxis = false;
    /// Separated or touching solids (docs/protocol.md): the Euclidean distance between them (0 when
    /// they touch) and a pair of points realising it, closestA on a and closestB on b; valid when
    /// hasDistance.
    T distance = 0;
    Vec3<T> closestA{0}, closestB{0};
    bool hasDistance = false;
};

/// An overlap computed in double, rounded to T field by field (an algorithm that works in double
/// whatever the precision it is run in).
template <typename T>
OverlapResult<T> NarrowOverlap(const OverlapResult<double>& d)
{
    OverlapResult<T> r;
    r.hit = d.hit;
    r.depth = T(d.depth);
    r.normal = Vec3<T>(d.normal);
    r.contact = Vec3<T>(d.contact);
    r.separatingAxis = Vec3<T>(d.separatingAxis);
    r.hasSeparatingAxis = d.hasSeparatingAxis;
    r.distance = T(d.distance);
    r.closestA = Vec3<T>(d.closestA);
    r.closestB = Vec3<T>(d.closestB);
    r.hasDistance = d.hasDistance;
    return r;
}

/// The result fields an algorithm fills (AlgorithmInfo::returns), as bits.
enum Field : std::uint32_t {
    kFieldHit = 1u << 0,
    kFieldTEnter = 1u << 1,
    kFieldTExit = 1u << 2,
    kFieldPoint = 1u << 3,
    kFieldNormal = 1u << 4,
    kFieldDepth = 1u << 5,
    kFieldContact = 1u << 6,
    kFieldSeparatingAxis = 1u << 7,
    kFieldU = 1u << 8,
    kFieldV = 1u << 9,
    kFieldFront = 1u << 10,
    kFieldTriangle = 1u << 11,
    kFieldDistance = 1u << 12,
    kFieldClosestA = 1u << 13,
    kFieldClosestB = 1u << 14,
};
/// The last field bit (loops over every field run up to it).
constexpr std::uint32_t kFieldLast = kFieldClosestB;
/// What a triangle cast fills (ray_triangle, segment_triangle), and a mesh cast.
constexpr std::uint32_t kTriangleCastFields = kFieldU | kFieldV | kFieldFront;
constexpr std::uint32_t kMeshCastFields = kTriangleCastFields | kFieldTriangle;
constexpr std::uint32_t kCastFields = kFieldHit | kFieldTEnter | kFieldTExit | kFieldPoint | kFieldNormal;
constexpr std::uint32_t kOverlapFields = kFieldHit | kFieldDepth | kFieldNormal | kFieldContact;
/// What an overlap's distance query fills (separated or touching solids).
constexpr std::uint32_t kDistanceFields = kFieldDistance | kFieldClosestA | kFieldClosestB;

/// Any algorithm's result, widened to double (exactly: every float is a double).
/// Which fields mean something: the algorithm's `returns` mask, and hit / hasNormal / hasSeparatingAxis.
struct Result {
    bool hit = false;
    double tEnter = 0, tExit = 0;
    glm::dvec3 point{0};
    glm::dvec3 normal{0};
    bool hasNormal = false;
    double depth = 0;
    glm::dvec3 contact{0};
    glm::dvec3 separatingAxis{0};
    bool hasSeparatingAxis = false;
    double u = 0, v = 0;
    bool hasUv = false;
    bool hasFront = false;
    bool front = false;
    bool hasTriangle = false;
    std::uint32_t triangle = 0;
    double distance = 0;
    glm::dvec3 closestA{0}, closestB{0};
    bool hasDistance = false;
};

/// Writes r widened into out, every field of out (those r does not have are zeroed): the same
/// bits as `out = Widen(r)`, without a temporary Result to copy.
template <typename T>
void WidenInto(const CastResult<T>& r, Result& out)
{
    out = Result{};
    out.hit = r.hit;
    out.tEnter = r.tEnter;
    out.tExit = r.tExit;
    out.point = glm::dvec3(r.point);
    out.normal = glm::dvec3(r.normal);
    out.hasNormal = r.hasNormal;
    out.u = r.u;
    out.v = r.v;
    out.hasUv = r.hasUv;
    out.hasFront = r.hasFront;
    out.front = r.front;
    out.hasTriangle = r.hasTriangle;
    out.triangle = r.triangle;
}

template <typename T>
void WidenInto(const OverlapResult<T>& r, Result& out)
{
    out = Result{};
    out.hit = r.hit;
    out.depth = r.depth;
    out.normal = glm::dvec3(r.normal);
    out.hasNormal = r.hit;
    out.contact = glm::dvec3(r.contact);
    out.separatingAxis = glm::dvec3(r.separatingAxis);
    out.hasSeparatingAxis = r.hasSeparatingAxis;
    out.distance = r.distance;
    out.closestA = glm::dvec3(r.closestA);
    out.closestB = glm::dvec3(r.closestB);
    out.hasDistance = r.hasDistance;
}

/// An algorithm's result as a batch stores it: its CastResult or OverlapResult in the algorithm's
/// precision, packed into values and flags without padding, so that two results are the same bit
/// for bit exactly when their bytes are (std::memcmp), and a float result takes 72 bytes where
/// Result takes 216. Widen(Pack(r)) is bit for bit Widen(r).
template <typename T>
struct PackedResult {
    /// casts: t_enter, t_exit, point, normal, u, v (the rest 0); overlaps: depth, normal, contact,
    /// separating axis, distance, closest_a, closest_b
    T values[17]; // a plain array: the AVX2 copy of slab writes it without instantiating std::array (ODR)
    /// kPackedHit | kPackedNormal | kPackedSeparatingAxis | kPackedOverlap | the triangle bits, and
    /// a cast's triangle index in the bits from kPackedTriangleShift up; as wide as T, so that the
    /// struct has no padding
    std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t> flags;
};
static_assert(sizeof(PackedResult<float>) == 72 && sizeof(PackedResult<double>) == 144);

inline constexpr std::uint32_t kPackedHit = 1u << 0;
inline constexpr std::uint32_t kPackedNormal = 1u << 1;         ///< casts: hasNormal
inline constexpr std::uint32_t kPackedSeparatingAxis = 1u << 2; ///< overlaps: hasSeparatingAxis
inline constexpr std::uint32_t kPackedOverlap = 1u << 3;        ///< an OverlapResult (else a CastResult)
inline constexpr std::uint32_t kPackedUv = 1u << 4;             ///< casts: hasUv
inline constexpr std::uint32_t kPackedHasFront = 1u << 5;       ///< casts: hasFront
inline constexpr std::uint32_t kPackedFront = 1u << 6;          ///< casts: front
inline constexpr std::uint32_t kPackedTriangle = 1u << 7;       ///< casts: hasTriangle
inline constexpr std::uint32_t kPackedDistance = 1u << 4;       ///< overlaps: hasDistance (casts use bit 4 as hasUv)
inline constexpr int kPackedTriangleShift = 8; ///< casts: the triangle index (24 bits, kMaxMeshTriangles)

template <typename T>
PackedResult<T> Pack(const CastResult<T>& r)
{
    return {{r.tEnter, r.tExit, r.point.x, r.point.y, r.point.z, r.normal.x, r.normal.y, r.normal.z, r.u, r.v, 0, 0, 0,
             0, 0, 0, 0},
            (r.hit ? kPackedHit : 0u) | (r.hasNormal ? kPackedNormal : 0u) | (r.hasUv ? kPackedUv : 0u) |
                (r.hasFront ? kPackedHasFront : 0u) | (r.front ? kPackedFront : 0u) |
                (r.hasTriangle ? kPackedTriangle | ((r.triangle & 0xFFFFFFu) << kPackedTriangleShift) : 0u)};
}

template <typename T>
PackedResult<T> Pack(const OverlapResult<T>& r)
{
    return {{r.depth, r.normal.x, r.normal.y, r.normal.z, r.contact.x, r.contact.y, r.contact.z, r.separatingAxis.x,
             r.separatingAxis.y, r.separatingAxis.z, r.distance, r.closestA.x, r.closestA.y, r.closestA.z, r.closestB.x,
             r.closestB.y, r.closestB.z},
            kPackedOverlap | (r.hit ? kPackedHit : 0u) | (r.hasSeparatingAxis ? kPackedSeparatingAxis : 0u) |
                (r.hasDistance ? kPackedDistance : 0u)};
}

/// The packed result widened to double: the same bits as Widen of the result it packs.
template <typename T>
Result Widen(const PackedResult<T>& p)
{
    const T* v = p.values;
    if ((p.flags & kPackedOverlap) != 0) {
        OverlapResult<T> r;
        r.hit = (p.flags & kPackedHit) != 0;
        r.depth = v[0];
        r.normal = {v[1], v[2], v[3]};
        r.contact = {v[4], v[5], v[6]};
        r.separatingAxis = {v[7], v[8], v[9]};
        r.hasSeparatingAxis = (p.flags & kPackedSeparatingAxis) != 0;
        r.distance = v[10];
        r.closestA = {v[11], v[12], v[13]};
        r.closestB = {v[14], v[15], v[16]};
        r.hasDistance = (p.flags & kPackedDistance) != 0;
        Result out;
        WidenInto(r, out);
        return out;
    }
    CastResult<T> r;
    r.hit = (p.flags & kPackedHit) != 0;
    r.tEnter = v[0];
    r.tExit = v[1];
    r.point = {v[2], v[3], v[4]};
    r.normal = {v[5], v[6], v[7]};
    r.hasNormal = (p.flags & kPackedNormal) != 0;
    r.u = v[8];
    r.v = v[9];
    r.hasUv = (p.flags & kPackedUv) != 0;
    r.hasFront = (p.flags & kPackedHasFront) != 0;
    r.front = (p.flags & kPackedFront) != 0;
    r.hasTriangle = (p.flags & kPackedTriangle) != 0;
    r.triangle = r.hasTriangle ? static_cast<std::uint32_t>((p.flags >> kPackedTriangleShift) & 0xFFFFFFu) : 0u;
    Result out;
    WidenInto(r, out);
    return out;
}

/// A packed result in either precision, as the precision it was computed in left it: a float
/// result keeps its 72 bytes (the 216 of a Result are written only when it is read, Widen). The
/// bytes are 4-aligned, so that a float result fits in one cache line with the few fields the
/// scene evaluation keeps beside it (QueryEvaluation).
struct AnyPackedResult {
    bool isDouble = false;
    alignas(4) unsigned char bytes[sizeof(PackedResult<double>)] = {};

    void Set(const PackedResult<float>& r)
    {
        std::memcpy(bytes, &r, sizeof(r));
        isDouble = false;
    }
    void Set(const PackedResult<double>& r)
    {
        std::memcpy(bytes, &r, sizeof(r));
        isDouble = true;
    }
    /// Whether it holds r, bit for bit, in r's precision.
    template <typename T>
    bool Holds(const PackedResult<T>& r) const
    {
        return isDouble == (sizeof(T) == 8) && std::memcmp(bytes, &r, sizeof(r)) == 0;
    }
    /// The result in its precision: AsFloat when !isDouble, AsDouble when isDouble.
    PackedResult<float> AsFloat() const
    {
        PackedResult<float> r;
        std::memcpy(&r, bytes, sizeof(r));
        return r;
    }
    PackedResult<double> AsDouble() const
    {
        PackedResult<double> r;
        std::memcpy(&r, bytes, sizeof(r));
        return r;
    }
    /// The hit flag, without widening.
    bool Hit() const { return ((isDouble ? AsDouble().flags : std::uint64_t(AsFloat().flags)) & kPackedHit) != 0; }
};
static_assert(sizeof(AnyPackedResult) == 148 && alignof(AnyPackedResult) == 4);

template <typename T>
Result Widen(const CastResult<T>& r)
{
    Result out;
    WidenInto(r, out);
    return out;
}

template <typename T>
Result Widen(const OverlapResult<T>& r)
{
    Result out;
    WidenInto(r, out);
    return out;
}

inline Result Widen(const AnyPackedResult& r) { return r.isDouble ? Widen(r.AsDouble()) : Widen(r.AsFloat()); }

} // namespace hitlab

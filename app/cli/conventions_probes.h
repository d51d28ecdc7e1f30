// The probes of `hitlab conventions` (docs/conventions.md): one concrete, hand-checkable query per
// situation where engines disagree (an origin inside, on a face, on an edge; a grazing corner; a ray
// in a face plane; zero and -0 direction components; t limits; a back face; touching solids; far
// from the origin in float), with the facts about it that conventions speak of, set by hand.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace hitlab {

/// Facts about a probe that declared conventions refer to (checked by hand, see each probe's note).
enum ProbeFact : unsigned {
    kOriginInside = 1u << 0, ///< casts: the origin (t = 0) lies in the closed solid
    kBoundaryOnly = 1u << 1, ///< the shapes share only boundary points (grazing, touching, on a face)
    kParallel = 1u << 2,     ///< casts: a direction component is +-0 (boxes), or the ray is parallel to the plane
    kBackFacing = 1u << 3,   ///< casts: the ray arrives on the back of the plane or triangle
    kBehind = 1u << 4,       ///< casts: the solid lies only behind the origin (t < 0)
    kInPlane = 1u << 5,      ///< casts: the ray lies in the triangle's or plane's plane
    kFarFloat = 1u << 6,     ///< float inputs far from the origin: the rounding of the inputs decides
};

/// One probe: a query line of the protocol (docs/protocol.md), in the precision it names.
struct ConventionProbe {
    std::string_view id;    ///< "ray_aabb/origin_inside": family/situation, stable
    std::string_view title; ///< a few words: "origin inside"
    std::string_view note;  ///< how to check the exact answer by hand
    std::string_view line;  ///< the query line ({"query", "precision", "a", "b"})
    unsigned facts = 0;     ///< ProbeFact bits
    /// The convention keys that bear on this situation (shown beside each answer when declared).
    std::vector<std::string_view> keys;
};

/// Every probe, grouped by family in protocol order.
std::span<const ConventionProbe> ConventionProbes();

/// The names of the facts in bits ("origin inside", "boundary only", ...), for the JSON and docs.
std::vector<std::string_view> ProbeFactNames(unsigned facts);

} // namespace hitlab

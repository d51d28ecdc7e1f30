// The algorithm registry: every algorithm of every family with the protocol's metadata
// and a type-erased runner, so the CLI, the comparison, the scene and the panels can run
// any algorithm on any query by name.
#pragma once

#include "result.h"
#include "shapes.h"
#include "trace.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

namespace hitlab {

enum class Family {
    RayAabb,
    SegmentAabb,
    RayPlane,
    RaySphere,
    RayObb,
    AabbAabb,
    SphereAabb,
    SphereSphere,
    ObbObb,
    PointAabb,
    PointSphere,
    PointObb,
    RayTriangle,
    SegmentTriangle,
    RayMesh,
    AabbTriangle,
    SphereTriangle,
    TriangleTriangle,
    ConvexConvex
};
inline constexpr int kFamilyCount = 19;

enum class Precision { Float, Double };

/// Protocol name of a family ("ray_aabb").
std::string_view FamilyName(Family family);
/// Family from its protocol name; nullopt when unknown.
std::optional<Family> FamilyFromName(std::string_view name);
/// All families, in protocol order.
std::span<const Family> AllFamilies();
/// Ray casts report t; overlaps report depth.
bool IsCast(Family family);
/// The result fields an algorithm of the family may fill (Field bits): a cast's t, point and
/// normal, with u, v and front against a triangle and the triangle's index against a mesh; an
/// overlap's depth, normal, contact and separating axis.
std::uint32_t FamilyFields(Family family);
/// Protocol type names of the family's a and b shapes ("ray", "aabb").
std::string_view FamilyShapeA(Family family);
std::string_view FamilyShapeB(Family family);

/// One query: a family and its two shapes (of the family's types), in double.
struct Query {
    Family family = Family::RayAabb;
    Shape a;
    Shape b;
};

/// A declared convention: key ("origin_inside", "boundary", "touching", ...) and value ("hit", "inclusive", ...).
struct Convention {
    std::string_view key;
    std::string_view value;
};

/// Runs an algorithm on a query in a precision; trace may be null. The query's shapes must be
/// of the family's types (checked by the caller: Registry::Run checks it).
using RunFn = Result (*)(const Query& query, Precision precision, Trace* trace);

/// Any shape of the protocol rounded to float (ShapeCast<float>): a batch in Precision::Float
/// reads its shapes in this form, so that each is rounded once, not once per query and algorithm.
using FloatShape = std::variant<Ray<float>, Segment<float>, Plane<float>, Aabb<float>, Sphere<float>, Obb<float>,
                                Point<float>, Triangle<float>, Mesh<float>, Convex<float>>;

/// The shape rounded to nearest float, component by component (the same ShapeCast the single
/// query runner applies, so a batch and a single run see the same float inputs).
FloatShape ToFloat(const Shape& shape);

/// One query of a batch: the indices of its `a` and `b` shapes in the batch's shape table.
struct ShapePair {
    std::uint32_t a = 0;
    std::uint32_t b = 0;
};

/// Queries of one family over a shared table of shapes: query i is (table[pairs[i].a],
/// table[pairs[i].b]), where the table is `shapes` in Precision::Double and `floatShapes` in
/// Precision::Float (only the precision's table is read; the other may be empty). A shape that
/// several queries share (a ray against many boxes) is stored, and converted, once.
struct QueryBatch {
    std::span<const Shape> shapes;
    std::span<const FloatShape> floatShapes;
    std::span<const ShapePair> pairs;
};

/// Where a batch writes its results, one per query, packed in the batch's precision: `floats` in
/// Precision::Float, `doubles` in Precision::Double (only the precision's span is written; the
/// other may be empty).
struct BatchResults {
    std::span<PackedResult<float>> floats;
    std::span<PackedResult<double>> doubles;
};

/// Runs an algorithm on every query of a batch, untraced: Widen(out[i]) is bit for bit the Result
/// that RunFn gives for query i. Preconditions: the precision's span of out has
/// batch.pairs.size() elements, every index is inside the precision's table, and the shapes are
/// of the family's types (a wrong type throws std::bad_variant_access, as in RunFn).
using RunBatchFn = void (*)(const QueryBatch& batch, Precision precision, BatchResults out);

/// An algorithm's two entry points, made together by MakeRun from one function: `run(query,
/// precision, trace)` runs one query (traced when trace is non-null), `run.batch` many of them.
struct Runner {
    RunFn one = nullptr;
    RunBatchFn batch = nullptr;

    Result operator()(const Query& query, Precision precision, Trace* trace) const
    {
        return one(query, precision, trace);
    }
};

/// An algorithm and its metadata (the protocol's `hitlab algorithms --json` object).
/// A kernel that gives an algorithm's ray_aabb verdicts in float, bit for bit, for one ray over a
/// pool of boxes at a time (core/batch/ray_aabb_batch.h, core/exact/hunt_batch.cpp): the hunt's
/// batched path and the ray fan use it in place of one call per box.
enum class BoxKernel {
    None,
    Slab,       ///< hunt::RayAabbSlabBatch: the reference slab method's verdicts
    Branchless, ///< RayAabbBatch / RayAabbBatchEnter: Barnes's branchless slabs, with t_enter
};

struct AlgorithmInfo {
    std::string_view name; ///< short and stable: scenes and scripts use it
    Family family;
    std::string_view title;
    std::string_view summary; ///< one or two sentences
    std::string_view source;  ///< the paper, book or code it follows
    bool reference = false;   ///< the family's one reference algorithm
    bool published = false;   ///< reproduces a published listing, flaws included
    std::vector<Convention> conventions;
    std::uint32_t returns = kFieldHit; ///< Field bits
    std::string_view flaw;             ///< published variants: the known flaw, in one sentence ("" when none)
    /// Where the flaw applies: clauses of the documented vocabulary (core/flaw_condition.h), any one
    /// of which holding lets the flaw explain a difference; a flaw without them explains nothing.
    std::vector<std::string_view> flawWhen;
    Runner run;
    BoxKernel boxKernel = BoxKernel::None; ///< a batched kernel with the same verdicts, if any

    /// The value of a convention, or "" when not declared.
    std::string_view ConventionValue(std::string_view key) const;
};

/// All algorithms, grouped by family in protocol order, each family's reference first.
std::span<const AlgorithmInfo> Algorithms();
/// The algorithms of one family.
std::vector<const AlgorithmInfo*> AlgorithmsOf(Family family);
/// An algorithm by family and name; null when unknown.
const AlgorithmInfo* FindAlgorithm(Family family, std::string_view name);
/// The family's reference algorithm (never null).
const AlgorithmInfo& ReferenceAlgorithm(Family family);
/// Whether the query's shapes have the family's types.
bool QueryShapesMatch(const Query& query);

/// Runs info on query. Precondition: QueryShapesMatch(query) and info.family == query.family.
Result Run(const AlgorithmInfo& info, const Query& query, Precision precision, Trace* trace = nullptr);

/// Runs info on every query of a batch of its family into out (RunBatchFn's contract): the same
/// results as Run on each query, packed, without the per-query unpacking, conversion, indirect
/// call and widening.
void RunBatch(const AlgorithmInfo& info, const QueryBatch& batch, Precision precision, BatchResults out);

// ---- building runners (used by the family registration files) ----

namespace detail {

/// The batch loop of one algorithm in one precision: SA and SB are the family's shape types in
/// that scalar, Table the batch's table (Shape or FloatShape). Flattened: the algorithm and
/// everything it calls are inlined into the loop, so its trace branches fold away (trace is null)
/// and its result is packed from registers, not read back from a returned struct. Not in the
/// sanitizer build (HITLAB_NO_FLATTEN, set by the asan preset):
/// there it gains nothing and, instrumented at -O1, GJK, EPA and MPR's flattened loops alone took
/// 277 s of CPU to compile (30 s called).
#ifdef HITLAB_NO_FLATTEN
#define HITLAB_FLATTEN
#else
#define HITLAB_FLATTEN [[gnu::flatten]]
#endif
template <typename SA, typename SB, typename Table, typename Fn, typename T>
HITLAB_FLATTEN void RunPairs(std::span<const Table> table, std::span<const ShapePair> pairs,
                             std::span<PackedResult<T>> out)
{
    for (size_t i = 0; i < pairs.size(); ++i) {
        out[i] = Pack(Fn{}(std::get<SA>(table[pairs[i].a]), std::get<SB>(table[pairs[i].b]), nullptr));
    }
}

/// The same loop with the compiler's own inlining, for algorithms whose call tree is large
/// (triangle_triangle, convex_convex, ray_mesh): flattened, each one's loop was 20 to 500 KB of
/// code (975 KB for triangle_triangle's) and most of a cold build's time in core/, for a call that
/// costs little beside the algorithm's own work. The two loops are written out: sharing one
/// always_inline helper, GCC inlined RunPairs into its callers unflattened (batches 30% slower).
template <typename SA, typename SB, typename Table, typename Fn, typename T>
void RunPairsCalled(std::span<const Table> table, std::span<const ShapePair> pairs, std::span<PackedResult<T>> out)
{
    for (size_t i = 0; i < pairs.size(); ++i) {
        out[i] = Pack(Fn{}(std::get<SA>(table[pairs[i].a]), std::get<SB>(table[pairs[i].b]), nullptr));
    }
}

} // namespace detail

/// How a runner's batch loop calls the algorithm (MakeRun).
enum class BatchInlining {
    Flatten, ///< everything inlined into the loop: small algorithms, where the call is much of the cost
    Call,    ///< the compiler's own inlining: algorithms with a large call tree
};

/// Makes the Runner of a captureless generic lambda `[](const auto& a, const auto& b, Trace* t) {
/// return F(a, b, t); }` that is instantiated for float and double; A and B are the family's shape
/// templates. The single-query runner converts the query's double shapes to the precision and
/// widens the result back to double; the batch runner reads shapes converted once, runs the
/// lambda in its loop (inlined into it with everything it calls, unless inlining is Call) and
/// packs each result in its precision. Both call the same instantiation on the same values, so
/// they agree bit for bit (the core is built with -ffp-contract=off).
template <template <class> class A, template <class> class B, BatchInlining inlining = BatchInlining::Flatten,
          typename Fn>
constexpr Runner MakeRun(Fn)
{
    Runner runner;
    runner.one = [](const Query& query, Precision precision, Trace* trace) -> Result {
        const auto& a = std::get<A<double>>(query.a);
        const auto& b = std::get<B<double>>(query.b);
        if (precision == Precision::Float) {
            return Widen(Fn{}(ShapeCast<float>(a), ShapeCast<float>(b), trace));
        }
        return Widen(Fn{}(a, b, trace));
    };
    runner.batch = [](const QueryBatch& batch, Precision precision, BatchResults out) {
        if constexpr (inlining == BatchInlining::Flatten) {
            if (precision == Precision::Float) {
                detail::RunPairs<A<float>, B<float>, FloatShape, Fn>(batch.floatShapes, batch.pairs, out.floats);
            } else {
                detail::RunPairs<A<double>, B<double>, Shape, Fn>(batch.shapes, batch.pairs, out.doubles);
            }
        } else {
            if (precision == Precision::Float) {
                detail::RunPairsCalled<A<float>, B<float>, FloatShape, Fn>(batch.floatShapes, batch.pairs, out.floats);
            } else {
                detail::RunPairsCalled<A<double>, B<double>, Shape, Fn>(batch.shapes, batch.pairs, out.doubles);
            }
        }
    };
    return runner;
}

/// Each family's file appends its algorithms (reference first).
void RegisterRayAabb(std::vector<AlgorithmInfo>& out);
void RegisterSegmentAabb(std::vector<AlgorithmInfo>& out);
void RegisterRayPlane(std::vector<AlgorithmInfo>& out);
void RegisterRaySphere(std::vector<AlgorithmInfo>& out);
void RegisterRayObb(std::vector<AlgorithmInfo>& out);
void RegisterAabbAabb(std::vector<AlgorithmInfo>& out);
void RegisterSphereAabb(std::vector<AlgorithmInfo>& out);
void RegisterSphereSphere(std::vector<AlgorithmInfo>& out);
void RegisterObbObb(std::vector<AlgorithmInfo>& out);
void RegisterPointSolid(std::vector<AlgorithmInfo>& out);
void RegisterRayTriangle(std::vector<AlgorithmInfo>& out);
void RegisterSegmentTriangle(std::vector<AlgorithmInfo>& out);
void RegisterRayMesh(std::vector<AlgorithmInfo>& out);
void RegisterAabbTriangle(std::vector<AlgorithmInfo>& out);
void RegisterSphereTriangle(std::vector<AlgorithmInfo>& out);
void RegisterTriangleTriangle(std::vector<AlgorithmInfo>& out);
void RegisterConvexConvex(std::vector<AlgorithmInfo>& out);
/// GJK + EPA, MPR and the GJK ray cast, on every family of convex solids (core/gjk_register.cpp).
void RegisterGjk(std::vector<AlgorithmInfo>& out);

} // namespace hitlab

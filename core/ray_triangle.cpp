// ray_triangle: the traces and the registration.
#include "ray_triangle.h"
#include "ray_triangle_published.h"

#include "algorithm.h"

#include <string_view>

namespace hitlab {

namespace detail {

namespace {

/// Which of the numerators' signs put the line outside: "edge v1-v2" (w), "edge v2-v0" (u),
/// "edge v0-v1" (v), from values whose signs are the decided ones.
std::string OutsideEdges(double det, double uN, double vN, double wN)
{
    std::string out;
    const auto add = [&](double x, const char* edge) {
        if (x != 0 && (x > 0) != (det > 0)) {
            out += std::string(out.empty() ? "" : ", ") + edge;
        }
    };
    add(wN, "v1-v2");
    add(uN, "v2-v0");
    add(vN, "v0-v1");
    return out;
}

std::string HitSentence(const char* noun, double t, double u, double v, bool hasFront, bool front, int zeroEdges)
{
    std::string where = zeroEdges == 0                       ? "through the interior"
                        : (zeroEdges & (zeroEdges - 1)) != 0 ? "through a vertex"
                                                             : "through an edge";
    return Format("hit: the %s meets the triangle %s at t = %g (u = %g, v = %g)%s", noun, where.c_str(), t, u, v,
                  !hasFront ? "" : (front ? ", front face" : ", back face"));
}

} // namespace

template <typename T>
void TraceWatertight(Trace& trace, const Vec3<T>& o, const Vec3<T>& d, const Triangle<T>& /*tri*/,
                     const CastResult<T>& r, const TriangleFastValues* fast, const ExactTriangleAnswer* exact,
                     const char* noun)
{
    double det, uN, vN, tN;
    if (exact != nullptr) {
        det = exact->det;
        uN = exact->uN;
        vN = exact->vN;
        tN = exact->tN;
    } else {
        det = fast->det;
        uN = fast->uN;
        vN = fast->vN;
        tN = fast->tN;
    }
    const double wN = exact != nullptr ? exact->wN : det - uN - vN;
    trace.Add(Format("e1 = v1 - v0, e2 = v2 - v0, s = o - v0; det = e1.(d x e2) = %g (= -n.d: %s)", det,
                     det > 0   ? "front face"
                     : det < 0 ? "back face"
                     : exact != nullptr && exact->inPlane
                         ? "in the triangle's plane: clipped in 2D against the edges"
                         : "the line is parallel to the plane, or the triangle degenerate"),
              {{"det", det}});
    trace.Add(Format("edge functions (barycentrics times det): u det = s.(d x e2) = %g, v det = d.(s x e1) = %g, "
                     "w det = det - u det - v det = %g",
                     uN, vN, wN),
              {{"u_det", uN}, {"v_det", vN}, {"w_det", wN}});
    trace.Add(Format("t det = e2.(s x e1) = %g", tN), {{"t_det", tN}},
              PointPart{"hit", glm::dvec3(o) + double(r.tEnter) * glm::dvec3(d), r.hit});
    if (exact == nullptr) {
        trace.Add("every sign that matters exceeds its rounding bound: decided in double (certified)");
    } else {
        trace.Add("a sign lies within its rounding bound (or a magnitude out of range): decided exactly, "
                  "each numerator a sum of products of the inputs in a wide fixed-point integer");
    }
    trace.DecideLast();
    const bool hasExact = exact != nullptr;
    if (d == Vec3<T>(0)) { // a zero-length segment is its point; a ray's zero direction is invalid
        trace.verdict = std::string_view(noun) != "segment" ? Format("miss: the %s's direction is zero", noun)
                        : r.hit ? "hit: the segment has zero length and its point lies on the triangle"
                                : "miss: the segment has zero length and its point is not on the triangle";
        return;
    }
    if (r.hit) {
        if (hasExact && exact->inPlane) {
            trace.verdict = Format("hit: the %s lies in the triangle's plane and crosses it from t = %g to t = %g",
                                   noun, double(r.tEnter), double(r.tExit));
        } else if (hasExact && exact->degenerate) {
            trace.verdict = Format("hit: the triangle is degenerate (a segment or a point) and the %s meets it at "
                                   "t = %g",
                                   noun, double(r.tEnter));
        } else {
            trace.verdict = HitSentence(noun, double(r.tEnter), double(r.u), double(r.v), r.hasFront, r.front,
                                        hasExact ? exact->zeroEdges : 0);
        }
        return;
    }
    if (hasExact && exact->degenerate) {
        trace.verdict =
            Format("miss: the triangle is degenerate (a segment or a point) and the %s does not meet it", noun);
    } else if (hasExact && exact->inPlane) {
        trace.verdict = Format("miss: the %s lies in the triangle's plane but does not cross the triangle", noun);
    } else if (det == 0) {
        trace.verdict = Format("miss: the %s is parallel to the triangle's plane, off it", noun);
    } else if (const std::string edges = OutsideEdges(det, uN, vN, wN); !edges.empty()) {
        trace.verdict = Format("miss: the line passes outside the edge %s", edges.c_str());
    } else if ((tN > 0) != (det > 0)) {
        trace.verdict = Format("miss: the triangle is behind the %s's origin (t = %g < 0)", noun, tN / det);
    } else {
        trace.verdict = Format("miss: the segment ends before the triangle (t = %g > 1)", tN / det);
    }
}

template void TraceWatertight<float>(Trace&, const Vec3<float>&, const Vec3<float>&, const Triangle<float>&,
                                     const CastResult<float>&, const TriangleFastValues*, const ExactTriangleAnswer*,
                                     const char*);
template void TraceWatertight<double>(Trace&, const Vec3<double>&, const Vec3<double>&, const Triangle<double>&,
                                      const CastResult<double>&, const TriangleFastValues*, const ExactTriangleAnswer*,
                                      const char*);

template <typename T>
void TraceMollerTrumbore(Trace& trace, const Ray<T>& ray, const Triangle<T>& tri, const CastResult<T>& r, bool cull,
                         T tMax)
{
    const auto& v = tri.vertices;
    constexpr T eps = kMollerTrumboreEpsilon<T>;
    const Vec3<T> edge1 = v[1] - v[0], edge2 = v[2] - v[0];
    const Vec3<T> pvec = glm::cross(ray.direction, edge2);
    const T det = glm::dot(edge1, pvec);
    trace.Add(Format("pvec = d x edge2; det = edge1.pvec = %g", double(det)), {{"det", double(det)}});
    if (cull ? det < eps : (det > -eps && det < eps)) {
        trace.DecideLast();
        trace.verdict = cull ? Format("miss: det = %g < EPSILON = 1e-6 (a back face, a ray in the plane or a small "
                                      "triangle)",
                                      double(det))
                             : Format("miss: |det| = %g < EPSILON = 1e-6 (a ray in the plane, a grazing ray or a "
                                      "small triangle)",
                                      std::abs(double(det)));
        return;
    }
    const Vec3<T> tvec = ray.origin - v[0];
    const Vec3<T> qvec = glm::cross(tvec, edge1);
    const T scale = cull ? T(1) : T(1) / det;
    const T u = glm::dot(tvec, pvec) * scale, vv = glm::dot(ray.direction, qvec) * scale;
    const T t = glm::dot(edge2, qvec) * (T(1) / det);
    const int uvStep =
        trace.Add(Format("%s u = %g, v = %g, u + v = %g",
                         cull ? "unnormalised (against det):" : "barycentrics:", double(u), double(vv), double(u + vv)),
                  {{"u", double(u)}, {"v", double(vv)}});
    trace.Add(Format("t = edge2.qvec / det = %g", double(t)), {{"t", double(t)}},
              PointPart{"hit", glm::dvec3(ray.origin + t * ray.direction), r.hit});
    trace.DecideLast();
    // the listing's order: u, then v (each an exit), then t
    const T one = cull ? det : T(1);
    if (r.hit) {
        trace.verdict = Format("hit at t = %g (u = %g, v = %g)", double(r.tEnter), double(r.u), double(r.v));
    } else if (u < T(0) || u > one || vv < T(0) || u + vv > one) {
        trace.decidingStep = uvStep;
        trace.verdict = cull ? "miss: u or v is outside the triangle (u < 0, u > det, v < 0 or u + v > det)"
                             : "miss: u or v is outside the triangle (u < 0, u > 1, v < 0 or u + v > 1)";
    } else if (!(t > eps)) {
        trace.verdict = Format("miss: t = %g is not > EPSILON = 1e-6", double(t));
    } else {
        trace.verdict = Format("miss: t = %g is beyond the segment's end (t > %g)", double(t), double(tMax));
    }
}

template void TraceMollerTrumbore<float>(Trace&, const Ray<float>&, const Triangle<float>&, const CastResult<float>&,
                                         bool, float);
template void TraceMollerTrumbore<double>(Trace&, const Ray<double>&, const Triangle<double>&,
                                          const CastResult<double>&, bool, double);

} // namespace detail

namespace {
constexpr std::uint32_t kTriangleReturns = kCastFields | kTriangleCastFields;

/// The reference and the two Moller-Trumbore forms.
void RegisterWatertightAndMollerTrumbore(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "watertight",
        .family = Family::RayTriangle,
        .title = "Watertight test, exact signs (reference)",
        .summary = "Moller-Trumbore's numerators in double with a certified error bound, and exactly (a wide "
                   "fixed-point sum) where a sign is within it: the exact verdict on every finite input, so a ray "
                   "through a shared edge or vertex hits; rays in the plane and degenerate triangles handled.",
        .source = "Woop, Benthin, Wald, \"Watertight Ray/Triangle Intersection\", JCGT 2(1) (2013), with an exact "
                  "fallback in place of its double-precision one",
        .reference = true,
        .published = false,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t >= 0"},
                        {"direction", "any"},
                        {"facing", "both"},
                        {"parallel", "handled"}},
        .returns = kTriangleReturns,
        .flaw = "",
        .flawWhen = {},
        .run = MakeRun<Ray, Triangle>(
            [](const auto& a, const auto& b, Trace* t) { return RayTriangleWatertight(a, b, t); }),
    });
    out.push_back({
        .name = "moller_trumbore",
        .family = Family::RayTriangle,
        .title = "Moller-Trumbore (published)",
        .summary = "det = edge1.(d x edge2), |det| < 1e-6 misses; u, v from two more dot products, each tested "
                   "against [0, 1]; t = edge2.qvec / det, a hit when t > 1e-6. Two-sided, as commonly copied.",
        .source = "Moller, Trumbore, \"Fast, Minimum Storage Ray/Triangle Intersection\", JGT 2(1) (1997), "
                  "non-culling branch, with the copies' t > EPSILON",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "miss"},
                        {"boundary", "inclusive"},
                        {"t_range", "t > 0"},
                        {"direction", "any"},
                        {"facing", "both"},
                        {"parallel", "miss"}},
        .returns = kTriangleReturns,
        .flaw = "The absolute EPSILON = 1e-6 on det loses small triangles, grazing rays and rays in the plane; u and "
                "v are rounded per triangle, so a ray through an edge shared by two triangles can miss both; hits "
                "within t <= 1e-6 of the origin are lost.",
        .flawWhen = {"determinant below 1e-6", "edge or vertex", "t at most 1e-6"},
        .run = MakeRun<Ray, Triangle>(
            [](const auto& a, const auto& b, Trace* t) { return RayTriangleMollerTrumbore(a, b, t); }),
    });
    out.push_back({
        .name = "moller_trumbore_cull",
        .family = Family::RayTriangle,
        .title = "Moller-Trumbore, back-face culling (published)",
        .summary = "The paper's TEST_CULL branch: det < 1e-6 misses (back faces too), u and v tested unnormalised "
                   "against det, one division at the end; t > 1e-6.",
        .source = "Moller, Trumbore, \"Fast, Minimum Storage Ray/Triangle Intersection\", JGT 2(1) (1997), "
                  "TEST_CULL branch",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "miss"},
                        {"boundary", "inclusive"},
                        {"t_range", "t > 0"},
                        {"direction", "any"},
                        {"facing", "front only"},
                        {"parallel", "miss"}},
        .returns = kTriangleReturns,
        .flaw = "Culls back faces (n.d >= 0) by design; det < 1e-6 also loses small triangles and grazing rays; u "
                "and v are rounded per triangle (cracks along shared edges); hits within t <= 1e-6 are lost.",
        .flawWhen = {"back facing", "determinant below 1e-6", "edge or vertex", "t at most 1e-6"},
        .run = MakeRun<Ray, Triangle>(
            [](const auto& a, const auto& b, Trace* t) { return RayTriangleMollerTrumboreCull(a, b, t); }),
    });
}

/// The coordinate-transformation, Plucker and plane-based tests.
void RegisterOtherTriangleTests(std::vector<AlgorithmInfo>& out)
{
    out.push_back({
        .name = "baldwin_weber",
        .family = Family::RayTriangle,
        .title = "Baldwin-Weber coordinate transformation (published)",
        .summary = "A per-triangle affine map to the barycentric frame (built here per query): the plane crossing "
                   "from its third row, u and v from the first two, a hit when u >= 0, v >= 0 and u + v < 1.",
        .source = "Baldwin, Weber, \"Fast Ray-Triangle Intersections by Coordinate Transformation\", JCGT 5(3) "
                  "(2016)",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "miss"},
                        {"boundary", "edge v1-v2 open"},
                        {"t_range", "t > 0"},
                        {"direction", "any"},
                        {"facing", "both"},
                        {"parallel", "miss"}},
        .returns = kTriangleReturns,
        .flaw = "The edge v1-v2 is open (u + v < 1) and u, v are rounded per triangle, so rays through edges and "
                "vertices slip through; the origin on the triangle, rays in the plane and degenerate triangles miss.",
        .flawWhen = {"edge or vertex", "in plane", "degenerate triangle", "t at most 0"},
        .run = MakeRun<Ray, Triangle>(
            [](const auto& a, const auto& b, Trace* t) { return RayTriangleBaldwinWeber(a, b, t); }),
    });
    out.push_back({
        .name = "plucker",
        .family = Family::RayTriangle,
        .title = "Plucker coordinates, shared edges (published)",
        .summary = "The signs of the ray line's permuted inner products with the three edge lines, each edge's "
                   "coordinates from its endpoints in a fixed order (neighbours agree); t from the plane.",
        .source = "Jones, \"Intersecting a Ray and a Triangle with Plucker Coordinates\", Ray Tracing News 13(1) "
                  "(2000); Amanatides, Choi (1995)",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t >= 0"},
                        {"direction", "any"},
                        {"facing", "both"},
                        {"parallel", "miss"}},
        .returns = kTriangleReturns,
        .flaw = "The inner products cancel far from the origin (o x d and a x b are large), so signs near edges are "
                "rounded (neighbours still agree); rays in the plane and degenerate triangles miss.",
        .flawWhen = {"edge or vertex", "in plane", "degenerate triangle"},
        .run =
            MakeRun<Ray, Triangle>([](const auto& a, const auto& b, Trace* t) { return RayTrianglePlucker(a, b, t); }),
    });
    out.push_back({
        .name = "havel_herout",
        .family = Family::RayTriangle,
        .title = "Havel-Herout (published)",
        .summary = "Precomputed planes (built here per query): det = n0.d, the point scaled by det, detu and detv "
                   "from two planes scaled by 1/|n0|^2, a hit when their sign bits and det - detu - detv's agree.",
        .source = "Havel, Herout, \"Yet Faster Ray-Triangle Intersection (Using SSE4)\", IEEE TVCG 16(3) (2010)",
        .reference = false,
        .published = true,
        .conventions = {{"origin_inside", "hit"},
                        {"boundary", "inclusive"},
                        {"t_range", "t >= 0"},
                        {"direction", "any"},
                        {"facing", "both"},
                        {"parallel", "miss"}},
        .returns = kTriangleReturns,
        .flaw = "Signs are sign bits: an edge value of +0 against negative others misses, so a front-facing ray "
                "exactly through an edge or a vertex misses; 1/|n0|^2 underflows or overflows for tiny or huge "
                "triangles; rays in the plane and degenerate triangles miss.",
        .flawWhen = {"edge or vertex", "in plane", "degenerate triangle", "float: area below 1e-19",
                     "float: area above 1e18", "double: area below 1e-153", "double: area above 1e153"},
        .run = MakeRun<Ray, Triangle>(
            [](const auto& a, const auto& b, Trace* t) { return RayTriangleHavelHerout(a, b, t); }),
    });
}

} // namespace

void RegisterRayTriangle(std::vector<AlgorithmInfo>& out)
{
    RegisterWatertightAndMollerTrumbore(out);
    RegisterOtherTriangleTests(out);
}

} // namespace hitlab

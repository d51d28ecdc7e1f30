// Judging an exercise's answer against the exact answer (exercise_judge.h): the exact judge's
// values, separating axes in rationals, the depth along a direction in 256-bit floats.
#include "exercise_judge.h"

#include "exact.h"
#include "exact_values.h"

#include "core/text.h"

#include <gmpxx.h>

#include <algorithm>

namespace hitlab {

namespace {

using QVec = std::array<mpq_class, 3>;

QVec ToQ(const glm::dvec3& v) { return {mpq_class(v.x), mpq_class(v.y), mpq_class(v.z)}; }

QVec Sub(const QVec& a, const QVec& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }

QVec Cross(const QVec& a, const QVec& b)
{
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

mpq_class Dot(const QVec& a, const QVec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

QVec AxisOf(const CandidateAxis& axis)
{
    const QVec p = Sub(ToQ(axis.p.head), ToQ(axis.p.tail));
    return axis.q ? Cross(p, Sub(ToQ(axis.q->head), ToQ(axis.q->tail))) : p;
}

/// The shape's projection [lo, hi] on `l`, exactly (box, oriented box, triangle, point).
std::pair<mpq_class, mpq_class> Projection(const Shape& shape, const QVec& l)
{
    mpq_class lo = 0, hi = 0;
    switch (KindOf(shape)) {
    case ShapeKind::Aabb: {
        const Aabb<double>& box = std::get<Aabb<double>>(shape);
        for (int i = 0; i < 3; ++i) {
            const mpq_class a = mpq_class(box.min[i]) * l[size_t(i)], b = mpq_class(box.max[i]) * l[size_t(i)];
            lo += std::min(a, b);
            hi += std::max(a, b);
        }
        break;
    }
    case ShapeKind::Obb: {
        const Obb<double>& box = std::get<Obb<double>>(shape);
        mpq_class reach = 0;
        for (int i = 0; i < 3; ++i) {
            reach += mpq_class(box.halfExtents[i]) * abs(mpq_class(Dot(ToQ(box.axes[size_t(i)]), l)));
        }
        const mpq_class c = Dot(ToQ(box.center), l);
        lo = c - reach;
        hi = c + reach;
        break;
    }
    case ShapeKind::Triangle: {
        const auto& v = std::get<Triangle<double>>(shape).vertices;
        lo = hi = Dot(ToQ(v[0]), l);
        for (size_t i = 1; i < 3; ++i) {
            const mpq_class d = Dot(ToQ(v[i]), l);
            lo = std::min(lo, d);
            hi = std::max(hi, d);
        }
        break;
    }
    case ShapeKind::Point:
        lo = hi = Dot(ToQ(std::get<Point<double>>(shape).position), l);
        break;
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Sphere:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        break; // CandidateAxes lists no axis for these
    }
    return {lo, hi};
}

constexpr mp_bitcnt_t kJudgeBits = 256;

mpf_class F(double v) { return mpf_class(v, kJudgeBits); }

/// max over the solid of x . d (its support value), at 256 bits; d need not be unit.
mpf_class SupportValue(const Shape& shape, const glm::dvec3& d)
{
    const QVec dq = ToQ(d);
    switch (KindOf(shape)) {
    case ShapeKind::Sphere: {
        const Sphere<double>& s = std::get<Sphere<double>>(shape);
        mpf_class length(0, kJudgeBits);
        length = sqrt(mpf_class(Dot(dq, dq), kJudgeBits));
        return mpf_class(Dot(ToQ(s.center), dq), kJudgeBits) + F(s.radius) * length;
    }
    case ShapeKind::Aabb:
    case ShapeKind::Obb:
    case ShapeKind::Triangle:
    case ShapeKind::Point:
        return mpf_class(Projection(shape, dq).second, kJudgeBits);
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Plane:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        break; // the loader refuses penetration answers for these
    }
    return mpf_class(0, kJudgeBits);
}

/// The exact value as a 256-bit float (a rational's exactly enough, an approximation's digits).
mpf_class ValueOf(const ExactValue& v)
{
    if (v.exact) {
        return mpf_class(mpq_class(v.text), kJudgeBits);
    }
    return mpf_class(v.value, kJudgeBits);
}

/// A double as the decimal a person wrote: the shortest text that reads back as it ("0.27"), read
/// exactly ("27/100"), so that 0.27 is 0.02 from 1/4 and not 0.02000000000000002.
mpq_class WrittenDecimal(double v)
{
    const std::string text = NumberText(v);
    const size_t e = text.find_first_of("eE");
    std::string mantissa = text.substr(0, e);
    const long exponent = e == std::string::npos ? 0 : std::stol(text.substr(e + 1));
    const bool negative = !mantissa.empty() && mantissa[0] == '-';
    if (negative) {
        mantissa.erase(0, 1);
    }
    const size_t dot = mantissa.find('.');
    long scale = -exponent; // the decimal digits after the point, less the exponent
    if (dot != std::string::npos) {
        scale += long(mantissa.size() - dot - 1);
        mantissa.erase(dot, 1);
    }
    mpz_class digits(mantissa, 10), ten(10), power; // base 10: "026" is not octal
    mpz_pow_ui(power.get_mpz_t(), ten.get_mpz_t(), static_cast<unsigned long>(scale < 0 ? -scale : scale));
    mpq_class q = scale >= 0 ? mpq_class(digits, power) : mpq_class(digits * power);
    q.canonicalize();
    return negative ? mpq_class(-q) : q;
}

/// |given - exact| <= tolerance, in rationals when the exact value is rational (the given number
/// and the tolerance taken as the decimals they are written as); `detail` the words.
bool Within(double given, const ExactValue& exact, double tolerance, const char* name, std::string& detail)
{
    bool ok = false;
    double difference = 0;
    if (exact.exact) {
        mpq_class q(exact.text);
        q.canonicalize();
        const mpq_class d = abs(WrittenDecimal(given) - q);
        ok = d <= WrittenDecimal(tolerance);
        difference = d.get_d();
    } else {
        const mpf_class d = abs(F(given) - ValueOf(exact));
        ok = d <= F(tolerance);
        difference = d.get_d();
    }
    detail += std::string(detail.empty() ? "" : "; ") + "|" + name + " - exact| = " + ShortNumber(difference) +
              (ok ? " <= " : " > ") + ShortNumber(tolerance);
    return ok;
}

std::string ValueText(const ExactValue& v)
{
    const std::string decimal = ShortNumber(v.value, 8);
    return v.exact && v.text != decimal ? v.text + " (" + decimal + ")" : decimal;
}

void JudgePenetration(const Query& query, const ExactResult& exact, const Exercise& e, const ExerciseAnswer& given,
                      ExerciseJudgement& out)
{
    out.exact = "least depth " + ValueText(exact.depth) + " (model direction " + ShortVecText(e.model.direction) + ")";
    if (given.direction == glm::dvec3(0.0)) {
        out.detail = "a direction must be nonzero";
        return;
    }
    // how far b must move along the direction to clear a: (max over a - min over b of x . d) / |d|
    const mpf_class length = sqrt(mpf_class(Dot(ToQ(given.direction), ToQ(given.direction)), kJudgeBits));
    const mpf_class along = (SupportValue(query.a, given.direction) + SupportValue(query.b, -given.direction)) / length;
    const bool depthOk = Within(given.depth, exact.depth, e.tolerance, "depth", out.detail);
    const bool directionOk = along - ValueOf(exact.depth) <= F(e.tolerance);
    out.detail += "; along your direction b clears a after " + ShortNumber(along.get_d()) +
                  (directionOk ? " <= " : " > ") + "least depth + " + ShortNumber(e.tolerance);
    out.right = depthOk && directionOk;
}

void JudgeByKind(const Query& query, const ExactResult& exact, const Exercise& e, const ExerciseAnswer& given,
                 ExerciseJudgement& out)
{
    const bool cast = IsCast(query.family);
    const char* const hitWord = exact.hit ? (cast ? "hit" : "overlap") : (cast ? "miss" : "separate");
    switch (e.kind) {
    case ExerciseKind::Verdict:
        out.exact = hitWord;
        out.right = given.hit == exact.hit;
        return;
    case ExerciseKind::T:
        out.exact = exact.hit ? "t = " + ValueText(exact.tEnter) : std::string("miss: no t");
        out.right = exact.hit && Within(given.t, exact.tEnter, e.tolerance, "t", out.detail);
        return;
    case ExerciseKind::Barycentric:
        out.exact = exact.hasUv ? "u = " + ValueText(exact.u) + ", v = " + ValueText(exact.v) : std::string(hitWord);
        if (exact.hasUv) {
            const bool uOk = Within(given.u, exact.u, e.tolerance, "u", out.detail);
            const bool vOk = Within(given.v, exact.v, e.tolerance, "v", out.detail);
            out.right = uOk && vOk;
        }
        return;
    case ExerciseKind::Axis: {
        const std::vector<std::string> axes = SeparatingAxes(query);
        out.exact = axes.empty() ? "no candidate axis separates them (" + std::string(hitWord) + ")" : "";
        for (const std::string& name : axes) {
            out.exact += (out.exact.empty() ? "" : ", ") + name;
        }
        out.right = std::find(axes.begin(), axes.end(), given.axis) != axes.end();
        return;
    }
    case ExerciseKind::Penetration:
        if (!exact.hit) {
            out.exact = hitWord;
            return;
        }
        JudgePenetration(query, exact, e, given, out);
        return;
    }
}

} // namespace

std::vector<std::string> SeparatingAxes(const Query& query)
{
    std::vector<std::string> out;
    for (const CandidateAxis& axis : CandidateAxes(query.a, query.b)) {
        const QVec l = AxisOf(axis);
        if (l[0] == 0 && l[1] == 0 && l[2] == 0) {
            continue; // parallel edges: no axis
        }
        const auto [loA, hiA] = Projection(query.a, l);
        const auto [loB, hiB] = Projection(query.b, l);
        if (hiA < loB || hiB < loA) {
            out.push_back(axis.name);
        }
    }
    return out;
}

std::string AnswerText(ExerciseKind kind, const ExerciseAnswer& answer)
{
    switch (kind) {
    case ExerciseKind::Verdict:
        return answer.hit ? "hit" : "miss";
    case ExerciseKind::T:
        return "t = " + ShortNumber(answer.t, 8);
    case ExerciseKind::Axis:
        return answer.axis.empty() ? "(none chosen)" : answer.axis;
    case ExerciseKind::Barycentric:
        return "u = " + ShortNumber(answer.u, 8) + ", v = " + ShortNumber(answer.v, 8);
    case ExerciseKind::Penetration:
        return "direction " + ShortVecText(answer.direction) + ", depth " + ShortNumber(answer.depth, 8);
    }
    return "";
}

ExerciseJudgement JudgeExercise(const Scene& scene, const Exercise& exercise, const ExerciseAnswer& given)
{
    ExerciseJudgement out;
    const std::optional<SceneQuery> q = ExerciseQuery(scene, exercise, out.error);
    if (!q) {
        return out;
    }
    const Query query = scene.MakeQuery(*q);
    const ExactResult exact = JudgeExact(query);
    if (!exact.valid) {
        out.error = exact.note;
        return out;
    }
    out.given = AnswerText(exercise.kind, given);
    JudgeByKind(query, exact, exercise, given, out);
    return out;
}

} // namespace hitlab

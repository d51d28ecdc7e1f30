// Every algorithm of a family on one query, against the reference in ulps.
#include "query_model.h"

#include "number_line.h"

#include <bit>
#include <cmath>
#include <limits>

namespace hitlab {

namespace {

/// Maps a float's bits onto a line where adjacent values differ by one (negatives mirrored).
std::int64_t Ordered(double v, Precision precision)
{
    if (precision == Precision::Float) {
        const std::int32_t bits = std::bit_cast<std::int32_t>(static_cast<float>(v));
        return bits < 0 ? std::int64_t(std::numeric_limits<std::int32_t>::min()) - bits : bits;
    }
    const std::int64_t bits = std::bit_cast<std::int64_t>(v);
    return bits < 0 ? std::numeric_limits<std::int64_t>::min() - bits : bits;
}

std::string Signed(std::int64_t v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

std::string VecText(const glm::dvec3& v)
{
    return "(" + ShortNumber(v.x) + ", " + ShortNumber(v.y) + ", " + ShortNumber(v.z) + ")";
}

} // namespace

std::optional<std::int64_t> UlpDistance(double a, double b, Precision precision)
{
    if (!std::isfinite(a) || !std::isfinite(b)) {
        return std::nullopt;
    }
    if (precision == Precision::Float) {
        const auto max = double(std::numeric_limits<float>::max());
        if (std::abs(a) > max || std::abs(b) > max) {
            return std::nullopt;
        }
    }
    const std::int64_t oa = Ordered(a, precision), ob = Ordered(b, precision);
    // both fit in 63 bits for floats; for doubles the difference can overflow only across huge ranges
    if ((ob > 0 && oa < std::numeric_limits<std::int64_t>::min() + ob) ||
        (ob < 0 && oa > std::numeric_limits<std::int64_t>::max() + ob)) {
        return std::nullopt;
    }
    return oa - ob;
}

FamilyTable BuildFamilyTable(const Scene& scene, const SceneQuery& query, Precision precision)
{
    FamilyTable table;
    const bool cast = IsCast(query.family);
    table.firstHeader = cast ? "t_enter" : "depth";
    table.secondHeader = cast ? "t_exit" : "normal";
    const Query q = scene.MakeQuery(query);
    if (!QueryShapesMatch(q)) {
        return table;
    }
    const Comparison cmp = Compare(q, {}, precision);
    const Result& ref = cmp.reference;
    const std::uint32_t refFields = ReferenceAlgorithm(query.family).returns;
    auto ulps = [&](double v, double r, bool both) -> std::string {
        if (!both) {
            return "";
        }
        const std::optional<std::int64_t> d = UlpDistance(v, r, precision);
        // past a million ulps the count says nothing a reader can use: the difference itself does
        constexpr std::int64_t kFar = 1000000;
        if (d && (*d > kFar || *d < -kFar)) {
            return Format("%+.3g (far)", v - r);
        }
        return d ? Signed(*d) : (v == r ? "0" : "n/a");
    };
    for (const AlgorithmOutcome& o : cmp.outcomes) {
        FamilyRow row;
        row.info = o.info;
        row.hit = o.result.hit;
        row.verdict = o.result.hit ? "hit" : "miss";
        row.differs = o.result.hit != ref.hit;
        const std::uint32_t f = o.info->returns;
        const bool bothHit = o.result.hit && ref.hit;
        if (o.result.hit && cast) {
            if ((f & kFieldTEnter) != 0) {
                row.first = ShortNumber(o.result.tEnter);
                row.firstUlps = ulps(o.result.tEnter, ref.tEnter, bothHit && (refFields & kFieldTEnter) != 0);
            }
            if ((f & kFieldTExit) != 0) {
                row.second = ShortNumber(o.result.tExit);
                row.secondUlps = ulps(o.result.tExit, ref.tExit, bothHit && (refFields & kFieldTExit) != 0);
            }
        } else if (o.result.hit) {
            if ((f & kFieldDepth) != 0) {
                row.first = ShortNumber(o.result.depth);
                row.firstUlps = ulps(o.result.depth, ref.depth, bothHit && (refFields & kFieldDepth) != 0);
            }
            if ((f & kFieldNormal) != 0) {
                row.second = VecText(o.result.normal);
            }
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

} // namespace hitlab

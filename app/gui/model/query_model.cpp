// Every algorithm of a family on one query, against the exact answer in ulps.
#include "query_model.h"

#include "core/outcome_text.h"

#include "results_model.h"

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

/// The signed error of `computed` against the judge's value in ulps of `precision` ("" n/a).
std::string ExactUlps(double computed, const ExactValue& exact, Precision precision, bool* off)
{
    const double e = UlpError(exact.value, computed, precision);
    *off = e > 0.5;
    if (e == 0) {
        return "0";
    }
    if (!std::isfinite(e)) {
        return "n/a";
    }
    if (e > 1e6) { // a count that large says nothing a reader can use: the difference itself does
        return Format("%+.3g (far)", computed - exact.value);
    }
    const double s = computed < exact.value ? -e : e;
    return std::abs(s - std::round(s)) < 0.05 ? Format("%+.0f", s) : Format("%+.1f", s);
}

std::string ExactText(const ExactValue& v) { return v.exact ? ShortNumber(v.value) : "~" + ShortNumber(v.value); }

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

FamilyTable BuildFamilyTable(const Scene& scene, const SceneQuery& query, Precision precision,
                             std::span<const ExternalOutcome> external)
{
    FamilyTable table;
    const bool cast = IsCast(query.family);
    table.firstHeader = cast ? "t_enter" : "depth";
    table.secondHeader = cast ? "t_exit" : "normal";
    const Query q = scene.MakeQuery(query);
    if (!QueryShapesMatch(q)) {
        return table;
    }
    table.exact = JudgeExact(q);
    const ExactResult& ex = table.exact;
    const std::optional<ExactValues> exactValues = ComparisonValues(ex, q, precision);
    Comparison cmp = Compare(q, {}, precision, exactValues ? &*exactValues : nullptr);
    const std::size_t builtIn = cmp.outcomes.size();
    std::vector<std::string> failed; // parallel to cmp.outcomes: a failed external one's status
    if (!external.empty()) {
        AddExternalOutcomes(q, precision, external, exactValues ? &*exactValues : nullptr, cmp, failed);
    }
    const bool exactHit = ex.valid && ex.hit;
    if (exactHit) {
        table.exactFirst = cast ? ExactText(ex.tEnter) : ExactText(ex.depth);
        table.exactSecond = cast ? ExactText(ex.tExit) : "";
    }
    for (std::size_t i = 0; i < cmp.outcomes.size(); ++i) {
        const AlgorithmOutcome& o = cmp.outcomes[i];
        FamilyRow row;
        row.info = o.info;
        row.hit = o.result.hit;
        row.external = i >= builtIn;
        const bool failure = i < failed.size() && !failed[i].empty();
        row.verdict = failure ? failed[i] : o.result.hit ? "hit" : "miss";
        row.differs = o.differs != 0;
        row.fields = o.differs;
        row.explanation = o.explanation;
        row.reason = o.reason;
        row.mark = DifferenceMark(o.explanation, o.differs);
        row.wrongVsExact = ex.valid && (failure || o.result.hit != ex.hit);
        const bool bothHit = o.result.hit && exactHit;
        const std::uint32_t f = o.info->returns;
        if (o.result.hit && cast) {
            if ((f & kFieldTEnter) != 0) {
                row.first = ShortNumber(o.result.tEnter);
                row.firstUlps = bothHit ? ExactUlps(o.result.tEnter, ex.tEnter, precision, &row.firstOff) : "";
            }
            if ((f & kFieldTExit) != 0) {
                row.second = ShortNumber(o.result.tExit);
                row.secondUlps = bothHit ? ExactUlps(o.result.tExit, ex.tExit, precision, &row.secondOff) : "";
            }
        } else if (o.result.hit) {
            if ((f & kFieldDepth) != 0) {
                row.first = ShortNumber(o.result.depth);
                row.firstUlps = bothHit ? ExactUlps(o.result.depth, ex.depth, precision, &row.firstOff) : "";
            }
            if ((f & kFieldNormal) != 0) {
                row.second = ShortVecText(o.result.normal);
            }
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

PairLegend LegendOf(const Scene& scene, const SceneQuery& query)
{
    PairLegend legend;
    const SceneShape* a = scene.Find(query.a);
    const SceneShape* b = scene.Find(query.b);
    legend.a = "a: " + (a != nullptr ? a->name : std::string("?"));
    legend.b = "b: " + (b != nullptr ? b->name : std::string("?"));
    legend.roles = !IsCast(query.family);
    legend.convention = legend.roles ? kNormalConvention : "";
    return legend;
}

} // namespace hitlab

// `hitlab hunt --json`.
#include "hunt_json.h"

#include "exact_json.h"

#include "core/io/protocol.h"
#include "core/io/scene_file.h"

namespace hitlab {

using nlohmann::ordered_json;

ordered_json HuntGroupJson(const Counterexample& c, const HuntOptions& options, std::uint32_t aReturns,
                           const std::string& failure, const std::string& scene)
{
    const Family family = c.query.family;
    ordered_json answers;
    answers["a"] = failure.empty() ? ResultToJson(c.a, aReturns, family) : ordered_json{{"failure", failure}};
    if (c.b) {
        const AlgorithmInfo* b = FindAlgorithm(family, options.b);
        answers["b"] = ResultToJson(*c.b, b != nullptr ? b->returns : kFieldHit, family);
    }
    answers["exact"] = ExactToJson(c.exact, {}, options.precision);
    answers["exact"].erase("algorithms");
    return {{"count", c.count},
            {"cause", c.cause},
            {"distribution", c.distribution},
            {"query", {{"query", FamilyName(family)}, {"a", ShapeToJson(c.query.a)}, {"b", ShapeToJson(c.query.b)}}},
            {"text", c.text},
            {"answers", std::move(answers)},
            {"scene", scene.empty() ? ordered_json(nullptr) : ordered_json(scene)}};
}

ordered_json HuntReportJson(const HuntCliOptions& o, const std::string& source, ordered_json groups,
                            const HuntProgress& progress, std::size_t threads, const std::string& method,
                            const std::vector<std::string>& testFiles, bool nearBoundary,
                            const std::string& notJudgedWhy)
{
    // "none found" only when every drawn case was judged (HuntStatusOf), never from the groups alone
    const HuntStatus status = HuntStatusOf(progress, groups.size());
    return {{"family", o.family},
            {"a", o.hunt.a},
            {"b", o.hunt.b.empty() ? ordered_json(nullptr) : ordered_json(o.hunt.b)},
            {"source", source.empty() ? ordered_json(nullptr) : ordered_json(source)},
            {"precision", PrecisionName(o.hunt.precision)},
            {"ulps", o.hunt.valueUlps > 0 ? JsonNumber(o.hunt.valueUlps) : ordered_json(nullptr)},
            {"seed", o.hunt.seed},
            {"groups", std::move(groups)},
            {"cases", progress.cases},
            {"seconds", JsonNumber(progress.seconds)},
            {"disagreeing", progress.disagreements},
            {"near_boundary", nearBoundary ? ordered_json(progress.nearBoundary) : ordered_json(nullptr)},
            {"exact_calls", progress.exactCalls},
            {"threads", threads},
            {"method", method},
            {"test_files", testFiles},
            {"status", HuntStatusName(status)},
            {"judged", progress.cases - progress.notJudged},
            {"not_judged", progress.notJudged},
            {"not_judged_why", notJudgedWhy.empty() ? ordered_json(nullptr) : ordered_json(notJudgedWhy)},
            {"none_found", status == HuntStatus::NoneFound}};
}

} // namespace hitlab

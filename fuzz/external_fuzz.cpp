// libFuzzer target: the external-algorithm line reader (app/sources/interface). The input's first line is
// read as a program's metadata line (ParseExternalMetadata), the rest as its answer to one
// ray/box query (ParseAnswerLine) for the algorithms it declared (or, when refused, for two fixed
// ones). Any bytes give an accepted result or a message, never a crash, a leak, a hang or an
// exception; an accepted answer has one result per algorithm asked, in the order asked.
#include "app/sources/interface/external_answer.h"
#include "app/sources/interface/external_metadata.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

void Fail(const char* what, std::string_view input)
{
    std::fprintf(stderr, "fuzz_external: %s for input: %.*s\n", what, static_cast<int>(input.size()), input.data());
    std::abort();
}

/// Two ray_aabb algorithms returning every field: the answer's reader is fuzzed even when the
/// metadata line was refused.
const std::vector<hitlab::ExternalAlgorithm>& Fallback()
{
    static const std::vector<hitlab::ExternalAlgorithm> declared = [] {
        const std::string object = R"("family": "ray_aabb", "title": "T", "summary": "S", "source": "s",)"
                                   R"( "reference": false, "published": true, "conventions": {},)"
                                   R"( "returns": ["hit", "t_enter", "t_exit", "point", "normal"]})";
        const hitlab::MetadataParse parsed = hitlab::ParseExternalMetadata(
            R"([{"name": "mine", )" + object + R"(, {"name": "yours", )" + object + "]", "fuzz");
        if (!parsed.Ok()) {
            std::fprintf(stderr, "fuzz_external: the fallback metadata is refused: %s\n", parsed.error.c_str());
            std::abort();
        }
        return parsed.algorithms;
    }();
    return declared;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const size_t newline = input.find('\n');
    const std::string_view metadataLine = input.substr(0, newline);
    const std::string_view answerLine =
        newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);

    const hitlab::MetadataParse parsed = hitlab::ParseExternalMetadata(metadataLine, "fuzz");
    if (parsed.Ok() == parsed.algorithms.empty()) {
        Fail(parsed.Ok() ? "metadata accepted without an algorithm" : "metadata refused with algorithms", input);
    }
    const std::vector<hitlab::ExternalAlgorithm>& declared = parsed.Ok() ? parsed.algorithms : Fallback();

    hitlab::ExternalQuery query;
    query.query.family = hitlab::Family::RayAabb;
    query.query.a = hitlab::Ray<double>{{-0.0, 0.5, -3.0}, {0.0, 0.0, 1.0}};
    query.query.b = hitlab::Aabb<double>{glm::dvec3(-1.0), glm::dvec3(1.0)};
    for (const hitlab::ExternalAlgorithm& a : declared) {
        if (a.family == hitlab::Family::RayAabb) {
            query.algorithms.push_back(a.name);
        }
    }
    if (query.algorithms.empty()) {
        return 0; // the program declared no ray_aabb algorithm: no query of this family goes to it
    }
    const hitlab::ExternalAnswer answer = hitlab::ParseAnswerLine(answerLine, 7, query, declared);
    if (answer.Ok()) {
        if (!answer.message.empty() || answer.results.size() != query.algorithms.size()) {
            Fail("an accepted answer without one result per algorithm asked", input);
        }
        for (size_t i = 0; i < answer.results.size(); ++i) {
            if (answer.results[i].name != query.algorithms[i]) {
                Fail("an accepted answer's results out of the order asked", input);
            }
        }
    } else if (answer.message.empty()) {
        Fail("a refused answer without a message", input);
    }
    return 0;
}

// libFuzzer target: the scene loader. Any bytes give a scene or one error, never a crash, a leak
// or a hang; a loaded scene saves and loads back to the same scene; a small one evaluates.
#include "core/io/scene_file.h"
#include "core/scene_eval.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

/// Larger scenes only load: evaluating all their pairs would dominate the fuzzer's time.
constexpr size_t kMaxShapesToEvaluate = 24;

[[noreturn]] void Fail(const char* what, const std::string& detail)
{
    std::fprintf(stderr, "fuzz_scene: %s: %s\n", what, detail.c_str());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace hitlab;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const SceneLoad load = ParseScene(text, "fuzz.json");
    if (load.Ok() == !load.error.what.empty()) {
        Fail("a load is either a scene or an error", ErrorText(load.error));
    }
    if (!load.Ok()) {
        return 0;
    }
    const Scene& scene = *load.scene;
    // round trip: what is saved loads back to the same scene, without warnings
    const std::string saved = SceneToJson(scene).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    const SceneLoad again = ParseScene(saved, "saved.json");
    if (!again.Ok()) {
        Fail("the saved scene does not load", ErrorText(again.error) + "\n" + saved);
    }
    if (!again.warnings.empty() || !SameScene(scene, *again.scene)) {
        Fail("the saved scene differs", saved);
    }
    if (scene.Shapes().size() <= kMaxShapesToEvaluate) {
        SceneEvaluator evaluation;
        evaluation.Evaluate(scene);
        for (const QueryEvaluation& qe : evaluation.Queries()) {
            const FamilySettings& settings = scene.Settings(qe.query.family);
            if (settings.drawn != nullptr) {
                (void)SceneEvaluator::TraceOf(scene, qe.query, *settings.drawn);
            }
        }
    }
    return 0;
}

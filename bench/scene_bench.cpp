// Scene evaluation on the stress scene (assets/scenes/stress.json: 500 boxes, 500 spheres, 100
// rays, solid pairs off: 100,000 ray casts) with every algorithm of every family on, as the GUI
// runs it: a full evaluation, and the update after moving one shape (SceneEvaluator::Update).
// Targets: full <= 5 ms, one shape <= 0.5 ms. items = queries evaluated. The full
// evaluation runs on several threads, so its time is real (wall-clock) time. Splits: deriving the
// queries (scene/queries), and running the algorithms alone, per query or in batches
// (scene/algorithms/single, /batch); the rest of a full evaluation is filling the comparisons.
#include "core/io/scene_file.h"
#include "core/scene_eval.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

namespace hitlab::bench {
namespace {

const Scene& StressScene()
{
    static const Scene scene = [] {
        const SceneLoad load = LoadSceneFile(HITLAB_SCENES_DIR "/stress.json");
        if (!load.Ok()) {
            std::fprintf(stderr, "bench_scene: %s\n", ErrorText(load.error).c_str());
            std::exit(1);
        }
        return *load.scene;
    }();
    return scene;
}

void EvaluateFull(benchmark::State& state)
{
    const Scene& scene = StressScene();
    SceneEvaluator evaluation;
    size_t queries = 0;
    for (auto _ : state) {
        queries += evaluation.Evaluate(scene);
        benchmark::DoNotOptimize(evaluation.Queries().data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(queries));
    state.counters["queries"] = double(evaluation.Queries().size());
}

/// The full evaluation on a fixed number of threads (SetThreads): 1 shows the work itself,
/// more how it shares out on this machine.
void EvaluateFullThreads(benchmark::State& state)
{
    const Scene& scene = StressScene();
    SceneEvaluator evaluation;
    evaluation.SetThreads(static_cast<unsigned>(state.range(0)));
    size_t queries = 0;
    for (auto _ : state) {
        queries += evaluation.Evaluate(scene);
        benchmark::DoNotOptimize(evaluation.Queries().data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(queries));
}

/// Deriving the scene's queries (Scene::Queries), the serial part every full evaluation starts with.
void DeriveQueries(benchmark::State& state)
{
    const Scene& scene = StressScene();
    size_t queries = 0;
    for (auto _ : state) {
        const std::vector<SceneQuery> list = scene.Queries();
        queries += list.size();
        benchmark::DoNotOptimize(list.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(queries));
}

/// The stress scene's queries grouped by family, with a table of every shape in double and float.
struct StressBatches {
    std::vector<Shape> shapes;
    std::vector<FloatShape> floatShapes;
    std::array<std::vector<ShapePair>, kFamilyCount> pairs;
    std::vector<Query> queries;
    size_t runs = 0; ///< algorithm runs over all queries (each query times its family's enabled algorithms)
};

const StressBatches& Batches()
{
    static const StressBatches batches = [] {
        const Scene& scene = StressScene();
        StressBatches b;
        for (const SceneShape& shape : scene.Shapes()) {
            b.shapes.push_back(shape.shape);
            b.floatShapes.push_back(ToFloat(shape.shape));
        }
        for (const SceneQuery& q : scene.Queries()) {
            b.pairs[static_cast<size_t>(q.family)].push_back(
                {static_cast<std::uint32_t>(scene.IndexOf(q.a)), static_cast<std::uint32_t>(scene.IndexOf(q.b))});
            b.queries.push_back(scene.MakeQuery(q));
            b.runs += scene.Settings(q.family).enabled.size();
        }
        return b;
    }();
    return batches;
}

/// The split of the evaluation that the batch runners change: every enabled algorithm on every
/// query, one thread, no comparison. `single`: Run per query and algorithm (the registry's
/// unpacking, conversion and indirect call each time); `batch`: RunBatch over 256 queries of a
/// family at a time, shapes converted once. items = algorithm runs.
void AlgorithmsSingle(benchmark::State& state)
{
    const Scene& scene = StressScene();
    const StressBatches& b = Batches();
    for (auto _ : state) {
        int hits = 0;
        for (const Query& q : b.queries) {
            const FamilySettings& settings = scene.Settings(q.family);
            for (const AlgorithmInfo* info : settings.enabled) {
                hits += Run(*info, q, settings.precision).hit ? 1 : 0;
            }
        }
        benchmark::DoNotOptimize(hits);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * b.runs));
}

void AlgorithmsBatch(benchmark::State& state)
{
    constexpr size_t kChunk = 256;
    const Scene& scene = StressScene();
    const StressBatches& b = Batches();
    std::vector<PackedResult<float>> floats(kChunk);
    std::vector<PackedResult<double>> doubles(kChunk);
    for (auto _ : state) {
        int hits = 0;
        for (Family family : AllFamilies()) {
            const std::vector<ShapePair>& pairs = b.pairs[static_cast<size_t>(family)];
            const FamilySettings& settings = scene.Settings(family);
            for (size_t begin = 0; begin < pairs.size(); begin += kChunk) {
                const size_t n = std::min(kChunk, pairs.size() - begin);
                const QueryBatch batch{b.shapes, b.floatShapes, std::span(pairs).subspan(begin, n)};
                for (const AlgorithmInfo* info : settings.enabled) {
                    RunBatch(*info, batch, settings.precision,
                             BatchResults{std::span(floats).first(settings.precision == Precision::Float ? n : 0),
                                          std::span(doubles).first(settings.precision == Precision::Double ? n : 0)});
                    hits += ((floats.front().flags | doubles.front().flags) & kPackedHit) != 0 ? 1 : 0;
                }
            }
        }
        benchmark::DoNotOptimize(hits);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * b.runs));
}

/// The first evaluation of a scene: also allocates every comparison and builds the pair index.
void EvaluateFullCold(benchmark::State& state)
{
    const Scene& scene = StressScene();
    size_t queries = 0;
    for (auto _ : state) {
        SceneEvaluator evaluation;
        queries += evaluation.Evaluate(scene);
        benchmark::DoNotOptimize(evaluation.Queries().data());
        state.PauseTiming(); // freeing 100,000 comparisons is not part of an evaluation
        evaluation = SceneEvaluator{};
        state.ResumeTiming();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(queries));
}

/// Moves one shape back and forth by a small step (as a drag does) and brings the evaluation up
/// to date. `index` picks the shape: a ray is in 1,000 queries, a solid in 100.
void EvaluateOneShape(benchmark::State& state, size_t index)
{
    Scene scene = StressScene();
    SceneEvaluator evaluation;
    evaluation.Evaluate(scene);
    SceneShape shape = scene.Shapes()[index];
    const glm::dvec3 step{0.0625, -0.03125, 0.015625};
    size_t queries = 0;
    bool forward = true;
    for (auto _ : state) {
        std::visit(
            [&](auto& s) {
                using S = std::decay_t<decltype(s)>;
                const glm::dvec3 delta = forward ? step : -step;
                if constexpr (std::is_same_v<S, Ray<double>>) {
                    s.origin += delta;
                } else if constexpr (std::is_same_v<S, Aabb<double>>) {
                    s.min += delta;
                    s.max += delta;
                } else if constexpr (std::is_same_v<S, Sphere<double>>) {
                    s.center += delta;
                }
            },
            shape.shape);
        forward = !forward;
        scene.Replace(shape);
        queries += evaluation.Update(scene);
        benchmark::DoNotOptimize(evaluation.Queries().data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(queries));
    state.counters["queries_per_update"] = state.iterations() > 0 ? double(queries) / double(state.iterations()) : 0.0;
}

// the first ray follows the 1,000 solids; shape 0 is a box
BENCHMARK(EvaluateFull)->Name("scene/evaluate_full")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(EvaluateFullThreads)
    ->Name("scene/evaluate_full/threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(EvaluateFullCold)->Name("scene/evaluate_full/cold")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(DeriveQueries)->Name("scene/queries")->Unit(benchmark::kMillisecond);
BENCHMARK(AlgorithmsSingle)->Name("scene/algorithms/single")->Unit(benchmark::kMillisecond);
BENCHMARK(AlgorithmsBatch)->Name("scene/algorithms/batch")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(EvaluateOneShape, ray, size_t(1000))->Name("scene/evaluate_one_shape")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(EvaluateOneShape, box, size_t(0))
    ->Name("scene/evaluate_one_shape/box")
    ->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace hitlab::bench

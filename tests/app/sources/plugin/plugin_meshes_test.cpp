// Meshes through the plugin ABI (app/sources/plugin/plugin_meshes.cpp, docs/plugins.md "Triangles
// and meshes") with the test plugin mesh_test_plugin.c: each mesh is prepared once per host start
// and precision, released when HitLab drops it, a refusal or a crash in prepare_mesh fails only the
// queries on that mesh, and a ray_mesh algorithm without its prepare_mesh is refused.
#include "app/sources/plugin/plugin_program.h"
#include "core/mesh.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// A mesh of vertexCount vertices (at least 3) whose first vertex has z = z0, one triangle.
Mesh<double> MeshOf(std::size_t vertexCount, double z0)
{
    std::vector<glm::dvec3> vertices(vertexCount, glm::dvec3(1, 2, 3));
    vertices[0].z = z0;
    return {MakeMeshData(std::move(vertices), {{{0, 1, 2}}})};
}

Query On(const Mesh<double>& mesh) { return {Family::RayMesh, Ray<double>{{0, 0, 5}, {0, 0, -1}}, mesh}; }

class PluginMeshes : public ::testing::Test {
protected:
    void SetUp() override
    {
        setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
        ASSERT_EQ(plugin.Start(), "");
    }

    std::vector<Result> Run(const std::vector<Query>& queries, Precision precision,
                            std::vector<SourceFailure>* failures = nullptr)
    {
        std::vector<Result> out(queries.size());
        const std::vector<SourceFailure> f = plugin.Run(0, precision, queries, out);
        if (failures != nullptr) {
            *failures = f;
        } else {
            EXPECT_TRUE(f.empty()) << f.front().message;
        }
        return out;
    }

    PluginProgram plugin{HITLAB_MESH_TEST_PLUGIN};
};

TEST_F(PluginMeshes, EachMeshIsPreparedOncePerPrecisionWithItsVertices)
{
    const Mesh<double> mesh = MeshOf(4, 2.5);
    // the answer: t_enter = the first vertex's z as prepared, u = how often its id was prepared
    for (int i = 0; i < 2; ++i) {
        const std::vector<Result> out = Run({On(mesh), On(mesh)}, Precision::Float);
        EXPECT_EQ(out[0].tEnter, 2.5);
        EXPECT_EQ(out[1].u, 1);
    }
    EXPECT_EQ(Run({On(mesh)}, Precision::Double)[0].u, 2); // the double copy: the same id again
    EXPECT_EQ(Run({On(mesh)}, Precision::Float)[0].u, 2);
    // another mesh in the same batch is its own
    const Mesh<double> other = MeshOf(3, -1);
    const std::vector<Result> both = Run({On(mesh), On(other)}, Precision::Float);
    EXPECT_EQ(both[0].tEnter, 2.5);
    EXPECT_EQ(both[1].tEnter, -1);
    EXPECT_EQ(both[1].triangle, 2u); // the plugin holds both
}

TEST_F(PluginMeshes, AMeshHitLabDroppedIsReleased)
{
    {
        const Mesh<double> first = MeshOf(3, 1);
        EXPECT_EQ(Run({On(first)}, Precision::Float)[0].triangle, 1u);
    }
    // the first mesh's data is gone: released before the next round trip, so the plugin holds one
    const Mesh<double> second = MeshOf(3, 2);
    const Result r = Run({On(second)}, Precision::Float)[0];
    EXPECT_EQ(r.tEnter, 2);
    EXPECT_EQ(r.triangle, 1u);
}

TEST_F(PluginMeshes, ARefusedMeshFailsOnlyItsQueries)
{
    const Mesh<double> good = MeshOf(3, 4), refused = MeshOf(5, 0);
    std::vector<SourceFailure> failures;
    const std::vector<Result> out = Run({On(good), On(refused), On(good), On(refused)}, Precision::Float, &failures);
    ASSERT_EQ(failures.size(), 2u);
    EXPECT_EQ(failures[0].index, 1u);
    EXPECT_EQ(failures[1].index, 3u);
    EXPECT_EQ(failures[0].status, ExternalStatus::Error);
    EXPECT_EQ(failures[0].message, "the plugin's prepare_mesh_f returned error code 7");
    EXPECT_EQ(out[0].tEnter, 4);
    EXPECT_EQ(out[2].tEnter, 4);
    EXPECT_FALSE(out[1].hit);
    EXPECT_EQ(plugin.Restarts(), 0);
}

TEST_F(PluginMeshes, ACrashInPrepareFailsItsQueriesAndTheOthersAreAnsweredByANewHost)
{
    const Mesh<double> good = MeshOf(3, 4), crashing = MeshOf(6, 0);
    EXPECT_EQ(Run({On(good)}, Precision::Double)[0].tEnter, 4);
    std::vector<SourceFailure> failures;
    const std::vector<Result> out = Run({On(crashing), On(good), On(crashing)}, Precision::Double, &failures);
    ASSERT_EQ(failures.size(), 2u);
    EXPECT_EQ(failures[0].index, 0u);
    EXPECT_EQ(failures[1].index, 2u);
    EXPECT_EQ(failures[0].message, "the plugin's prepare_mesh_d failed: killed by signal 6 (Aborted)");
    EXPECT_EQ(plugin.Restarts(), 1);
    // the new host got the good mesh again (prepared once there) and answered on it
    EXPECT_EQ(out[1].tEnter, 4);
    EXPECT_EQ(out[1].u, 1);
    // the crashing mesh keeps its failure: not sent again
    Run({On(crashing)}, Precision::Double, &failures);
    ASSERT_EQ(failures.size(), 1u);
    EXPECT_EQ(plugin.Restarts(), 1);
}

TEST(PluginMeshesRefused, ARayMeshAlgorithmNeedsItsPrepareMesh)
{
    setenv("HITLAB_PLUGIN_HOST", HITLAB_PLUGIN_HOST, 1);
    PluginProgram plugin(HITLAB_MESH_NO_PREPARE_PLUGIN);
    EXPECT_EQ(plugin.Start(), "plugin '" + std::string(HITLAB_MESH_NO_PREPARE_PLUGIN) +
                                  "': algorithm 0 (mesh_first_vertex_z): a ray_mesh algorithm needs the plugin's "
                                  "prepare_mesh_f (for run_f) and prepare_mesh_d (for run_d)");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

// Tests of `hitlab conventions` (app/cli/conventions.h): the probes' exact answers checked by hand,
// built-in cells whose answers follow from the algorithms' listings, the predicted verdicts of the
// declared conventions, a mark for a deliberately mis-declaring external program, and the JSON.
#include "app/cli/conventions.h"

#include "support/run_cli.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace hitlab {
namespace HITLAB_UNITY_ID {

using nlohmann::json;
using test::CliRun;
using test::RunCli;

/// The cell of algorithm on probe id in the matrix's JSON (null when absent).
json Cell(const json& matrix, const std::string& id, const std::string& algorithm)
{
    for (const json& family : matrix.at("families")) {
        for (const json& probe : family.at("probes")) {
            if (probe.at("id") != id) {
                continue;
            }
            for (const json& cell : probe.at("cells")) {
                if (cell.at("algorithm") == algorithm) {
                    return cell;
                }
            }
        }
    }
    return nullptr;
}

const json& BuiltInMatrix()
{
    static const json matrix = [] {
        const CliRun run = RunCli({"conventions", "--json"});
        EXPECT_EQ(run.status, 0) << run.err;
        return json::parse(run.out);
    }();
    return matrix;
}

TEST(ConventionsTest, EveryProbeParsesAndHasItsHandCheckedExactAnswer)
{
    // the exact answers the probes' notes derive by hand (t_enter of a cast, depth of an overlap)
    const std::map<std::string, std::string> expected = {
        {"ray_aabb/origin_inside", "hit 0"},
        {"ray_aabb/on_face_outward", "hit 0"},
        {"ray_aabb/on_edge_outward", "hit 0"},
        {"ray_aabb/grazing_corner", "hit 1"},
        {"ray_aabb/in_face_plane", "hit 1"},
        {"ray_aabb/zero_component", "hit 1"},
        {"ray_aabb/negative_zero", "hit 1"},
        {"ray_aabb/negative_zero_on_face", "hit 1"},
        {"ray_aabb/beyond_1000", "hit 2000"},
        {"ray_aabb/behind", "miss"},
        {"ray_aabb/far_float", "hit 0.30000000004656613"},
        {"segment_aabb/ends_before", "miss"},
        {"segment_aabb/ends_on_face", "hit 1"},
        {"segment_aabb/starts_inside", "hit 0"},
        {"ray_plane/back_face", "hit 1"},
        {"ray_plane/in_plane", "hit 0"},
        {"ray_plane/origin_on_plane", "hit 0"},
        {"ray_sphere/origin_inside", "hit 0"},
        {"ray_sphere/tangent", "hit 2"},
        {"ray_sphere/behind", "miss"},
        {"ray_obb/origin_inside", "hit 0"},
        {"ray_obb/on_face_outward", "hit 0"},
        {"ray_obb/negative_zero", "hit 1"},
        {"aabb_aabb/touching_faces", "hit 0"},
        {"aabb_aabb/touching_corners", "hit 0"},
        {"aabb_aabb/far_float", "miss"},
        {"sphere_aabb/touching", "hit 0"},
        {"sphere_sphere/touching", "hit 0"},
        {"obb_obb/touching", "hit 0"},
        {"point_aabb/on_face", "hit 0"},
        {"point_sphere/on_surface", "hit 0"},
        {"point_obb/on_face", "hit 0"},
        {"ray_triangle/back_face", "hit 1"},
        {"ray_triangle/on_edge", "hit 1"},
        {"ray_triangle/at_vertex", "hit 1"},
        {"ray_triangle/in_plane", "hit 1"},
        {"ray_triangle/origin_on_triangle", "hit 0"},
        {"segment_triangle/ends_on_triangle", "hit 1"},
        {"segment_triangle/starts_on_triangle", "hit 0"},
        {"aabb_triangle/touching_corner", "hit 0"},
        {"sphere_triangle/touching", "hit 0"},
        {"triangle_triangle/touching_vertex", "hit 0"},
        {"convex_convex/touching", "hit 0"},
    };
    std::set<std::string> seen;
    for (const json& family : BuiltInMatrix().at("families")) {
        for (const json& probe : family.at("probes")) {
            const std::string id = probe.at("id");
            SCOPED_TRACE(id);
            ASSERT_TRUE(expected.contains(id));
            EXPECT_EQ(probe.at("exact"), expected.at(id));
            EXPECT_EQ(id.substr(0, id.find('/')), family.at("family"));
            seen.insert(id);
        }
    }
    EXPECT_EQ(seen.size(), expected.size());
    EXPECT_EQ(seen.size(), ConventionProbes().size());
}

TEST(ConventionsTest, BuiltInCellsFollowTheListings)
{
    const json& m = BuiltInMatrix();
    // the slab method on a face pointing out: the interval [0, 0] is kept (closed box, t >= 0)
    EXPECT_EQ(Cell(m, "ray_aabb/on_face_outward", "slab").at("answer"), "hit 0");
    // the strict face test misses it, as it declares (boundary exclusive, origin inside a miss)
    const json faces = Cell(m, "ray_aabb/on_face_outward", "face_planes");
    EXPECT_EQ(faces.at("answer"), "miss");
    EXPECT_EQ(faces.at("declared"), (json{{"boundary", "exclusive"}, {"origin_inside", "miss"}, {"t_range", "t > 0"}}));
    EXPECT_EQ(faces.at("predicted"), false);
    EXPECT_EQ(faces.at("mark"), false);
    // -0 in a face plane: (0 - 0) / -0 is NaN; the slab method's comparisons drop it and hit at 1,
    // slab_robust's swap by value misses (its declared flaw), neither marked
    EXPECT_EQ(Cell(m, "ray_aabb/negative_zero_on_face", "slab").at("answer"), "hit 1");
    const json robust = Cell(m, "ray_aabb/negative_zero_on_face", "slab_robust");
    EXPECT_EQ(robust.at("answer"), "miss");
    EXPECT_EQ(robust.at("explanation"), "known_flaw");
    EXPECT_EQ(robust.at("mark"), false);
    EXPECT_EQ(Cell(m, "ray_aabb/negative_zero", "slab").at("answer"), "hit 1");
    // the float slab test sees the origin rounded to 999999.6875: t = 1000000 - 999999.6875
    EXPECT_EQ(Cell(m, "ray_aabb/far_float", "slab").at("answer"), "hit 0.3125");
    EXPECT_EQ(Cell(m, "ray_aabb/far_float", "slab_branchless").at("answer"), "hit 0.3125");
    // a listing with no check that the box is ahead hits a box behind, at t = -2
    EXPECT_EQ(Cell(m, "ray_aabb/behind", "slab_listing").at("answer"), "hit -2");
    EXPECT_EQ(Cell(m, "aabb_aabb/touching_faces", "interval").at("answer"), "hit 0");
    EXPECT_EQ(Cell(m, "aabb_aabb/touching_faces", "center_extent").at("answer"), "miss");
    EXPECT_EQ(Cell(m, "ray_triangle/back_face", "moller_trumbore_cull").at("answer"), "miss");
    EXPECT_EQ(Cell(m, "ray_triangle/back_face", "watertight").at("answer"), "hit 1");
    EXPECT_EQ(Cell(m, "point_aabb/on_face", "open_box").at("answer"), "miss");
}

TEST(ConventionsTest, TheBuiltInMarksAreTheKnownFindings)
{
    // mpr declares touching solids separate, yet reports the vertex standing on a triangle as a hit
    std::set<std::string> marked;
    for (const json& family : BuiltInMatrix().at("families")) {
        for (const json& probe : family.at("probes")) {
            for (const json& cell : probe.at("cells")) {
                if (cell.at("mark") == true) {
                    marked.insert(probe.at("id").get<std::string>() + " " + cell.at("algorithm").get<std::string>());
                }
            }
        }
    }
    EXPECT_EQ(marked, (std::set<std::string>{"triangle_triangle/touching_vertex mpr"}));
    EXPECT_EQ(BuiltInMatrix().at("marks"), 1);
}

TEST(ConventionsTest, PredictedVerdictsFollowTheDeclaredValues)
{
    AlgorithmInfo info;
    ExactResult exact;
    exact.hit = true; // t in [0, 0]: only touches at the origin
    info.conventions = {{"origin_inside", "miss"}};
    EXPECT_EQ(PredictVerdict(kOriginInside, info, exact), false);
    EXPECT_EQ(PredictVerdict(kBoundaryOnly, info, exact), true);
    info.conventions = {{"t_range", "t > 0"}};
    EXPECT_EQ(PredictVerdict(0, info, exact), false);
    info.conventions = {{"boundary", "exclusive"}};
    EXPECT_EQ(PredictVerdict(kBoundaryOnly, info, exact), false);
    info.conventions = {{"boundary", "inclusive"}, {"parallel", "miss"}};
    EXPECT_EQ(PredictVerdict(kBoundaryOnly, info, exact), true);
    EXPECT_EQ(PredictVerdict(kParallel, info, exact), false);
    info.conventions = {{"t_range", "t <= max distance"}, {"max_distance", "1000"}};
    exact.tEnter.value = exact.tExit.value = 2000;
    EXPECT_EQ(PredictVerdict(0, info, exact), false);
    info.conventions = {{"facing", "front only"}};
    EXPECT_EQ(PredictVerdict(kBackFacing, info, exact), false);
    exact.hit = false;
    info.conventions = {{"t_range", "any t"}};
    EXPECT_EQ(PredictVerdict(kBehind, info, exact), true);
    info.conventions = {{"boundary", "conservative"}};
    EXPECT_EQ(PredictVerdict(0, info, exact), std::nullopt);
    exact.hit = true;
    info.conventions = {{"boundary", "conservative"}, {"touching", "separate"}};
    EXPECT_EQ(PredictVerdict(kBoundaryOnly, info, exact), std::nullopt);
    info.conventions = {{"touching", "separate"}};
    EXPECT_EQ(PredictVerdict(kBoundaryOnly, info, exact), false);
}

TEST(ConventionsTest, AMisDeclaringExternalProgramIsMarked)
{
    if (std::system("python3 --version > /dev/null 2>&1") != 0) {
        GTEST_SKIP() << "python3 is not available";
    }
    const std::string command =
        "python3 '" + std::string(HITLAB_TEST_DATA) + "/conventions/claims_origin_inside_miss.py'";
    const CliRun run = RunCli({"conventions", "--json", "--external", command});
    ASSERT_EQ(run.status, 0) << run.err;
    const json m = json::parse(run.out);
    // the slab method hits from inside at t = 0, but declares origin_inside: miss
    const json inside = Cell(m, "ray_aabb/origin_inside", "claims_origin_inside_miss");
    ASSERT_TRUE(inside.is_object());
    EXPECT_EQ(inside.at("answer"), "hit 0");
    EXPECT_EQ(inside.at("declared").at("origin_inside"), "miss");
    EXPECT_EQ(inside.at("predicted"), false);
    EXPECT_EQ(inside.at("mark"), true);
    EXPECT_EQ(Cell(m, "ray_aabb/on_face_outward", "claims_origin_inside_miss").at("mark"), true);
    // where the origin is outside, it does what it declares
    EXPECT_EQ(Cell(m, "ray_aabb/grazing_corner", "claims_origin_inside_miss").at("answer"), "hit 1");
    EXPECT_EQ(Cell(m, "ray_aabb/grazing_corner", "claims_origin_inside_miss").at("mark"), false);
    EXPECT_EQ(Cell(m, "ray_aabb/negative_zero", "claims_origin_inside_miss").at("mark"), false);
    EXPECT_EQ(m.at("marks"), BuiltInMatrix().at("marks").get<int>() + 3); // inside, on a face, on an edge

    const CliRun text = RunCli({"conventions", "--external", command});
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("claims_origin_inside_miss (" + command + ")"), std::string::npos);
    EXPECT_NE(text.out.find("hit 0 [inclusive, miss, t >= 0] !"), std::string::npos) << text.out; // on a face
    const CliRun markdown = RunCli({"conventions", "--markdown", "--external", command});
    EXPECT_NE(markdown.out.find("hit 0 [miss, t >= 0] **≠**"), std::string::npos) << markdown.out;
}

TEST(ConventionsTest, ARefusedSourceIsAClearError)
{
    const CliRun run = RunCli({"conventions", "--external", "exit 3"});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.err.rfind("hitlab conventions: ", 0), 0u) << run.err;
    EXPECT_NE(run.err.find("exit 3"), std::string::npos) << run.err;
    EXPECT_TRUE(run.out.empty());
}

TEST(ConventionsTest, TextAndMarkdownHaveOneTablePerFamily)
{
    const CliRun text = RunCli({"conventions"});
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("\nray_aabb\nprobe "), std::string::npos);
    EXPECT_NE(text.out.find("1 mark: answers not what the algorithm declares"), std::string::npos);
    const CliRun markdown = RunCli({"conventions", "--markdown"});
    ASSERT_EQ(markdown.status, 0) << markdown.err;
    EXPECT_NE(markdown.out.find("### convex_convex\n\n| probe | keys | exact | sat_reference |"), std::string::npos);
    EXPECT_NE(markdown.out.find("| `ray_aabb/far_float` (float): far from the origin, float |"), std::string::npos);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

// `hitlab eval` on the point containment families: answers with the exact judge, the open box's
// miss on a face, and the error lines of bad point input.
#include "app/cli/eval.h"

#include <gtest/gtest.h>

#include <string>

namespace hitlab {
namespace HITLAB_UNITY_ID {

nlohmann::ordered_json Answer(const std::string& line, bool expectOk = true)
{
    bool ok = false;
    nlohmann::ordered_json answer = AnswerLine(line, ok);
    EXPECT_EQ(ok, expectOk) << answer.dump();
    return answer;
}

TEST(EvalPoint, PointOnAFaceIsInsideTheClosedBoxAndOutsideTheOpenOne)
{
    const auto a = Answer(R"({"id":7,"query":"point_aabb","a":{"type":"point","position":[1,0.25,0]},)"
                          R"("b":{"type":"aabb","min":[-1,-1,-1],"max":[1,1,1]},"precision":"float","exact":true})");
    EXPECT_EQ(a["id"], 7);
    EXPECT_EQ(a["results"]["closed_box"]["hit"], true);
    EXPECT_EQ(a["results"]["closed_box"]["depth"], 0);
    EXPECT_EQ(a["results"]["open_box"]["hit"], false);
    EXPECT_EQ(a["exact"]["hit"], true);
    EXPECT_EQ(a["exact"]["depth_text"], "0");
    EXPECT_EQ(a["exact"]["algorithms"]["open_box"]["agrees_with_exact"], false);
    EXPECT_EQ(a["exact"]["algorithms"]["closed_box"]["agrees_with_exact"], true);
}

TEST(EvalPoint, SphereAndObbDepths)
{
    const auto s = Answer(R"({"id":1,"query":"point_sphere","a":{"type":"point","position":[1,2,6]},)"
                          R"("b":{"type":"sphere","center":[1,2,3],"radius":5},"precision":"double","exact":true})");
    EXPECT_EQ(s["results"]["squared_distance"]["hit"], true);
    EXPECT_EQ(s["results"]["squared_distance"]["depth"], 2);
    EXPECT_EQ(s["results"]["distance"]["depth"], 2);
    EXPECT_EQ(s["exact"]["depth_text"], "2");
    const auto o = Answer(R"({"id":2,"query":"point_obb","a":{"type":"point","position":[0.5,1.5,0.5]},)"
                          R"("b":{"type":"obb","center":[0,0,0],"half_extents":[2,1,1],"rotation_deg":[0,0,90]},)"
                          R"("precision":"double","exact":true})");
    EXPECT_EQ(o["results"]["axis_projection"]["hit"], true);
    EXPECT_EQ(o["exact"]["hit"], true);
    EXPECT_NEAR(o["exact"]["depth"].get<double>(), 0.5, 1e-15);
    const auto out = Answer(R"({"id":3,"query":"point_obb","a":{"type":"point","position":[1.5,0,0]},)"
                            R"("b":{"type":"obb","center":[0,0,0],"half_extents":[2,1,1],"rotation_deg":[0,0,90]}})");
    EXPECT_EQ(out["results"]["axis_projection"]["hit"], false);
    EXPECT_EQ(out["results"]["inverse_matrix"]["hit"], false);
}

TEST(EvalPoint, BadPointsGetAClearErrorLine)
{
    auto e = Answer(R"({"id":4,"query":"point_aabb","a":{"type":"point","position":[0,"NaN",0]},)"
                    R"("b":{"type":"aabb","min":[-1,-1,-1],"max":[1,1,1]}})",
                    false);
    EXPECT_EQ(e["id"], 4);
    EXPECT_EQ(e["error"], "a.position[1]: expected a number, got string \"NaN\"");
    e = Answer(R"({"id":5,"query":"point_aabb","a":{"type":"point","at":[0,0,0]},)"
               R"("b":{"type":"aabb","min":[-1,-1,-1],"max":[1,1,1]}})",
               false);
    EXPECT_EQ(e["error"], "a.position: missing (a point needs \"position\")");
    e = Answer(R"({"id":6,"query":"point_sphere","a":{"type":"sphere","center":[0,0,0],"radius":1},)"
               R"("b":{"type":"sphere","center":[0,0,0],"radius":1}})",
               false);
    EXPECT_EQ(e["error"], "a.type: expected \"point\" for point_sphere, got \"sphere\"");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

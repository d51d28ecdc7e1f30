// Duplicate and Delete (app/gui/view/shape_commands.h), shared by the Edit menu, Ctrl+D / Delete and
// the viewport: each is one undoable step. No window.
#include "app/gui/view/shape_commands.h"

#include <gtest/gtest.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

Scene BallScene()
{
    Scene scene;
    SceneShape ball;
    ball.name = "ball";
    ball.shape = Sphere<double>{{1.0, 2.0, 3.0}, 1.0};
    scene.Add(ball);
    return scene;
}

TEST(ShapeCommands, DuplicateAddsAMovedNamedCopyAsOneUndoStep)
{
    Scene scene = BallScene();
    History history;
    const ShapeId ball = scene.Shapes()[0].id;
    const ShapeId expected = scene.NextId();
    const ShapeId copy = DuplicateShape(scene, history, ball, {0.5, 0.0, 0.0});
    ASSERT_EQ(copy, expected);
    ASSERT_EQ(scene.Shapes().size(), 2u);
    const SceneShape* c = scene.Find(copy);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->name, "ball copy");
    const auto& sphere = std::get<Sphere<double>>(c->shape);
    EXPECT_EQ(sphere.center, glm::dvec3(1.5, 2.0, 3.0));
    EXPECT_EQ(sphere.radius, 1.0);
    EXPECT_EQ(std::get<Sphere<double>>(scene.Find(ball)->shape).center, glm::dvec3(1.0, 2.0, 3.0));
    ASSERT_TRUE(history.Undo(scene));
    EXPECT_EQ(scene.Shapes().size(), 1u);
    EXPECT_EQ(scene.Find(copy), nullptr);
    EXPECT_FALSE(history.CanUndo());
}

TEST(ShapeCommands, DeleteRemovesAsOneUndoStep)
{
    Scene scene = BallScene();
    History history;
    const ShapeId ball = scene.Shapes()[0].id;
    ASSERT_TRUE(DeleteShape(scene, history, ball));
    EXPECT_TRUE(scene.Shapes().empty());
    ASSERT_TRUE(history.Undo(scene));
    ASSERT_NE(scene.Find(ball), nullptr);
    EXPECT_EQ(scene.Find(ball)->name, "ball");
}

TEST(ShapeCommands, AMissingShapeChangesNothing)
{
    Scene scene = BallScene();
    History history;
    EXPECT_EQ(DuplicateShape(scene, history, 99, {1.0, 0.0, 0.0}), 0u);
    EXPECT_FALSE(DeleteShape(scene, history, 99));
    EXPECT_EQ(scene.Shapes().size(), 1u);
    EXPECT_FALSE(history.CanUndo());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

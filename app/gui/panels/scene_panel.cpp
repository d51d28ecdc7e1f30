// The Scene panel: the lesson's title, description, what to look at and question, Previous / Next
// through the course, the shapes (visibility, colour, select,
// rename inline) and adding a shape of any type in front of the camera.
#include "app/gui/model/convex_make.h"
#include "app/gui/model/lesson_box.h"
#include "app/gui/model/lessons.h"
#include "external_ui.h"
#include "offset_section.h"
#include "panel.h"
#include "quiz_panel.h"

#include "app/gui/view/viewport.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <iterator>

namespace hitlab {

namespace {

/// A new shape of the kind around `at`, sized by the grid step `s`.
Shape NewShape(ShapeKind kind, const glm::dvec3& at, double s, const glm::dvec3& right)
{
    switch (kind) {
    case ShapeKind::Ray:
        return Ray<double>{at - right * (2.0 * s), right * s};
    case ShapeKind::Segment:
        return Segment<double>{at - right * s, at + right * s};
    case ShapeKind::Plane:
        return Plane<double>{{0, 1, 0}, at.y};
    case ShapeKind::Aabb:
        return Aabb<double>{at - glm::dvec3(0.5 * s), at + glm::dvec3(0.5 * s)};
    case ShapeKind::Sphere:
        return Sphere<double>{at, 0.5 * s};
    case ShapeKind::Obb: {
        Obb<double> box;
        box.center = at;
        box.halfExtents = glm::dvec3(0.5 * s);
        return box;
    }
    case ShapeKind::Point:
        return Point<double>{at};
    case ShapeKind::Triangle:
        return Triangle<double>{
            {at + glm::dvec3(-0.5, -0.4, 0) * s, at + glm::dvec3(0.5, -0.4, 0) * s, at + glm::dvec3(0, 0.6, 0) * s}};
    case ShapeKind::Mesh: // the unit square's two triangles, around `at`
        return Translated(
            Mesh<double>{MovedMeshData(*DefaultMesh().data,
                                       [s](const glm::dvec3& p) { return (p - glm::dvec3(0.5, 0.5, 0)) * s; })},
            at);
    case ShapeKind::Convex: // a cube's corners, around `at`
        return Translated(
            Convex<double>{MovedConvexData(*DefaultConvex().data, [s](const glm::dvec3& p) { return p * s; })}, at);
    }
    UnknownShapeKind(kind);
}

/// Markdown shown as plain wrapped text: paragraphs, bullets; emphasis and code marks dropped.
void MarkdownText(const std::string& markdown)
{
    size_t start = 0;
    while (start <= markdown.size()) {
        size_t end = markdown.find('\n', start);
        if (end == std::string::npos) {
            end = markdown.size();
        }
        std::string line = markdown.substr(start, end - start);
        start = end + 1;
        std::string plain;
        for (char c : line) {
            if (c != '*' && c != '`') {
                plain += c;
            }
        }
        if (plain.empty()) {
            ImGui::Spacing();
        } else if (plain.starts_with("- ")) {
            ImGui::Bullet();
            ImGui::TextWrapped("%s", plain.c_str() + 2);
        } else if (plain.starts_with("#")) {
            ImGui::TextWrapped("%s", plain.c_str() + plain.find_first_not_of("# "));
        } else {
            ImGui::TextWrapped("%s", plain.c_str());
        }
        if (end == markdown.size()) {
            break;
        }
    }
}

class ScenePanel final : public Panel {
public:
    void Draw(PanelContext& ctx) override
    {
        Scene& scene = ctx.GetScene();
        if (!scene.title.empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.45f, 1.0f), "%s", scene.title.c_str());
            ImGui::PopTextWrapPos();
        }
        const bool inCourse = ctx.course != nullptr && ctx.course->IndexOf(ctx.scenePath) >= 0;
        if (inCourse) {
            // the course: previous / next lesson, and where this one is in it
            CourseButtons(ctx);
            ImGui::SameLine();
            ImGui::TextDisabled("lesson %d of %zu", ctx.course->IndexOf(ctx.scenePath) + 1, ctx.course->lessons.size());
        }
        ScenePluginsNotice(ctx); // at the lesson: its text tells what the plugin shows
        if (!scene.description.empty() && ImGui::CollapsingHeader("Lesson", ImGuiTreeNodeFlags_DefaultOpen)) {
            // the box grows with the panel (a tall panel, a projector's large font); with a quiz
            // question open it holds only the notice below, so the quiz's inputs under it stay in view
            const float line = ImGui::GetTextLineHeight();
            const float boxHeight =
                ctx.state.hideAnswers ? 5.0f * line : LessonBoxHeight(ImGui::GetContentRegionAvail().y, line);
            ImGui::BeginChild("lesson", ImVec2(0, boxHeight), true);
            // a quiz question open: the lesson's text and what to look at may give the answer away
            if (ctx.state.hideAnswers) {
                ImGui::PushTextWrapPos(0.0f);
                ImGui::TextDisabled("The lesson's text is hidden until Reveal (it may give the answer away); "
                                    "the quiz below asks the question.");
                ImGui::PopTextWrapPos();
            } else {
                MarkdownText(scene.description);
            }
            // the lesson's "what to look at" and its question for the student
            if (!scene.look.empty() && !ctx.state.hideAnswers) {
                ImGui::Spacing();
                ImGui::TextColored(ImVec4(0.55f, 0.8f, 1.0f, 1.0f), "What to look at:");
                MarkdownText(scene.look);
            }
            if (!scene.question.empty() && !ctx.state.hideAnswers) {
                ImGui::Spacing();
                ImGui::TextColored(ImVec4(0.6f, 0.95f, 0.55f, 1.0f), "Question:");
                MarkdownText(scene.question);
            }
            ImGui::EndChild();
        }
        QuizBox(ctx); // the lesson's exercises: predict, then reveal (quiz_panel.h)
        m_offset.Draw(ctx);
        AddShapeButton(ctx);
        ImGui::SameLine();
        ImGui::TextDisabled("%zu shapes", scene.Shapes().size());

        ImGui::BeginChild("shapes", ImVec2(0, 0), false);
        // only the rows in view are built (a scene of 100,000 shapes lists as fast as one of ten)
        ImGuiListClipper clipper;
        clipper.Begin(int(scene.Shapes().size()));
        while (clipper.Step()) {
            const auto& all = scene.Shapes();
            const auto first = all.begin() + std::min<std::ptrdiff_t>(clipper.DisplayStart, std::ssize(all));
            const auto last = all.begin() + std::min<std::ptrdiff_t>(clipper.DisplayEnd, std::ssize(all));
            const std::vector<SceneShape> rows(first, last); // commands below change the scene
            for (const SceneShape& s : rows) {
                ImGui::PushID(int(s.id));
                ShapeRow(ctx, s);
                ImGui::PopID();
            }
        }
        m_colourEdit.CloseUnless(ImGui::IsAnyItemActive());
        ImGui::EndChild();
    }

private:
    OffsetSection m_offset; ///< "Far from the origin": the offset slider and the answers at it

    /// Adds a shape of any type in front of the camera (at the point it orbits).
    static void AddShapeButton(PanelContext& ctx)
    {
        if (ImGui::Button("Add shape...")) {
            ImGui::OpenPopup("add shape");
        }
        if (!ImGui::BeginPopup("add shape")) {
            return;
        }
        for (ShapeKind kind : kShapeKinds) {
            // "box (aabb)", "sphere": the kind in words, with the protocol's name when it differs
            const std::string noun = ShapeKindNoun(kind), name = ShapeKindName(kind);
            if (ImGui::MenuItem((noun == name ? name : noun + " (" + name + ")").c_str())) {
                AddNewShape(ctx, NewShape(kind, ctx.GetCamera().target, GridSpacing(ctx.GetCamera()),
                                          Basis(ctx.GetCamera()).right));
            }
        }
        ImGui::Separator();
        AddConvexItems(ctx);
        ImGui::EndPopup();
    }

    /// The convex shape's two other ways in: the corners of the selected box, and a random cloud.
    static void AddConvexItems(PanelContext& ctx)
    {
        const SceneShape* selected = ctx.GetScene().Find(ctx.Selected());
        const std::optional<Convex<double>> corners =
            selected != nullptr ? ConvexFromBox(selected->shape) : std::optional<Convex<double>>();
        if (ImGui::MenuItem("convex from the selected box", nullptr, false, corners.has_value())) {
            AddNewShape(ctx, *corners);
        }
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
            ImGui::SetTooltip("the 8 corners of the selected box (aabb) or oriented box (obb)");
        }
        static int points = 20;
        static std::uint64_t seed = 1;
        if (ImGui::MenuItem("convex: random cloud")) {
            const double s = GridSpacing(ctx.GetCamera());
            AddNewShape(ctx, RandomConvexCloud(ctx.GetCamera().target, s, points, seed++));
        }
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
        ImGui::InputInt("points in the cloud", &points);
        points = std::clamp(points, kMinCloudPoints, kMaxCloudPoints);
    }

    /// Adds the shape with a default name and colour, and selects it.
    static void AddNewShape(PanelContext& ctx, Shape made)
    {
        Scene& scene = ctx.GetScene();
        SceneShape shape;
        shape.shape = std::move(made);
        shape.name = DefaultShapeName(scene, ShapeTypeName(shape.shape));
        static const glm::vec4 kColors[] = {
            {1.0f, 0.75f, 0.2f, 1}, {0.35f, 0.55f, 0.95f, 1}, {0.4f, 0.8f, 0.45f, 1}, {0.85f, 0.45f, 0.9f, 1}};
        shape.color = kColors[scene.NextId() % 4];
        const ShapeId id = scene.NextId();
        ctx.Execute(AddShapeCommand(std::move(shape)));
        ctx.Select(id);
    }

    /// One shape: visible, colour, and its name (click: select, double-click: rename inline).
    void ShapeRow(PanelContext& ctx, const SceneShape& s)
    {
        Scene& scene = ctx.GetScene();
        bool visible = s.visible;
        if (ImGui::Checkbox("##visible", &visible)) {
            SceneShape after = s;
            after.visible = visible;
            ctx.Execute(ChangeShapeCommand(scene, after, visible ? "Show" : "Hide"));
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("visible");
        }
        ImGui::SameLine();
        float color[4] = {s.color.x, s.color.y, s.color.z, s.color.w};
        if (ImGui::ColorEdit4("##color", color, ImGuiColorEditFlags_NoInputs | ImGuiColorEditFlags_NoAlpha)) {
            SceneShape after = s;
            after.color = {color[0], color[1], color[2], color[3]};
            // one undo step per colour-picker session
            ctx.Execute(ChangeShapeCommand(scene, after, "Colour of"), m_colourEdit.For(ctx, ImGui::IsItemActivated()));
        }
        ImGui::SameLine();
        if (m_renaming == s.id && ctx.Selected() == s.id) {
            RenameField(ctx, s);
            return;
        }
        const std::string label = s.name + "  (" + ShapeTypeName(s.shape) + ")";
        if (ImGui::Selectable(label.c_str(), ctx.Selected() == s.id, ImGuiSelectableFlags_AllowDoubleClick)) {
            ctx.Select(s.id);
            if (ImGui::IsMouseDoubleClicked(0)) {
                m_renaming = s.id;
                m_rename = s.name;
            }
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("click: select   double-click: rename");
        }
    }

    void RenameField(PanelContext& ctx, const SceneShape& s)
    {
        ImGui::SetNextItemWidth(-1);
        if (ImGui::IsWindowAppearing() || !ImGui::IsAnyItemActive()) {
            ImGui::SetKeyboardFocusHere();
        }
        if (ImGui::InputText("##rename", &m_rename,
                             ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll)) {
            if (!m_rename.empty() && s.name != m_rename) {
                SceneShape after = s;
                after.name = m_rename;
                ctx.Execute(ChangeShapeCommand(ctx.GetScene(), after, "Rename " + s.name + " to"));
            }
            m_renaming = 0;
        } else if (ImGui::IsItemDeactivated()) {
            m_renaming = 0;
        }
    }

    ShapeId m_renaming = 0; ///< the shape renamed inline (while it stays selected)
    std::string m_rename;
    EditGroup m_colourEdit;
};

} // namespace

std::unique_ptr<Panel> MakeScenePanel() { return std::make_unique<ScenePanel>(); }

} // namespace hitlab

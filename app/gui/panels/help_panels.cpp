// The Help windows: Lessons (the course in order with each question, Next and Previous), Controls (every binding
// of the mouse and keys) and About.
#include "app/gui/model/lessons.h"
#include "panel.h"

#include <imgui.h>

namespace hitlab {

namespace {

/// The course: every lesson in order (click: open it) with its question, the current one marked,
/// Previous / Next.
class LessonsPanel final : public Panel {
public:
    void Draw(PanelContext& ctx) override
    {
        if (ctx.course == nullptr) {
            return;
        }
        const Course& course = *ctx.course;
        if (!course.error.empty()) {
            ImGui::TextColored(ImVec4(1.0f, 0.5f, 0.4f, 1.0f), "%s", course.error.c_str());
        }
        const int current = course.IndexOf(ctx.scenePath);
        CourseButtons(ctx);
        ImGui::SameLine();
        if (current >= 0) {
            ImGui::TextDisabled("lesson %d of %zu", current + 1, course.lessons.size());
        } else {
            ImGui::TextDisabled("%zu lessons; this scene is not one of them", course.lessons.size());
        }
        ImGui::Separator();
        for (size_t i = 0; i < course.lessons.size(); ++i) {
            const std::string label = std::to_string(i + 1) + ". " + course.lessons[i].title;
            if (ImGui::Selectable(label.c_str(), static_cast<int>(i) == current) && static_cast<int>(i) != current) {
                ctx.Queue(panel_action::OpenLesson{course.lessons[i].path});
            }
            if (!course.lessons[i].question.empty()) { // the lesson's question, its Markdown marks dropped
                std::string question;
                for (const char c : course.lessons[i].question) {
                    if (c != '*' && c != '`') {
                        question += c;
                    }
                }
                ImGui::Indent();
                ImGui::PushTextWrapPos(0.0f);
                ImGui::TextDisabled("%s", question.c_str());
                ImGui::PopTextWrapPos();
                ImGui::Unindent();
            }
        }
    }
};

class ControlsPanel final : public Panel {
public:
    void Draw(PanelContext& /*ctx*/) override
    {
        static const char* const kBindings[][2] = {
            {"Left click", "select a shape (empty space: deselect)"},
            {"Left drag on a shape", "move it in the plane facing the camera"},
            {"  hold X / Y / Z", "move along that axis only"},
            {"Drag a red / green / blue arrow", "move the selection along x / y / z only (no z arrow in 2D)"},
            {"  hold Ctrl", "snap to the grid"},
            {"  Esc", "cancel the drag"},
            {"Drag a handle", "resize a box, a sphere's radius, a ray's origin or tip"},
            {"Drag a ray fan's dot", "move the fan's origin (View > Ray fan); the fan recomputes live"},
            {"R", "rotate mode: drag an oriented box, a triangle or a mesh to turn it about the view axis (X / Y / Z: "
                  "that axis)"},
            {"  drag a ring (rotate mode)", "turn the oriented box, triangle or mesh about the ring's x / y / z axis"},
            {"Middle drag / Alt + left drag", "orbit"},
            {"Shift + middle drag", "pan"},
            {"Mouse wheel", "zoom at the cursor"},
            {"F / Home", "frame the selection / everything"},
            {"1 / 3 / 7", "front / right / top view"},
            {"5", "orthographic on / off"},
            {"2", "2D mode (the z = 0 plane)"},
            {"G", "hide the hints"},
            {"F5", "presentation mode: the viewport, the number line and the verdict (F5 or Esc leaves)"},
            {"  Left / Right, PageUp / PageDown", "previous / next trace step (a presenter's clicker)"},
            {"  Space", "play / pause the trace's steps"},
            {"Alt+Right / Alt+Left", "next / previous lesson of the course (Help > Lessons)"},
            {"Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z)", "undo / redo"},
            {"Ctrl+D / Delete", "duplicate / delete the selection"},
            {"Ctrl+N / Ctrl+O / Ctrl+S / Ctrl+Shift+S", "new / open / save / save as"},
            {"Ctrl+E", "export PNG"},
            {"Ctrl+Q", "quit"},
            {"Results row click", "focus that pair in the viewport and the Query inspector"},
            {"Query inspector |< < > >| play", "walk the trace; the viewport draws the current step"},
        };
        if (ImGui::BeginTable("bindings", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
            for (const auto& b : kBindings) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(b[0]);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(b[1]);
            }
            ImGui::EndTable();
        }
    }
};

class AboutPanel final : public Panel {
public:
    void Draw(PanelContext& /*ctx*/) override
    {
        ImGui::Text("HitLab: geometric intersection algorithms, made visible.");
        ImGui::TextDisabled("Many published variants of ray/box, ray/sphere and box/box tests run on the same");
        ImGui::TextDisabled("input; their answers and step-by-step traces are shown side by side, with why");
        ImGui::TextDisabled("they disagree. Dear ImGui %s, GLFW, OpenGL 3.3.", ImGui::GetVersion());
    }
};

} // namespace

void CourseButtons(PanelContext& ctx)
{
    const LessonEntry* previous = ctx.course != nullptr ? ctx.course->Previous(ctx.scenePath) : nullptr;
    const LessonEntry* next = ctx.course != nullptr ? ctx.course->Next(ctx.scenePath) : nullptr;
    ImGui::BeginDisabled(previous == nullptr);
    if (ImGui::Button("< Previous")) {
        ctx.Queue(panel_action::OpenLesson{previous->path});
    }
    if (previous != nullptr && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip("%s (Alt+Left)", previous->title.c_str());
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(next == nullptr);
    if (ImGui::Button("Next >")) {
        ctx.Queue(panel_action::OpenLesson{next->path});
    }
    if (next != nullptr && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip("%s (Alt+Right)", next->title.c_str());
    }
    ImGui::EndDisabled();
}

std::unique_ptr<Panel> MakeLessonsPanel() { return std::make_unique<LessonsPanel>(); }

std::unique_ptr<Panel> MakeControlsPanel() { return std::make_unique<ControlsPanel>(); }

std::unique_ptr<Panel> MakeAboutPanel() { return std::make_unique<AboutPanel>(); }

} // namespace hitlab

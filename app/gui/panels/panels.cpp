// The panels' frame: the panel table's windows placed and drawn, the selection followed, the
// queued actions run, the occluders for the viewport, PNG export and the report the GUI test reads.
#include "panels.h"
#include "quiz_panel.h"

#include "app/gui/view/viewport.h"

#include "core/io/scene_file.h"
#include "render/frame.h"

#include <imgui.h>
#include <imgui_internal.h>
#include <stb_image_write.h>

#include <nlohmann/json.hpp>

#include <cstdarg>
#include <fstream>
#include <type_traits>

namespace hitlab {

namespace {

void CollectImGuiError(void* user, const char* fmt, ...)
{
    char text[512];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    static_cast<std::vector<std::string>*>(user)->push_back(text);
}

} // namespace

Panels::Panels(const GuiOptions& options, Document& document, Viewport& viewport)
    : m_document(document), state(document.focus), m_viewport(viewport), m_options(options),
      m_fontScale(options.fontScale), m_course(LoadCourse(LessonDirectory()))
{
    ImGui::GetIO().FontGlobalScale =
        m_fontScale; // before the first frame, which lays the panels out below the menu bar
    for (const PanelSpec& spec : PanelTable()) {
        Slot slot{&spec, MakePanel(spec.id), spec.openByDefault, 0};
        if (!options.openPanel.empty() && spec.flag == options.openPanel) {
            slot.open = true;
            if (options.runPanel) {
                slot.panel->AutoStart();
            }
        }
        m_slots.push_back(std::move(slot));
    }
    LoadSettings();
    StartExternal();
    m_document.lastSelected = m_document.Selected();
    SetPresenting(options.present);
    state.quiz.SetOn(options.quiz); // --quiz: each lesson opens its first exercise
}

Panels::~Panels()
{
    m_document.externalSession = nullptr;
    m_document.UpdateSummary();
}

Panels::Slot* Panels::Find(PanelId id)
{
    for (Slot& slot : m_slots) {
        if (slot.spec->id == id) {
            return &slot;
        }
    }
    return nullptr;
}

PanelContext Panels::Context()
{
    const bool last = m_options.frames > 0 && m_frame == m_options.frames - 1;
    PanelContext ctx{m_document, m_viewport, m_actions, m_nextEditGroup, last};
    ctx.external = m_external.Empty() ? nullptr : &m_external;
    ctx.course = &m_course;
    ctx.scenePath = m_path;
    ctx.unloadedScenePlugins = UnloadedScenePlugins(m_external, m_document.GetScene(), m_path);
    return ctx;
}

LayoutFrame Panels::Frame() const
{
    // below the menu bar (its height, not WorkPos: the work area shrinks only a frame after the bar appears)
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    return {vp->Pos.x, vp->Pos.y, vp->Size.x, vp->Size.y, ImGui::GetFrameHeight()};
}

void Panels::Layout()
{
    // the panels follow the window: a new size places them again, as View > Reset layout does
    if (m_presenting) {
        // the strips are placed when drawn (until then the last frame's viewport); the last size
        // is kept, so that the panels are placed again on leaving when the window changed size
        const PanelRect& r = m_presentLayout.viewport;
        m_viewport.overlayArea = {r.x, r.y, r.w, r.h};
        m_docked.clear();
        return;
    }
    const LayoutFrame frame = Frame();
    if (WindowResized(m_lastLayoutFrame, frame, m_frame)) {
        m_resetLayout = true;
    }
    m_lastLayoutFrame = frame;
    // the overlays and the camera use the part of the window the docked panels leave free: their
    // default places, less where they really were last frame (a saved or hand-made layout)
    auto shown = [this](PanelId a, PanelId b) { return Find(a)->open || Find(b)->open; };
    PanelRect area = FreeArea(frame, shown(PanelId::Scene, PanelId::Inspector),
                              shown(PanelId::Algorithms, PanelId::Results), Find(PanelId::Query)->open);
    if (!m_resetLayout) {
        area = FreeAreaBeside(area, m_docked);
    }
    m_docked.clear();
    m_viewport.overlayArea = {area.x, area.y, area.w, area.h};
}

void Panels::FitToPanels()
{
    // the scene's camera frames the whole window: zoom out a little and move the picture into the
    // free area so the panels do not cover it
    const glm::dvec4 area = m_viewport.overlayArea;
    if (area.z <= 1.0 || area.w <= 1.0) {
        return;
    }
    Camera& cam = m_viewport.camera;
    const glm::dvec2 center = cam.viewport * 0.5;
    const double factor = std::max(cam.viewport.x / area.z, cam.viewport.y / area.w);
    ZoomAt(cam, std::min(1.0 / 0.6, std::max(1.0, factor * 0.8)), center);
    Pan(cam, glm::dvec2(area.x + area.z * 0.5, area.y + area.w * 0.5) - center);
}

void Panels::BeginFrame()
{
    m_fitPending = false;
    // a lesson opens ready to inspect: its first disagreement (else its first query) focused
    state.step = m_frame == 0 && m_options.step > 0 ? m_options.step - 1 : -1;
    if (m_frame == 0) {
        state.compare = m_options.compare;
    }
    if (m_frame == 0 && m_options.select != 0) {
        m_document.Select(m_options.select);
        m_document.lastSelected = m_options.select;
    }
    const auto& queries = m_document.Evaluation().Queries();
    for (const QueryEvaluation& qe : queries) {
        if (!state.focused || (!qe.comparison.agree && queries.size() < 1000)) {
            state.focused = qe.query;
        }
        if (!qe.comparison.agree || queries.size() >= 1000) {
            break;
        }
    }
}

void Panels::FollowSelection() { m_document.FollowSelection(); }

void Panels::Draw(double dt)
{
    m_shown.clear();
    state.hoveredBar = -1; // set again by the number line under the cursor, if one is drawn
    ImGui::GetIO().FontGlobalScale = m_fontScale;
    m_viewport.markerScale = m_fontScale; // markers, lines and the gizmo grow with the text
    Layout();
    if (m_presentFrameAll && !m_presenting) { // presentation mode left: the scene framed beside the panels
        m_viewport.FrameAll();
        m_presentFrameAll = false;
    }
    if (m_fitPending) {
        FitToPanels();
        BeginFrame();
    }
    FollowSelection();
    if (state.playing) {
        state.playClock += dt;
    }
    HandleShortcuts();
    PresentationKeys();
    AutosaveTick(); // and a file dropped on the window (autosave_actions.cpp)
    PanelContext ctx = Context();
    m_external.Update(m_document.GetScene(), m_document.Evaluation(), ImGui::GetTime(), ctx.lastFrame);
    // the status box and the Results panel read one count, with the answers published now
    m_document.externalSession = ctx.external;
    m_document.UpdateSummary();
    FanSources(ctx.lastFrame);
    for (Slot& slot : m_slots) {
        slot.panel->Update(ctx, slot.open);
    }
    m_menuBar = {};
    if (m_presenting) {
        DrawPresentation(ctx);
    } else {
        DrawMenuBar();
        for (Slot& slot : m_slots) {
            if (slot.open) {
                DrawSlot(slot, ctx);
            } else {
                slot.framesOpen = 0;
            }
        }
    }
    RunActions();
    DrawPopups();
    DrawOpening();
    ExternalPopup();
    SetOccluders();
    m_resetLayout = false;
    ++m_frame;
    // unbalanced Begin/End or Push/Pop would be recovered here and reported (the GUI test checks)
    ImGui::ErrorCheckEndFrameRecover(CollectImGuiError, &m_imguiErrors);
}

void Panels::PlaceWindow(Slot& slot)
{
    const PanelSpec& spec = *slot.spec;
    const ImGuiCond cond = m_resetLayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    const glm::dvec4 area = m_viewport.overlayArea;
    const PanelRect r =
        DefaultRect(spec, Frame(), PanelRect{float(area.x), float(area.y), float(area.z), float(area.w)});
    switch (spec.place) {
    case PanelPlace::Floating:
    case PanelPlace::FloatingWide:
        // a panel that opens comes to the front (over the viewport's status and hints); twice:
        // the windows the viewport creates on the very first frame are stacked above it
        if (slot.framesOpen < 2) {
            ImGui::SetNextWindowFocus();
        }
        ImGui::SetNextWindowPos(ImVec2(r.x, r.y), cond);
        ImGui::SetNextWindowSize(ImVec2(r.w, r.h), cond);
        break;
    case PanelPlace::AreaCorner:
        if (area.z > 1.0) {
            ImGui::SetNextWindowPos(ImVec2(r.x, r.y), ImGuiCond_FirstUseEver);
        }
        ImGui::SetNextWindowSize(ImVec2(r.w, r.h), ImGuiCond_FirstUseEver);
        break;
    case PanelPlace::Centre:
        ImGui::SetNextWindowPos(ImVec2(r.x, r.y), ImGuiCond_FirstUseEver, ImVec2(0.5f, 0.5f));
        break;
    default: // docked
        ImGui::SetNextWindowPos(ImVec2(r.x, r.y), cond);
        ImGui::SetNextWindowSize(ImVec2(r.w, r.h), cond);
        break;
    }
}

void Panels::DrawSlot(Slot& slot, PanelContext& ctx)
{
    PlaceWindow(slot);
    slot.framesOpen = std::min(slot.framesOpen + 1, 2);
    const ImGuiWindowFlags flags = slot.spec->autoResize ? ImGuiWindowFlags_AlwaysAutoResize : ImGuiWindowFlags_None;
    if (ImGui::Begin(slot.spec->name, &slot.open, flags)) {
        const ImVec2 p = ImGui::GetWindowPos(), s = ImGui::GetWindowSize();
        if (slot.spec->place != PanelPlace::Centre) { // the Help windows are not recorded (not occluders)
            m_shown.push_back({slot.spec->name, {p.x, p.y, s.x, s.y}});
        }
        if (IsDocked(slot.spec->place)) {
            m_docked.push_back({p.x, p.y, s.x, s.y});
        }
        if (!QuizHidesPanel(ctx, slot.spec->id)) { // the Results and the Query inspector, during a quiz question
            slot.panel->Draw(ctx);
        }
    }
    ImGui::End();
}

void Panels::RunActions()
{
    // what the panels queued, in order: files written, errors shown, the camera moved
    std::vector<PanelAction> actions = std::move(m_actions);
    m_actions.clear();
    for (PanelAction& action : actions) {
        std::visit(
            [this](auto& a) {
                using A = std::decay_t<decltype(a)>;
                if constexpr (std::is_same_v<A, panel_action::ShowError>) {
                    ReportError(a.message);
                } else if constexpr (std::is_same_v<A, panel_action::WriteScene>) {
                    if (const IoError e = SaveSceneFile(a.scene, a.path); !e.what.empty()) {
                        ReportError("Cannot save: " + ErrorText(e));
                    } else if (a.done != nullptr) {
                        *a.done = a.note;
                    }
                } else if constexpr (std::is_same_v<A, panel_action::OpenLesson>) {
                    Ask({PendingAction::OpenFile, a.path});
                } else if constexpr (std::is_same_v<A, panel_action::ShowCaptureLine>) {
                    m_captureScene = std::move(a.scene);
                    m_captureFamily = a.family;
                    Ask({PendingAction::ShowCaptureLine, {}}); // the scene shown may have unsaved changes
                } else if constexpr (std::is_same_v<A, panel_action::SaveSceneAs>) {
                    m_replacePath = a.path; // the name Save As suggests
                    m_openSaveAs = true;
                } else if constexpr (std::is_same_v<A, panel_action::LoadPlugin>) {
                    AddExternal({true, a.file}, false);
                } else {
                    static_assert(std::is_same_v<A, panel_action::LookAt>);
                    m_viewport.camera.target = a.target;
                    m_viewport.camera.distance = a.distance;
                }
            },
            action);
    }
}

void Panels::SetOccluders()
{
    // the panels drawn this frame, less their rounded corners (there the scene shows through);
    // none when the viewport's picture is about to be exported without them
    m_viewport.occluders.clear();
    if (!m_exportPath.empty() && !m_exportWithPanels) {
        return;
    }
    const float inset = ImGui::GetStyle().WindowRounding;
    if (m_menuBar.w > 0 && m_menuBar.h > 0) {
        // square corners: the whole bar hides the scene, and with it the scissor of the scene
        // shrinks to the part between the panels (the bar would otherwise join the strips at the
        // window's edges into one box as wide as the window)
        m_viewport.occluders.emplace_back(m_menuBar.x, m_menuBar.y, m_menuBar.w, m_menuBar.h);
    }
    for (const Shown& shown : m_shown) {
        const PanelRect& r = shown.rect;
        if (r.w > 2 * inset && r.h > 2 * inset) {
            m_viewport.occluders.emplace_back(r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset);
        }
    }
}

void Panels::ExportPng(const std::string& path, int fbw, int fbh)
{
    // opaque: the back buffer's alpha is not the image's
    std::vector<unsigned char> image = ReadWindowPixels(fbw, fbh).rgba;
    const size_t row = size_t(fbw) * 4;
    for (size_t i = 3; i < image.size(); i += 4) {
        image[i] = 255;
    }
    if (stbi_write_png(path.c_str(), fbw, fbh, 4, image.data(), int(row)) == 0) {
        ReportError("Cannot write " + path);
    }
}

void Panels::AfterViewportDrawn(int fbw, int fbh)
{
    if (!m_exportPath.empty() && !m_exportWithPanels) {
        ExportPng(m_exportPath, fbw, fbh);
        m_exportPath.clear();
    }
}

void Panels::AfterPanelsDrawn(int fbw, int fbh)
{
    if (!m_exportPath.empty() && m_exportWithPanels) {
        ExportPng(m_exportPath, fbw, fbh);
        m_exportPath.clear();
    }
    if (!m_options.screenshot.empty() && m_options.frames > 0 && m_frame == m_options.frames) {
        ExportPng(m_options.screenshot, fbw, fbh);
    }
}

void Panels::WriteReport(const std::string& path) const
{
    nlohmann::json report;
    report["frames"] = m_frame;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    report["display"] = {vp->Size.x, vp->Size.y};
    report["work_area"] = {vp->WorkPos.x, vp->WorkPos.y, vp->WorkSize.x, vp->WorkSize.y};
    nlohmann::json panels = nlohmann::json::object();
    const glm::dvec4 area = m_viewport.overlayArea;
    for (const Slot& slot : m_slots) {
        nlohmann::json entry = nlohmann::json::object();
        if (IsDocked(slot.spec->place)) { // floating panels are listed only when drawn
            const PanelRect r =
                DefaultRect(*slot.spec, Frame(), {float(area.x), float(area.y), float(area.z), float(area.w)});
            entry = {{"layout", {r.x, r.y, r.w, r.h}}, {"open", false}};
        }
        for (const Shown& shown : m_shown) {
            if (shown.name == slot.spec->name) {
                entry["rect"] = {shown.rect.x, shown.rect.y, shown.rect.w, shown.rect.h};
                entry["open"] = true;
            }
        }
        if (!entry.empty()) {
            panels[slot.spec->name] = entry;
        }
        slot.panel->Report(report);
    }
    for (const Shown& shown : m_shown) { // presentation mode's strips: windows of no panel
        if (!panels.contains(shown.name)) {
            panels[shown.name] = {{"rect", {shown.rect.x, shown.rect.y, shown.rect.w, shown.rect.h}}, {"open", true}};
        }
    }
    report["panels"] = panels;
    report["step"] = state.step; // the trace step (-1: the whole trace)
    report["presenting"] = m_presenting;
    if (m_presenting) {
        report["presentation"] = {{"steps", m_presentSteps},
                                  {"fits", m_presentLayout.fits},
                                  {"caption_lines", m_presentLayout.captionLines},
                                  {"verdict_lines", m_presentLayout.verdictLines},
                                  {"number_line_scroll", m_presentScroll[0]},
                                  {"verdict_scroll", m_presentScroll[1]}};
    }
    report["shapes"] = m_document.GetScene().Shapes().size();
    report["imgui_errors"] = m_imguiErrors;
    report["error_popup"] = m_error;
    report["scene_title"] = m_document.GetScene().title;
    report["scene_path"] = m_path;
    report["course"] = {{"lessons", m_course.lessons.size()},
                        {"index", m_course.IndexOf(m_path)},
                        {"error", m_course.error}}; // index -1: not a lesson of the course
    report["queries"] = m_document.Evaluation().Queries().size();
    report["status_disagreements"] = m_document.Summary().Disagreements(); // the status box's "N with disagreement"
    report["selected"] = m_document.Selected();                            // 0: none
    report["external"] = nlohmann::json::array();
    for (const ExternalSourceView& source : m_external.Sources()) {
        report["external"].push_back({{"name", source.name},
                                      {"status", source.status},
                                      {"error", source.error},
                                      {"algorithms", source.algorithms.size()}});
    }
    report["hot_reloads"] = m_external.HotReloads();
    report["scene_plugins_not_loaded"] = nlohmann::json::array(); // the notice's plugins (ScenePluginsNotice)
    for (const ScenePlugin& p : UnloadedScenePlugins(m_external, m_document.GetScene(), m_path)) {
        report["scene_plugins_not_loaded"].push_back({{"name", p.name}, {"file", p.file}, {"found", p.found}});
    }
    report["popup_open"] = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
    std::ofstream(path) << report.dump(2) << '\n';
}

} // namespace hitlab

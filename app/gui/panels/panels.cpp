// The panels' frame: layout on first start, shortcuts, file actions (new, open, save, recent),
// the popups (errors, unsaved changes, open and save-as, controls, about), PNG export and the
// report the GUI test reads.
#include "panels.h"

#include "lessons.h"

#include "core/io/scene_file.h"
#include "render/frame.h"

// GLFW is here for its key codes (ImGui 1.86 indexes keys by the backend's codes)
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <stb_image_write.h>

#include <nlohmann/json.hpp>

#include <cstdarg>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace hitlab {

namespace {

// the layout at first start, in pixels at 1280x720 (scaled with the window, remembered by imgui.ini)
constexpr float kLeftWidth = 270.0f;
constexpr float kRightWidth = 380.0f;
constexpr float kBottomHeight = 240.0f;

const char* const kWindowNames[5] = {"Scene", "Inspector", "Algorithms", "Results", "Query inspector"};

std::string ConfigDirectory()
{
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    const char* home = std::getenv("HOME");
    if (xdg != nullptr && *xdg != '\0') {
        return std::string(xdg) + "/hitlab";
    }
    return home != nullptr ? std::string(home) + "/.config/hitlab" : std::string();
}

void CollectImGuiError(void* user, const char* fmt, ...)
{
    char text[512];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    static_cast<std::vector<std::string>*>(user)->push_back(text);
}

/// The rectangle of a layout slot in the main viewport's work area.
void SlotRect(int slot, ImVec2& pos, ImVec2& size)
{
    // below the menu bar (its height, not WorkPos: the work area shrinks only a frame after the bar appears)
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float menu = ImGui::GetFrameHeight();
    const float x0 = vp->Pos.x, y0 = vp->Pos.y + menu, w = vp->Size.x, h = vp->Size.y - menu;
    const float colH = h - kBottomHeight;
    const float sceneH = std::floor(colH * 0.56f), algH = std::floor(colH * 0.40f);
    switch (slot) {
    case 0:
        pos = {x0, y0};
        size = {kLeftWidth, sceneH};
        break;
    case 1:
        pos = {x0, y0 + sceneH};
        size = {kLeftWidth, colH - sceneH};
        break;
    case 2:
        pos = {x0 + w - kRightWidth, y0};
        size = {kRightWidth, algH};
        break;
    case 3:
        pos = {x0 + w - kRightWidth, y0 + algH};
        size = {kRightWidth, colH - algH};
        break;
    default:
        pos = {x0, y0 + colH};
        size = {w, kBottomHeight};
        break;
    }
}

} // namespace

Panels::Panels(const GuiOptions& options, Viewport& viewport)
    : m_viewport(viewport), m_options(options), m_fontScale(options.fontScale)
{
    ImGuiIO& io = ImGui::GetIO();
    io.FontGlobalScale = m_fontScale; // before the first frame, which lays the panels out below the menu bar
    const std::string config = ConfigDirectory();
    if (options.frames == 0 && !config.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(config, ec);
        m_iniPath = config + "/imgui.ini";
        m_recentPath = config + "/recent.txt";
        io.IniFilename = m_iniPath.c_str();
        ImGui::LoadIniSettingsFromDisk(m_iniPath.c_str());
        std::ifstream in(m_recentPath);
        for (std::string line; std::getline(in, line) && m_recent.size() < 10;) {
            if (!line.empty()) {
                m_recent.push_back(line);
            }
        }
    }
    if (options.scene != "demo" && options.scene != "stress" && !options.scene.empty()) {
        m_path = options.scene;
        AddRecent(m_path);
    }
    m_browseDir = LessonDirectory();
    std::snprintf(m_pathInput, sizeof m_pathInput, "%s", m_path.c_str());
    m_lastSelected = m_viewport.Selected();
    m_tools.showHunt = options.openPanel == "hunt";
    m_tools.showTiming = options.openPanel == "timing";
    m_tools.autoStart = options.runPanel;
}

bool Panels::Dirty() const { return m_viewport.GetHistory().Generation() != m_savedGeneration; }

void Panels::ReportError(std::string message)
{
    m_error = std::move(message);
    m_openError = true;
}

void Panels::Execute(std::unique_ptr<Command> command, std::uint64_t mergeGroup)
{
    m_viewport.GetHistory().Execute(m_viewport.GetScene(), std::move(command), mergeGroup);
}

void Panels::PlaceWindow(const char* name, int slot)
{
    ImVec2 pos, size;
    SlotRect(slot, pos, size);
    const ImGuiCond cond = m_resetLayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(pos, cond);
    ImGui::SetNextWindowSize(size, cond);
    (void)name;
}

void Panels::RecordRect(const char* name)
{
    const ImVec2 p = ImGui::GetWindowPos(), s = ImGui::GetWindowSize();
    m_rects.push_back({name, p.x, p.y, s.x, s.y, true});
}

void Panels::Layout()
{
    // the overlays and the camera use the part of the window the panels leave free
    ImVec2 left, leftSize, right, rightSize;
    SlotRect(0, left, leftSize);
    SlotRect(2, right, rightSize);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float top = left.y, right0 = vp->Pos.x + vp->Size.x, bottom = vp->Pos.y + vp->Size.y;
    const float freeX = m_showScene || m_showInspector ? left.x + leftSize.x : vp->Pos.x;
    const float freeR = m_showAlgorithms || m_showResults ? right.x : right0;
    const float freeB = m_showQuery ? bottom - kBottomHeight : bottom;
    m_viewport.overlayArea = {freeX, top, std::max(1.0f, freeR - freeX), std::max(1.0f, freeB - top)};
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

void Panels::Draw(double dt)
{
    m_rects.clear();
    ImGui::GetIO().FontGlobalScale = m_fontScale;
    m_viewport.markerScale = m_fontScale; // markers, lines and the gizmo grow with the text
    Layout();
    if (m_fitPending) {
        FitToPanels();
        m_fitPending = false;
        // a lesson opens ready to inspect: its first disagreement (else its first query) focused
        state.step = m_frame == 0 && m_options.step > 0 ? m_options.step - 1 : -1;
        if (m_frame == 0 && m_options.select != 0) {
            m_viewport.Select(m_options.select);
            m_lastSelected = m_options.select;
        }
        const auto& queries = m_viewport.Evaluation().Queries();
        for (const QueryEvaluation& qe : queries) {
            if (!state.focused || (!qe.comparison.agree && queries.size() < 1000)) {
                state.focused = qe.query;
            }
            if (!qe.comparison.agree || queries.size() >= 1000) {
                break;
            }
        }
    }
    // a selection made in the viewport releases the pair the Results table focused
    if (m_viewport.Selected() != m_lastSelected) {
        if (state.focused && m_viewport.Selected() != state.focused->a && m_viewport.Selected() != state.focused->b) {
            state.focused.reset();
        }
        state.step = -1;
        state.playing = false;
        m_lastSelected = m_viewport.Selected();
        m_renaming = 0;
        m_fieldError.clear();
    }
    if (state.focused && m_viewport.Evaluation().Find(state.focused->a, state.focused->b) == nullptr) {
        state.focused.reset(); // the pair is gone (deleted, undone)
    }
    if (state.playing) {
        state.playClock += dt;
    }
    HandleShortcuts();
    DrawMenuBar();
    if (m_showScene) {
        DrawScenePanel();
    }
    if (m_showInspector) {
        DrawInspectorPanel();
    }
    if (m_showAlgorithms) {
        DrawAlgorithmsPanel();
    }
    if (m_showResults) {
        DrawResultsPanel();
    }
    if (m_showQuery) {
        DrawQueryPanel();
    }
    UpdateToolPanels();
    if (m_tools.showHunt) {
        DrawHuntPanel();
    }
    if (m_tools.showTiming) {
        DrawTimingPanel();
    }
    if (m_showFans) {
        DrawFanPanel();
    }
    DrawPopups();
    SetOccluders();
    m_resetLayout = false;
    ++m_frame;
    // unbalanced Begin/End or Push/Pop would be recovered here and reported (the GUI test checks)
    ImGui::ErrorCheckEndFrameRecover(CollectImGuiError, &m_imguiErrors);
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
    for (const PanelRect& r : m_rects) {
        if (r.open && r.w > 2 * inset && r.h > 2 * inset) {
            m_viewport.occluders.emplace_back(r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset);
        }
    }
}

void Panels::HandleShortcuts()
{
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || !io.KeyCtrl) {
        return;
    }
    auto pressed = [](char c) { return ImGui::IsKeyPressed(GLFW_KEY_A + (c - 'A'), false); };
    if (pressed('N')) {
        AskUnsaved(1);
    } else if (pressed('O')) {
        m_openOpen = true;
    } else if (pressed('S') && io.KeyShift) {
        m_openSaveAs = true;
    } else if (pressed('S')) {
        SaveOrAsk();
    } else if (pressed('E')) {
        m_exportPath = m_exportInput;
    } else if (pressed('Q')) {
        AskUnsaved(3);
    }
}

void Panels::NewScene()
{
    Scene scene;
    scene.title = "";
    m_viewport.SetScene(std::move(scene));
    m_path.clear();
    m_savedGeneration = m_viewport.GetHistory().Generation();
    state = PanelState{};
    m_lastSelected = 0;
    m_fitPending = true;
}

void Panels::OpenFile(const std::string& path)
{
    std::string error;
    std::optional<Scene> scene = LoadSceneForGui(path, error);
    if (!scene) {
        ReportError(error); // the current scene stays
        return;
    }
    m_viewport.SetScene(std::move(*scene));
    m_path = path;
    m_savedGeneration = m_viewport.GetHistory().Generation();
    state = PanelState{};
    m_lastSelected = 0;
    m_fitPending = true;
    AddRecent(path);
}

bool Panels::Save(const std::string& path)
{
    Scene& scene = m_viewport.GetScene();
    scene.camera = CameraToState(m_viewport.camera);
    const std::string error = SaveSceneFile(scene, path);
    if (!error.empty()) {
        ReportError("Cannot save " + path + ": " + error);
        return false;
    }
    m_path = path;
    m_savedGeneration = m_viewport.GetHistory().Generation();
    AddRecent(path);
    return true;
}

void Panels::SaveOrAsk()
{
    if (m_path.empty()) {
        m_openSaveAs = true;
    } else {
        Save(m_path);
    }
}

void Panels::AskUnsaved(int action, std::string path)
{
    m_pendingAction = action;
    m_pendingPath = std::move(path);
    if (Dirty()) {
        m_openUnsaved = true;
    } else {
        RunPending();
    }
}

void Panels::RunPending()
{
    const int action = m_pendingAction;
    m_pendingAction = 0;
    if (action == 1) {
        NewScene();
    } else if (action == 2) {
        OpenFile(m_pendingPath);
    } else if (action == 3) {
        m_quit = true;
    }
}

bool Panels::ConfirmQuit()
{
    if (m_quit || !Dirty()) {
        return true;
    }
    AskUnsaved(3);
    return false;
}

void Panels::AddRecent(const std::string& path)
{
    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(path, ec).lexically_normal().string();
    const std::string entry = ec ? path : absolute;
    std::erase(m_recent, entry);
    m_recent.insert(m_recent.begin(), entry);
    if (m_recent.size() > 10) {
        m_recent.resize(10);
    }
    if (!m_recentPath.empty()) {
        std::ofstream out(m_recentPath);
        for (const std::string& r : m_recent) {
            out << r << '\n';
        }
    }
}

void Panels::Duplicate()
{
    const SceneShape* s = m_viewport.GetScene().Find(m_viewport.Selected());
    if (s == nullptr) {
        return;
    }
    SceneShape copy = *s;
    copy.id = 0;
    copy.name = s->name + " copy";
    copy.shape = Translate(copy.shape, Basis(m_viewport.camera).right * (GridSpacing(m_viewport.camera) * 0.5));
    const ShapeId id = m_viewport.GetScene().NextId();
    Execute(AddShapeCommand(std::move(copy)));
    m_viewport.Select(id);
}

void Panels::Delete()
{
    if (m_viewport.GetScene().Find(m_viewport.Selected()) == nullptr) {
        return;
    }
    Execute(RemoveShapeCommand(m_viewport.Selected()));
    m_viewport.Select(0);
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
    for (int slot = 0; slot < 5; ++slot) {
        ImVec2 pos, size;
        SlotRect(slot, pos, size);
        nlohmann::json entry{{"layout", {pos.x, pos.y, size.x, size.y}}, {"open", false}};
        for (const PanelRect& r : m_rects) {
            if (r.name == kWindowNames[slot]) {
                entry["rect"] = {r.x, r.y, r.w, r.h};
                entry["open"] = r.open;
            }
        }
        panels[kWindowNames[slot]] = entry;
    }
    for (const PanelRect& r : m_rects) {
        if (r.name == "Hunt" || r.name == "Timing") { // floating, no layout slot
            panels[r.name] = {{"rect", {r.x, r.y, r.w, r.h}}, {"open", r.open}};
        }
    }
    report["panels"] = panels;
    if (const auto& hunt = m_tools.hunt.Report()) {
        report["hunt"] = {{"counterexamples", hunt->counterexamples.size()},
                          {"cases", hunt->progress.cases},
                          {"loaded", m_tools.loaded}};
    }
    if (const auto& timing = m_tools.timing.Report()) {
        nlohmann::json families = nlohmann::json::array();
        for (const FamilyTiming& f : timing->families) {
            families.push_back({{"family", FamilyName(f.family)}, {"algorithms", f.algorithms.size()}});
        }
        report["timing"] = {{"families", families}, {"cancelled", timing->cancelled}};
    }
    report["shapes"] = m_viewport.GetScene().Shapes().size();
    report["imgui_errors"] = m_imguiErrors;
    report["error_popup"] = m_error;
    report["scene_title"] = m_viewport.GetScene().title;
    report["queries"] = m_viewport.Evaluation().Queries().size();
    std::ofstream(path) << report.dump(2) << '\n';
}

} // namespace hitlab

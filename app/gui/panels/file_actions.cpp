// The panels' file actions: settings and recent files at start (recent_files.h), New, Open, Save, and the
// unsaved-changes question before New, Open and Quit (UnsavedQuestion, pending_action.h).
#include "app/gui/model/capture_load.h"
#include "app/gui/model/lessons.h"
#include "capture_panel.h"
#include "panels.h"

#include "app/gui/view/viewport.h"

#include "core/commands.h"
#include "core/io/mesh_file.h"
#include "core/io/scene_file.h"

#include <imgui.h>

#include <cstdlib>
#include <filesystem>

namespace hitlab {

std::string ConfigDirectory()
{
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    const char* home = std::getenv("HOME");
    if (xdg != nullptr && *xdg != '\0') {
        return std::string(xdg) + "/hitlab";
    }
    return home != nullptr ? std::string(home) + "/.config/hitlab" : std::string();
}

void Panels::LoadSettings()
{
    const std::string config = ConfigDirectory();
    if (m_options.frames == 0 && !config.empty()) {
        ImGuiIO& io = ImGui::GetIO();
        std::error_code ec;
        std::filesystem::create_directories(config, ec);
        m_iniPath = config + "/imgui.ini";
        io.IniFilename = m_iniPath.c_str();
        ImGui::LoadIniSettingsFromDisk(m_iniPath.c_str());
        m_recent.Load(config + "/recent.txt");
    }
    const std::string& scene = m_options.scene;
    if (scene != "demo" && scene != "stress" && !scene.empty()) {
        m_path = scene;
        m_recent.Add(m_path);
    }
    m_browseDir = LessonDirectory();
    m_pathInput = m_path;
    StartAutosave();
    if (!m_options.capture.empty()) {
        OpenCapture(m_options.capture);
        if (Slot* slot = Find(PanelId::Capture)) {
            dynamic_cast<CaptureBrowserPanel&>(*slot->panel).StartWith(m_options.captureFilter, m_options.captureRow);
        }
    }
    if (!m_options.drop.empty()) {
        OnDrop({m_options.drop}); // the drop callback's path, for tests
    }
}

bool Panels::Dirty() const { return m_document.GetHistory().Generation() != m_savedGeneration; }

void Panels::ReportError(std::string message)
{
    m_error = std::move(message);
    m_openError = true;
}

void Panels::Ask(PendingRequest request)
{
    if (MeshFormat format; request.action == PendingAction::OpenFile && MeshFormatOf(request.path, format)) {
        AddMeshFile(request.path); // a mesh joins the scene: nothing to lose, nothing to ask
        return;
    }
    if (request.action == PendingAction::OpenFile && IsCaptureFile(request.path)) {
        OpenCapture(request.path); // the scene stays until a row is chosen (which asks then)
        return;
    }
    Run(m_unsaved.Ask(std::move(request), Dirty()));
}

void Panels::AddMeshFile(const std::string& path)
{
    IoError error;
    const std::shared_ptr<const MeshData> read = ReadMeshFile(path, error);
    if (!read) {
        ReportError("Cannot add the mesh: " + ErrorText(error)); // the scene stays as it was
        return;
    }
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    SceneShape shape;
    // named after the file (saved as a reference to it, not inline)
    shape.shape = Mesh<double>{MakeMeshData(read->vertices, read->triangles, ec ? path : absolute.string())};
    Scene& scene = m_document.GetScene();
    shape.name = DefaultShapeName(scene, std::filesystem::path(path).stem().string());
    shape.color = {0.35f, 0.55f, 0.95f, 1.0f};
    const ShapeId id = scene.NextId();
    m_document.Execute(AddShapeCommand(std::move(shape)));
    m_document.Select(id);
    m_fitPending = true;
}

void Panels::Run(const PendingRequest& request)
{
    switch (request.action) {
    case PendingAction::None:
        break;
    case PendingAction::NewScene:
        NewScene();
        break;
    case PendingAction::OpenFile:
        OpenFile(request.path);
        break;
    case PendingAction::Quit:
        m_quit = true;
        break;
    case PendingAction::ShowCaptureLine:
        ShowCaptureScene();
        break;
    }
}

bool Panels::ConfirmQuit()
{
    if (m_quit || !Dirty()) {
        return true;
    }
    Ask({PendingAction::Quit, {}});
    return false;
}

void Panels::NewScene()
{
    Scene scene;
    scene.title = "";
    m_viewport.SetScene(std::move(scene));
    m_path.clear();
    m_savedGeneration = m_document.GetHistory().Generation();
    m_fitPending = true;
}

void Panels::OpenFile(const std::string& path)
{
    if (m_opening != nullptr) {
        return; // one file at a time (the progress window is modal)
    }
    m_opening = std::make_unique<SceneLoadJob>(
        path, [path](IoError& error, LoadProgress* progress) { return LoadSceneForGui(path, error, progress); });
    if (m_opening->WaitFor(kQuickOpenSeconds)) {
        FinishOpening(); // a small file: at once, as if read on the spot
    }
}

void Panels::FinishOpening()
{
    const std::unique_ptr<SceneLoadJob> job = std::move(m_opening);
    const std::string path = job->Name();
    IoError error;
    std::optional<Scene> scene = job->Take(error);
    if (!scene) {
        if (error.what == "cancelled") {
            return; // the user's choice: the current scene stays, no message
        }
        std::string text = ErrorText(error);
        std::error_code ec;
        if (!std::filesystem::exists(path, ec) && m_recent.Remove(path)) {
            text += " (taken off File > Open Recent)";
        }
        ReportError(text); // the current scene stays
        return;
    }
    std::string note = LimitSolidPairsForWindow(*scene);
    m_viewport.SetScene(std::move(*scene));
    if (!note.empty()) {
        ReportError(std::move(note));
    }
    m_path = path;
    m_savedGeneration = m_document.GetHistory().Generation();
    m_fitPending = true;
    m_recent.Add(path);
}

void Panels::OpenCapture(const std::string& path)
{
    Slot* slot = Find(PanelId::Capture);
    auto* panel = slot != nullptr ? dynamic_cast<CaptureBrowserPanel*>(slot->panel.get()) : nullptr;
    if (panel == nullptr) {
        return;
    }
    slot->open = true;
    slot->framesOpen = 0; // comes to the front
    panel->Open(path);
    m_recent.Add(path);
}

void Panels::ShowCaptureScene()
{
    if (!m_captureScene) {
        return;
    }
    m_viewport.SetScene(std::move(*m_captureScene));
    m_captureScene.reset();
    m_path.clear(); // a new scene: Save asks for a name ("Make a lesson from this")
    m_savedGeneration = m_document.GetHistory().Generation();
    m_fitPending = true;
    const auto& shapes = m_document.GetScene().Shapes();
    if (shapes.size() >= 2) {
        m_document.Focus({m_captureFamily, shapes[0].id, shapes[1].id});
    }
}

bool Panels::Save(const std::string& path)
{
    Scene& scene = m_document.GetScene();
    scene.camera = CameraToState(m_viewport.camera);
    if (const IoError error = SaveSceneFile(scene, path); !error.what.empty()) {
        ReportError("Cannot save: " + ErrorText(error));
        return false;
    }
    m_path = path;
    m_savedGeneration = m_document.GetHistory().Generation();
    m_recent.Add(path);
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

} // namespace hitlab

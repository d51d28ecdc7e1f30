// The panels' autosave (autosave.h): this window's autosave written while the scene has unsaved
// changes and removed once it is clean or the window quits normally, the recovery question at
// start for an autosave a previous window left, and a scene file dropped on the window.
#include "panels.h"

#include "app/gui/view/clock.h"
#include "app/gui/view/viewport.h"

#include <imgui.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace hitlab {

namespace {

std::string LocalTime(std::int64_t seconds)
{
    const std::time_t t = static_cast<std::time_t>(seconds);
    std::tm local{};
    char text[64] = "an unknown time";
    if (localtime_r(&t, &local) != nullptr) {
        std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local);
    }
    return text;
}

} // namespace

void Panels::StartAutosave()
{
    if (m_options.frames > 0) {
        return; // scripted runs (screenshots, tests) neither write nor offer autosaves
    }
    const std::string directory = AutosaveDirectory(std::getenv("XDG_STATE_HOME"), std::getenv("HOME"));
    std::string error;
    const std::string id = std::to_string(::getpid()) + "-" + std::to_string(std::time(nullptr));
    if (directory.empty() || !m_autosave.Open(directory, id, error)) {
        std::cerr << "hitlab: autosave is off: "
                  << (directory.empty() ? "neither XDG_STATE_HOME nor HOME is set" : error) << '\n';
        return;
    }
    for (const std::string& orphan : m_autosave.Orphans()) {
        IoError loadError;
        if (std::optional<AutosaveRecord> record = LoadAutosave(orphan, loadError)) {
            m_recovery = std::move(record);
            m_recoveryPath = orphan;
            m_openRecovery = true;
            return; // one question per start; older ones are offered at the next
        }
        // unreadable: kept aside under another name (never offered again) and said once
        std::error_code ec;
        std::filesystem::rename(orphan, orphan + ".unreadable", ec);
        ReportError("An autosave could not be read (" + ErrorText(loadError) + "); it was kept as " + orphan +
                    ".unreadable");
    }
}

AutosaveRecord Panels::MakeAutosave() const
{
    AutosaveRecord record;
    std::error_code ec;
    record.source = m_path.empty() ? std::string() : std::filesystem::absolute(m_path, ec).lexically_normal().string();
    const std::uint64_t generation = m_document.GetHistory().Generation();
    record.changes = generation >= m_savedGeneration ? generation - m_savedGeneration : generation + 1;
    record.lastEdit = m_document.GetHistory().UndoLabel();
    record.savedAt = static_cast<std::int64_t>(std::time(nullptr));
    record.scene = m_document.GetScene();
    record.scene.camera = CameraToState(m_viewport.camera);
    return record;
}

void Panels::AutosaveTick()
{
    if (!m_dropped.empty()) {
        Ask({PendingAction::OpenFile, std::exchange(m_dropped, {})});
    }
    if (!m_autosave.IsOpen() || m_viewport.Dragging()) {
        return; // a drag is written once it ends: no pause in the middle of it for a large scene
    }
    switch (m_autosaveClock.Next(NowMs() / 1000.0, m_document.GetHistory().Generation(), Dirty())) {
    case AutosaveStep::None:
        break;
    case AutosaveStep::Write: {
        const double start = NowMs();
        if (const IoError error = m_autosave.Write(MakeAutosave()); !error.what.empty()) {
            std::cerr << "hitlab: cannot autosave: " << ErrorText(error) << '\n';
        }
        m_autosaveClock.Took((NowMs() - start) / 1000.0); // a large scene is written less often
        break;
    }
    case AutosaveStep::Remove:
        m_autosave.Remove();
        break;
    }
}

void Panels::OnDrop(const std::vector<std::string>& paths)
{
    if (!paths.empty()) {
        m_dropped = paths.front(); // one scene at a time: the first file dropped
    }
}

void Panels::Shutdown(bool signalled)
{
    if (!m_autosave.IsOpen()) {
        return;
    }
    if (signalled && Dirty()) {
        if (const IoError error = m_autosave.Write(MakeAutosave()); !error.what.empty()) {
            std::cerr << "hitlab: cannot autosave: " << ErrorText(error) << '\n';
        } else {
            std::cerr << "hitlab: ended with unsaved changes; autosaved to " << m_autosave.Path()
                      << " (offered at the next start)\n";
        }
        return;
    }
    m_autosave.Remove();
}

void Panels::Recover()
{
    AutosaveRecord record = std::move(*m_recovery);
    m_recovery.reset();
    std::string note = LimitSolidPairsForWindow(record.scene);
    m_viewport.SetScene(std::move(record.scene));
    if (!note.empty()) {
        ReportError(std::move(note));
    }
    m_path = record.source;                // Save writes there only when the person saves
    m_savedGeneration = ~std::uint64_t(0); // unsaved changes until saved
    m_fitPending = true;
    m_pathInput = m_path;
}

void Panels::RecoveryPopup()
{
    if (m_openRecovery) {
        ImGui::OpenPopup("Recover unsaved changes");
        m_openRecovery = false;
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Recover unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        return;
    }
    if (!m_recovery) {
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        return;
    }
    const AutosaveRecord& r = *m_recovery;
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    ImGui::Text("HitLab ended with unsaved changes to %s.",
                r.source.empty() ? "a scene without a file" : r.source.c_str());
    ImGui::Text("Autosaved %s: %llu change(s)%s%s.", LocalTime(r.savedAt).c_str(),
                static_cast<unsigned long long>(r.changes),
                r.lastEdit.empty() ? "" : ", the last: ", r.lastEdit.c_str());
    ImGui::TextDisabled("Recover opens them as unsaved changes: the file is written only when you save.");
    ImGui::PopTextWrapPos();
    const bool enter = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
    const bool escape = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
    if (ImGui::Button("Recover", ImVec2(110, 0)) || enter) {
        Recover();
        AutosaveStore::RemoveOrphan(m_recoveryPath); // this window autosaves it from now on
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Discard", ImVec2(110, 0))) {
        m_recovery.reset();
        AutosaveStore::RemoveOrphan(m_recoveryPath);
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Later", ImVec2(110, 0)) || escape) {
        m_recovery.reset(); // kept on disk: offered again at the next start
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

} // namespace hitlab

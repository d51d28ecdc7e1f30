// What the Hunt and Timing panels share: their floating place, and their worker threads' upkeep
// each frame (collect finished reports, cancel a job whose panel was closed, and in --frames runs
// wait on the last frame so the screenshot shows the result).
#include "panels.h"

#include <imgui.h>

namespace hitlab {

void Panels::PlaceToolWindow(int index)
{
    // a panel that opens comes to the front (over the viewport's status and hints)
    // (twice: the windows the viewport creates on the very first frame are stacked above it)
    int& frames = index == 0 ? m_tools.huntFrames : m_tools.timingFrames;
    if (frames < 2) {
        ImGui::SetNextWindowFocus();
        ++frames;
    }
    // floating, centred (the second one a little lower right), the first time only
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const ImVec2 size(540.0f, 460.0f);
    const float shift = 30.0f * float(index);
    const ImVec2 pos(vp->Pos.x + (vp->Size.x - size.x) * 0.5f + shift,
                     vp->Pos.y + (vp->Size.y - size.y) * 0.5f + shift);
    const ImGuiCond cond = m_resetLayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(pos, cond);
    ImGui::SetNextWindowSize(size, cond);
}

void Panels::UpdateToolPanels()
{
    // a closed panel's job stops (its thread is joined when it has, by the Poll below)
    if (!m_tools.showHunt) {
        m_tools.hunt.Cancel();
        m_tools.huntFrames = 0;
    }
    if (!m_tools.showTiming) {
        m_tools.timing.Cancel();
        m_tools.timingFrames = 0;
    }
    // the last frame of a --frames run waits for the jobs: its screenshot shows their results
    const bool last = m_options.frames > 0 && m_frame == m_options.frames - 1;
    m_tools.hunt.Poll(last);
    m_tools.timing.Poll(last);
}

} // namespace hitlab

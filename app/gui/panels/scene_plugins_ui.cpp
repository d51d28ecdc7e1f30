// The notice of the plugins a scene names but the window has not loaded: a scene file never
// loads a plugin by itself (docs/plugins.md, "Safety"); the person loads each with its button,
// which shows the file it loads.
#include "external_ui.h"

#include <imgui.h>

namespace hitlab {

void ScenePluginsNotice(PanelContext& ctx)
{
    const std::vector<ScenePlugin>& missing = ctx.unloadedScenePlugins;
    if (missing.empty()) {
        return;
    }
    ImGui::PushID("scene plugins");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(
        ImVec4(1.0f, 0.75f, 0.35f, 1.0f),
        "This scene uses %s not loaded (a scene file never loads one):", missing.size() == 1 ? "a plugin" : "plugins");
    for (std::size_t i = 0; i < missing.size(); ++i) {
        const ScenePlugin& plugin = missing[i];
        ImGui::PushID(int(i));
        ImGui::Bullet();
        if (!plugin.found) {
            ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.35f, 1.0f), "%s: no such file %s", plugin.name.c_str(),
                               plugin.file.c_str());
        } else {
            // the full file, wrapped, then the button that loads exactly that file
            ImGui::TextWrapped("%s: %s", plugin.name.c_str(), plugin.file.c_str());
            if (ImGui::Button(("Load " + plugin.name).c_str())) {
                ctx.Queue(panel_action::LoadPlugin{plugin.file}); // as External > Add plugin, not remembered
            }
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("Loads %s in hitlab-plugin-host, for this window only;\n"
                                  "External > Add plugin... adds a plugin for the next start too.",
                                  plugin.file.c_str());
            }
        }
        const std::string scene = ctx.scenePath.empty() ? "SCENE" : ShellWord(ctx.scenePath);
        ImGui::TextDisabled("or start with: hitlab %s --plugin %s", scene.c_str(),
                            ShellWord(ScenePluginArgument(plugin)).c_str());
        ImGui::PopID();
    }
    ImGui::PopTextWrapPos();
    ImGui::PopID();
}

} // namespace hitlab

// hitlab: the HitLab executable. With a command (algorithms, eval, report, hunt, bench) it runs headless; `hitlab
// render` draws one frame to a PNG; anything else (nothing, a scene, GUI flags) opens the window.
#include "app/cli/cli.h"
#include "app/gui/gui_cli.h"

#include <exception>
#include <iostream>
#include <new>
#include <string_view>

namespace {

int OpenGui()
{
    const char* const args[] = {"hitlab"};
    return hitlab::RunGuiCommandLine(1, args);
}

/// `hitlab SCENE ...` or `hitlab --frames N ...`: words the headless command line does not own.
bool IsGuiInvocation(std::string_view first)
{
    return first != "algorithms" && first != "eval" && first != "report" && first != "hunt" && first != "triage" &&
           first != "bench" && first != "conventions" && first != "plot-offset" && first != "--help" && first != "-h" &&
           first != "--version";
}

int Run(int argc, char** argv)
{
    if (argc >= 2 && std::string_view(argv[1]) == "render") {
        return hitlab::RunRenderCommandLine(argc - 1, argv + 1);
    }
    if (argc >= 2 && IsGuiInvocation(argv[1])) {
        return hitlab::RunGuiCommandLine(argc, argv);
    }
    return hitlab::RunCommandLine(argc, argv, std::cin, std::cout, std::cerr, OpenGui, hitlab::GuiCommandLineHelp());
}

} // namespace

int main(int argc, char** argv)
{
    std::ios::sync_with_stdio(false); // eval streams large inputs through std::cin
    // the commands report what they can foresee (exit 2); anything else is one line, never an abort
    try {
        return Run(argc, argv);
    } catch (const std::bad_alloc&) {
        std::cout.flush();
        std::cerr << "hitlab: out of memory\n";
    } catch (const std::exception& e) {
        std::cout.flush();
        std::cerr << "hitlab: internal error: " << e.what() << "\n";
    }
    return 3;
}

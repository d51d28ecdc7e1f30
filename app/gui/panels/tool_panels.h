// What the Hunt and Timing panels keep between frames (one member of Panels, so panels.h stays
// small): whether they are shown, the choices, and the worker sessions. The sessions cancel and
// join their threads when destroyed, i.e. when the app quits.
#pragma once

#include "hunt_model.h"
#include "timing_model.h"

#include <string>

namespace hitlab {

struct ToolPanels {
    bool showHunt = false, showTiming = false;
    int huntFrames = 0, timingFrames = 0; ///< frames drawn since the panel opened (it comes to the front)
    bool autoStart = false;               ///< --run-panel: start the shown panel's job on its first frame

    // Hunt
    HuntChoices huntChoices;
    bool huntChoicesSet = false; ///< defaults taken from the scene (on first show)
    HuntSession hunt;
    std::string huntNote; ///< the last action's outcome ("loaded as ...", "saved to ...")
    int saveIndex = -1;   ///< the counterexample the Save popup is for
    bool openSave = false;
    bool savePending = false; ///< the Save popup was confirmed: save on the next frame
    char savePath[512] = {};
    int loaded = 0; ///< counterexamples loaded (the GUI test reads it)

    // Timing
    int timingPrecision = 0; ///< 0 float, 1 double
    int timingRounds = 15;
    int timingWorkload = 4096;
    TimingSession timing;
    std::string timingError;
};

} // namespace hitlab

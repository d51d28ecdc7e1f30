// The Capture panel (docs/gui.md, docs/capture.md "Browsing"): a capture's queries as a table
// that fills while a worker thread reads and judges them, with filters, sorting and a frame
// scrubber; a chosen row's query shown in the viewport with every algorithm's answer beside the
// engine's and the exact one. The owner (Panels) opens a capture in it.
#pragma once

#include "panel.h"

#include <string>

namespace hitlab {

class CaptureBrowserPanel : public Panel {
public:
    /// Starts reading the capture at path (dropping the one shown).
    virtual void Open(const std::string& path) = 0;
    /// --capture-filter (verdict names, comma-separated: "unexplained,bad") and --capture-row N
    /// (chosen once the capture is read).
    virtual void StartWith(const std::string& verdicts, int row) = 0;
};

} // namespace hitlab

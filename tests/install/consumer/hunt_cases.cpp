// An engine's test file holding the GoogleTest cases `hitlab hunt --gtest` printed (hunt_cases.inc,
// written by tests/install/install_test.sh), built against the installed HitLab::core and
// HitLab::exact. Nothing else is included here: each printed case brings its own includes.
#include "hunt_cases.inc"

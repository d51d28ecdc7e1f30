// An engine's test file holding the GoogleTest cases `hitlab hunt --gtest` printed (hunt_cases.inc,
// written by tests/install/install_test.sh), built against the installed HitLab::core and
// HitLab::exact: what they need to compile is these two headers.
#include "core/algorithm.h"
#include "core/exact/exact.h"

#include <gtest/gtest.h>

#include "hunt_cases.inc"

// `hitlab hunt`: the disagreement search headless (core/exact/hunt.h): prints the shrunk
// counterexamples (and optionally GoogleTest cases) and writes each as a scene file.
#pragma once

#include "core/exact/hunt.h"

#include <ostream>
#include <string>

namespace hitlab {

struct HuntCliOptions {
    HuntOptions hunt;
    std::string family; ///< protocol name, resolved into hunt.family
    bool exact = false; ///< --exact: b is the exact judge (also when --b is absent)
    std::string precision = "double";
    std::string outDir;    ///< -o: write each counterexample as a scene here
    bool snippets = false; ///< --gtest: print a GoogleTest case per counterexample
    bool quiet = false;    ///< no progress lines on err
};

/// Runs `hitlab hunt`: 0 when no counterexample was found, 1 when some were, 2 on a bad option
/// or an unwritable directory (one message on err).
int RunHunt(HuntCliOptions options, std::ostream& out, std::ostream& err);

} // namespace hitlab

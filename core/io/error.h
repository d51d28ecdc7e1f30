// The error of reading and writing HitLab's inputs: where it went wrong and what. The protocol's
// readers give it (the key path: "b.radius"), the scene files (the file, then the key path or the
// line and column of broken JSON), and the command line prints it; ErrorText is the one way it is
// written.
#pragma once

#include <ostream>
#include <string>

namespace hitlab {

/// Where an input went wrong and what is wrong there.
struct IoError {
    /// A file ("scenes/a.json"), a key path ("shapes[2].radius"), a line and column of a JSON text
    /// ("line 3, column 14"), a command ("hitlab report"), or nested: "scenes/a.json: shapes[2].radius".
    std::string where;
    /// A sentence without a capital or a full stop: "must be >= 0, got -1"; "" when nothing is wrong.
    std::string what;

    friend bool operator==(const IoError&, const IoError&) = default;
};

/// "where: what", or what alone when where is empty; "" when there is no error.
std::string ErrorText(const IoError& error);
/// The error inside a larger place: where becomes "outer: where" (outer alone when it was empty).
IoError Within(const std::string& outer, IoError inner);
/// Writes ErrorText (for messages and test output).
std::ostream& operator<<(std::ostream& out, const IoError& error);

} // namespace hitlab

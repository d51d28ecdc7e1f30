// GLSL programs from the shaders embedded at build time (shaders/*.glsl -> generated source).
#pragma once

#include <string>

namespace hitlab {

/// The text of an embedded shader file ("line.vert.glsl"), or null when there is none.
const char* EmbeddedShader(const char* name);

/// The uniform buffer binding of the Frame block (shaders/frame.glsl) in every program.
inline constexpr unsigned kFrameBlockBinding = 0;

/// Compiles and links a program from two embedded shader files, each with `defines` (lines such
/// as "#define LINE_FADE\n", for a variant of a shader; may be empty) and the Frame block
/// (shaders/frame.glsl) inserted after its #version line, the block bound to kFrameBlockBinding.
/// On failure returns 0 and sets error to a message that names the file and carries the driver's
/// log.
unsigned CreateProgram(const char* vertexFile, const char* fragmentFile, std::string& error, const char* defines = "");

} // namespace hitlab

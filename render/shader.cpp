// Shader compilation with errors that name the file.
#include "shader.h"

#include <glad/gl.h>

#include <algorithm>
#include <string_view>

namespace hitlab {

namespace {

GLuint Compile(GLenum stage, const char* file, const char* defines, std::string& error)
{
    const char* text = EmbeddedShader(file);
    if (text == nullptr) {
        error = std::string("shader file not embedded: shaders/") + file;
        return 0;
    }
    // the defines and the frame block go right after the #version line; #line keeps the driver's line numbers
    // those of the file
    const std::string_view source(text);
    const size_t eol = source.starts_with("#version") ? source.find('\n') + 1 : 0;
    const std::string version(source.substr(0, eol));
    const std::string rest = "#line 2\n" + std::string(source.substr(eol));
    const char* parts[4] = {version.c_str(), defines, EmbeddedShader("frame.glsl"), rest.c_str()};
    const GLuint shader = glCreateShader(stage);
    glShaderSource(shader, 4, parts, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok == GL_FALSE) {
        GLint length = 0;
        glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
        std::string log(static_cast<size_t>(std::max(length, 1)), '\0');
        glGetShaderInfoLog(shader, length, nullptr, log.data());
        error = std::string("shaders/") + file + " failed to compile:\n" + log.c_str();
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

} // namespace

unsigned CreateProgram(const char* vertexFile, const char* fragmentFile, std::string& error, const char* defines)
{
    const GLuint vs = Compile(GL_VERTEX_SHADER, vertexFile, defines, error);
    if (vs == 0) {
        return 0;
    }
    const GLuint fs = Compile(GL_FRAGMENT_SHADER, fragmentFile, defines, error);
    if (fs == 0) {
        glDeleteShader(vs);
        return 0;
    }
    const GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (ok == GL_TRUE) {
        if (const GLuint block = glGetUniformBlockIndex(program, "Frame"); block != GL_INVALID_INDEX) {
            glUniformBlockBinding(program, block, kFrameBlockBinding);
        }
    }
    if (ok == GL_FALSE) {
        GLint length = 0;
        glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
        std::string log(static_cast<size_t>(std::max(length, 1)), '\0');
        glGetProgramInfoLog(program, length, nullptr, log.data());
        error =
            std::string("shaders/") + vertexFile + " + shaders/" + fragmentFile + " failed to link:\n" + log.c_str();
        glDeleteProgram(program);
        return 0;
    }
    return program;
}

} // namespace hitlab

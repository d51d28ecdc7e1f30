#version 330 core
// The panels (render/ui_draw.h): ImGui's vertices, as its OpenGL 3 backend draws them.
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aUv;
layout(location = 2) in vec4 aColor;

uniform mat4 uProjection;

out vec2 vUv;
out vec4 vColor;

void main()
{
    vUv = aUv;
    vColor = aColor;
    gl_Position = uProjection * vec4(aPos, 0.0, 1.0);
}

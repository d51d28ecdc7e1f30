#version 330 core
// The panels' opaque solid fills (render/ui_runs.h): the vertex colour alone, the atlas's white
// texel being 1.
in vec2 vUv;
in vec4 vColor;

out vec4 fragColor;

void main() { fragColor = vColor; }

#version 330 core
// Meshes from their cached buffers (render/mesh_renderer.h): world positions, indexed.
layout(location = 0) in vec3 aPos;

out vec3 vWorld;

void main()
{
    vWorld = aPos;
    vec4 c = uViewProj * vec4(aPos, 1.0);
    gl_Position = c;
}

#version 330 core
// The still layer's cached picture (render/still_layer.h) over the whole target: one triangle
// that covers it, made from the vertex index (no vertex buffer).
void main()
{
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)); // (0,0), (2,0), (0,2)
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}

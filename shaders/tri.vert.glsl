#version 330 core
// Plain coloured triangles (planes, slab planes, interval bars).
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec4 aColor;

out vec4 vColor;

void main()
{
    vec4 c = uViewProj * vec4(aPos, 1.0);
    gl_Position = vec4(c.xy, c.z - uDepthBias * c.w, c.w);
    vColor = aColor;
}

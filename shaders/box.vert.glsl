#version 330 core
// Instanced boxes: the unit cube [-1, 1]^3 placed by centre, half extents and orthonormal axes.
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec3 iCenter;
layout(location = 3) in vec3 iHalf;
layout(location = 4) in vec3 iAxis0;
layout(location = 5) in vec3 iAxis1;
layout(location = 6) in vec3 iAxis2;
layout(location = 7) in vec4 iColor;

uniform mat4 uViewProj;
uniform mat4 uView;

out vec4 vColor;
out vec3 vNormalView;

void main()
{
    mat3 axes = mat3(iAxis0, iAxis1, iAxis2);
    vec3 world = iCenter + axes * (aPos * iHalf);
    gl_Position = uViewProj * vec4(world, 1.0);
    // the axes are orthonormal, so the face normal turns with them (scaling does not bend it)
    vNormalView = mat3(uView) * (axes * aNormal);
    vColor = iColor;
}

#version 330 core
// Instanced boxes: the unit cube [-1, 1]^3 placed by centre, half extents and orthonormal axes.
// Only front faces are drawn; the fragment shader finds where the view ray leaves the box, so one
// fragment shades the front face, the back face seen through it and the edges of both.
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec3 iCenter;
layout(location = 3) in vec3 iHalf;
layout(location = 4) in vec3 iAxis0;
layout(location = 5) in vec3 iAxis1;
layout(location = 6) in vec3 iAxis2;
layout(location = 7) in vec4 iColor;
layout(location = 8) in vec4 iEdge;      // edge colour; alpha 0: no edges
layout(location = 9) in float iEdgeWidth; // pixels

flat out vec4 vColor;
flat out vec4 vEdge;
flat out float vEdgeWidth;
flat out vec3 vHalf;
flat out vec3 vFrontAxis; // the front face's normal in the box's frame
flat out mat3 vAxesView;  // the box's axes in view space (turns local normals into view normals)
out vec3 vLocal;          // the fragment's point of the front face, in the box's frame
out vec3 vLocalDir;       // the view ray's direction, in the box's frame

void main()
{
    mat3 axes = mat3(iAxis0, iAxis1, iAxis2);
    vec3 local = aPos * iHalf;
    vec3 world = iCenter + axes * local;
    gl_Position = uViewProj * vec4(world, 1.0);
    // the axes are orthonormal: their transpose takes world directions into the box's frame
    vLocalDir = transpose(axes) * (uOrtho == 1 ? uForward : world - uEye);
    vLocal = local;
    vHalf = iHalf;
    vFrontAxis = aNormal;
    vAxesView = mat3(uView) * axes;
    vColor = iColor;
    vEdge = iEdge;
    vEdgeWidth = iEdgeWidth;
}

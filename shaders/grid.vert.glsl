#version 330 core
// The ground grid as one square around its drawn disc (render/grid.h, a fan of kSides corners
// from gl_VertexID: two triangles); the fragment shader finds the lines and leaves the corners
// past the disc empty. A finer polygon hugs the disc closer, but a software driver shades the
// pixels along every inner edge once for each triangle: 32 sides cost a quarter more than 4.
// Positions are in steps from the grid's centre, so that a grid far from the origin keeps its
// precision.
const int kSides = GRID_SIDES; // defined by GridRenderer (render/renderers.cpp), which draws as many corners

uniform vec3 uCenter; // world
uniform vec3 uStepU;  // world vector of one step along the grid's u axis
uniform vec3 uStepV;
uniform float uRadius; // steps

out vec2 vLocal; // steps from the centre along u and v

void main()
{
    // corners on a circle a little larger than the disc, so that the polygon's edges enclose it
    float angle = float(gl_VertexID) * (6.28318530718 / float(kSides));
    vLocal = vec2(cos(angle), sin(angle)) * (uRadius / cos(3.14159265359 / float(kSides)));
    vec3 world = uCenter + uStepU * vLocal.x + uStepV * vLocal.y;
    gl_Position = uViewProj * vec4(world, 1.0);
}

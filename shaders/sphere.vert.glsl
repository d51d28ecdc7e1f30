#version 330 core
// Sphere impostors: one quad per sphere that covers its silhouette; the fragment shader
// intersects the view ray with the sphere, so spheres are smooth at any zoom for two triangles.
layout(location = 0) in vec2 aCorner;  // -1..1
layout(location = 1) in vec3 iCenter;
layout(location = 2) in float iRadius;
layout(location = 3) in vec4 iColor;
layout(location = 4) in vec4 iOutline; // rgb, a = width in pixels

out vec3 vViewPos;
flat out vec3 vCenter;
flat out float vRadius;
flat out vec4 vColor;
flat out vec4 vOutline;

void main()
{
    vec3 c = (uView * vec4(iCenter, 1.0)).xyz;
    float r = max(iRadius, 1e-6);
    vec3 axis = uOrtho == 1 ? vec3(0.0, 0.0, -1.0) : normalize(c);
    float d = length(c);
    float extent = r * 1.02;
    if (uOrtho == 0) {
        // the cone of rays tangent to the sphere cuts the plane through its centre in a circle
        extent = d > r * 1.001 ? r * d / sqrt(d * d - r * r) * 1.02 : 1e4;
    }
    vec3 u = normalize(abs(axis.y) < 0.99 ? cross(axis, vec3(0.0, 1.0, 0.0)) : cross(axis, vec3(1.0, 0.0, 0.0)));
    vec3 v = cross(u, axis);
    vec3 p = c + (u * aCorner.x + v * aCorner.y) * extent;
    vViewPos = p;
    vCenter = c;
    vRadius = r;
    vColor = iColor;
    vOutline = iOutline;
    gl_Position = uProj * vec4(p, 1.0);
}

#version 330 core
// A translucent box in one fragment: the back face where the view ray leaves the box (slab method
// in the box's frame) with its edges, then the front face with its edges, composed back to front.
flat in vec4 vColor;
flat in vec4 vEdge;
flat in float vEdgeWidth;
flat in vec3 vHalf;
flat in vec3 vFrontAxis;
flat in mat3 vAxesView;
in vec3 vLocal;
in vec3 vLocalDir;

out vec4 fragColor;

float Light(vec3 n)
{
    // key light from the upper left of the view, fill from the camera
    float key = max(dot(n, normalize(vec3(-0.4, 0.7, 0.6))), 0.0);
    float fill = abs(n.z);
    return 0.35 + 0.45 * key + 0.25 * fill;
}

/// Pixels from p to the nearest edge of the face with normal `axis` (p moves smoothly over the
/// face's plane from pixel to pixel, so its screen derivatives measure the distance in pixels).
float EdgePixels(vec3 p, vec3 axis)
{
    vec3 e = vHalf - abs(p) + abs(axis) * 1e30; // the face's own axis has no edge
    float d = min(e.x, min(e.y, e.z));
    return d / max(length(vec2(dFdx(d), dFdy(d))), 1e-20);
}

/// Coverage of the pixel by this face's half of an edge line of vEdgeWidth, `pixels` away.
float EdgeCoverage(float pixels)
{
    float halfWidth = 0.5 * vEdgeWidth * uPixelScale;
    return clamp(halfWidth + 0.5 - pixels, 0.0, 1.0) * min(halfWidth * 2.0, 1.0);
}

/// `color` with opacity `alpha` over the premultiplied layers in acc.
vec4 Over(vec4 acc, vec3 color, float alpha) { return vec4(alpha * color + (1.0 - alpha) * acc.rgb, alpha + (1.0 - alpha) * acc.a); }

void main()
{
    // exit: the nearest far slab plane along the ray (a zero component never exits on that axis)
    vec3 d = vLocalDir;
    vec3 s = vec3(d.x >= 0.0 ? 1.0 : -1.0, d.y >= 0.0 ? 1.0 : -1.0, d.z >= 0.0 ? 1.0 : -1.0);
    vec3 tFar = (vHalf - vLocal * s) / max(abs(d), vec3(1e-20));
    // where the ray crosses each far plane: smooth over the screen, unlike the exit point, which
    // jumps from face to face (their derivatives give clean back edges)
    vec3 ex = vec3(0.0, vLocal.yz + d.yz * tFar.x);
    vec3 ey = vec3(vLocal.x + d.x * tFar.y, 0.0, vLocal.z + d.z * tFar.y);
    vec3 ez = vec3(vLocal.xy + d.xy * tFar.z, 0.0);
    float px = EdgePixels(ex, vec3(1.0, 0.0, 0.0));
    float py = EdgePixels(ey, vec3(0.0, 1.0, 0.0));
    float pz = EdgePixels(ez, vec3(0.0, 0.0, 1.0));
    vec3 back = vec3(0.0);
    float backPixels;
    if (tFar.x <= tFar.y && tFar.x <= tFar.z) {
        back.x = s.x;
        backPixels = px;
    } else if (tFar.y <= tFar.z) {
        back.y = s.y;
        backPixels = py;
    } else {
        back.z = s.z;
        backPixels = pz;
    }
    float backEdge = EdgeCoverage(backPixels);
    float frontEdge = EdgeCoverage(EdgePixels(vLocal, vFrontAxis));

    float a = vColor.a;
    vec4 acc = vec4(0.0);
    acc = Over(acc, vColor.rgb * Light(normalize(vAxesView * back)), a);
    acc = Over(acc, vEdge.rgb, vEdge.a * backEdge * 0.8);
    acc = Over(acc, vColor.rgb * Light(normalize(vAxesView * vFrontAxis)), a);
    acc = Over(acc, vEdge.rgb, vEdge.a * frontEdge);
    fragColor = vec4(acc.rgb / max(acc.a, 1e-6), acc.a * uAlphaScale);
}

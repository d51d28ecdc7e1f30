#version 330 core
// One instance per segment: a screen-aligned quad of constant pixel width around the projected
// segment, clipped to the near plane first so rays that pass behind the eye still draw.
layout(location = 0) in vec2 aCorner;   // x: 0 at a, 1 at b; y: -1 or +1 across
layout(location = 1) in vec3 iA;
layout(location = 2) in vec3 iB;
layout(location = 3) in vec4 iColorA;
layout(location = 4) in vec4 iColorB;
layout(location = 5) in float iWidth;   // pixels

out vec4 vColor;
noperspective out float vAcross;   // pixels from the centre line
flat out float vHalfWidth;
#ifdef LINE_FADE
out vec3 vWorld; // for the fade with distance (the grid's axes)
#endif

void main()
{
    vec4 ca = uViewProj * vec4(iA, 1.0);
    vec4 cb = uViewProj * vec4(iB, 1.0);
    float da = ca.z + ca.w;
    float db = cb.z + cb.w;
    if (da < 0.0 && db < 0.0) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0); // wholly behind the near plane
        return;
    }
    float fa = 0.0, fb = 1.0; // where the (clipped) ends lie along a..b
    if (da < 0.0) {
        fa = da / (da - db);
        ca = mix(ca, cb, fa);
    } else if (db < 0.0) {
        fb = 1.0 - db / (db - da);
        cb = mix(ca, cb, fb);
    }
    vec2 sa = (ca.xy / ca.w * 0.5 + 0.5) * uViewport;
    vec2 sb = (cb.xy / cb.w * 0.5 + 0.5) * uViewport;
    vec2 d = sb - sa;
    float len = length(d);
    vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
    vec2 normal = vec2(-dir.y, dir.x);
    float width = iWidth * uPixelScale;
    float halfW = width * 0.5 + 0.5; // covers every pixel centre the anti-aliased edge reaches
    vec4 c = aCorner.x < 0.5 ? ca : cb;
    vec2 s = (aCorner.x < 0.5 ? sa : sb) + normal * (aCorner.y * halfW) + dir * ((aCorner.x * 2.0 - 1.0) * 0.5 * width);
    vec2 ndc = s / uViewport * 2.0 - 1.0;
    gl_Position = vec4(ndc * c.w, c.z - uDepthBias * c.w, c.w);
    vColor = aCorner.x < 0.5 ? iColorA : iColorB;
    vAcross = aCorner.y * halfW;
    vHalfWidth = width * 0.5;
#ifdef LINE_FADE
    vWorld = mix(iA, iB, aCorner.x < 0.5 ? fa : fb);
#endif
}

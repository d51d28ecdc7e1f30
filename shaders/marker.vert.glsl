#version 330 core
// One instance per marker: a quad of constant pixel size at a world point. Arrowheads turn to
// point along the screen direction from iToward to iPos.
layout(location = 0) in vec2 aCorner;   // -1..1
layout(location = 1) in vec3 iPos;
layout(location = 2) in vec4 iColor;
layout(location = 3) in vec2 iSizeKind; // x: size in pixels, y: kind (see marker.frag.glsl)
layout(location = 4) in vec3 iToward;

out vec4 vColor;
out vec2 vLocal;
flat out float vKind;
flat out float vSize;

void main()
{
    vec4 c = uViewProj * vec4(iPos, 1.0);
    if (c.w <= 0.0 || c.z < -c.w) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    vec2 dir = vec2(1.0, 0.0);
    if (iSizeKind.y > 2.5 && iSizeKind.y < 3.5) {
        vec4 t = uViewProj * vec4(iToward, 1.0);
        vec2 d = (c.xy / c.w - t.xy / max(t.w, 1e-6)) * uViewport;
        if (t.w > 0.0 && dot(d, d) > 1e-8) {
            dir = normalize(d);
        }
    }
    float size = iSizeKind.x * uPixelScale;
    float halfW = size * 0.5 + 0.5; // covers every pixel centre the anti-aliased edge reaches
    vec2 offset = (dir * aCorner.x + vec2(-dir.y, dir.x) * aCorner.y) * halfW;
    gl_Position = vec4(c.xy + offset / uViewport * 2.0 * c.w, c.z - uDepthBias * c.w, c.w);
    vColor = iColor;
    vLocal = aCorner * halfW;
    vKind = iSizeKind.y;
    vSize = size;
}

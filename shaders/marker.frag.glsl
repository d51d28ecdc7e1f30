#version 330 core
// Marker shapes as signed distances in pixels: 0 disc with a dark rim, 1 ring, 2 square,
// 3 arrowhead (pointing along +x), 4 diamond.
in vec4 vColor;
in vec2 vLocal;
flat in float vKind;
flat in float vSize;

out vec4 fragColor;

void main()
{
    float r = vSize * 0.5;
    float dist;
    int kind = int(vKind + 0.5);
    if (kind == 0 || kind == 1) {
        dist = length(vLocal) - r;
        if (kind == 1) {
            dist = abs(dist + 1.25) - 1.25;
        }
    } else if (kind == 2) {
        vec2 q = abs(vLocal) - vec2(r * 0.8);
        dist = max(q.x, q.y);
    } else if (kind == 3) {
        // isosceles triangle, tip at +x
        vec2 p = vLocal;
        float edge = max(abs(p.y) * 1.6 + p.x - r, -p.x - r);
        dist = edge / 1.3;
    } else {
        dist = (abs(vLocal.x) + abs(vLocal.y) - r) * 0.7071;
    }
    float coverage = clamp(0.5 - dist, 0.0, 1.0);
    if (coverage <= 0.0) {
        discard;
    }
    vec3 rgb = vColor.rgb;
    if (kind == 0) {
        // a dark rim keeps light discs readable on light surfaces
        rgb = mix(rgb * 0.25, rgb, clamp(-dist - 1.0, 0.0, 1.0));
    }
    fragColor = vec4(rgb, vColor.a * coverage * uAlphaScale);
}

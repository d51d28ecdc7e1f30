#version 330 core
// The dense ray view (render/fan_draw.h): one point per ray of a fan, the FanSample as stored
// by core (position, hit mask), drawn as a square about one grid cell wide on screen (one vertex
// per ray: a software rasteriser shades 65,536 rays a frame). The class (all hit, all miss,
// disagree and which) is decided here from the mask. The renderer uploads the agreeing samples
// first and draws the disagreeing ones after them, so a thin line of disagreement is never
// covered by its neighbours. Its fragment shader is tri.frag.glsl (flat colour).
layout(location = 1) in vec3 iPos;
layout(location = 2) in uint iMask;

uniform uint uAllMask;
uniform int uAlgorithms;   // how many algorithms the fan compares
uniform vec3 uOrigin;
uniform float uCellAngle;  // grid step / distance from the origin to the grid's centre
uniform vec4 uHit, uMiss, uOnlyA, uOnlyB, uDisagree;

out vec4 vColor;

void main()
{
    bool disagree = iMask != 0u && iMask != uAllMask;
    vec4 c = uViewProj * vec4(iPos, 1.0);
    if (c.w <= 0.0 || c.z < -c.w) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    // the cell's width at the sample, in framebuffer pixels
    float cell = uCellAngle * distance(iPos, uOrigin) * uProj[1][1] * uViewport.y * 0.5 / c.w;
    float size;
    if (iMask == 0u) {
        vColor = uMiss;
        size = clamp(cell * 0.4, 1.0 * uPixelScale, 6.0 * uPixelScale);
    } else if (!disagree) {
        vColor = uHit;
        size = clamp(cell * 1.05, 1.5 * uPixelScale, 24.0 * uPixelScale);
    } else {
        vColor = uAlgorithms == 2 ? (iMask == 1u ? uOnlyA : uOnlyB) : uDisagree;
        size = clamp(cell * 1.05, 3.0 * uPixelScale, 24.0 * uPixelScale);
    }
    gl_PointSize = size;
    gl_Position = vec4(c.xy, c.z - uDepthBias * c.w, c.w);
}

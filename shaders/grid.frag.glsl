#version 330 core
// The grid's lines, found per pixel: the nearest line of each direction, its distance in pixels
// (the step over the coordinate's screen gradient) and the coverage of a line of constant width,
// as shaders/line.frag.glsl gives it; every tenth line major; fading out with the distance from the
// centre, nothing past the drawn disc; the v line over the u line where they cross. The grid is
// drawn first, on the cleared background, so it blends with that colour here and is written
// opaque: a software driver then neither reads the framebuffer nor tests depth for it.
in vec2 vLocal;

uniform vec4 uMinor, uMajor;
uniform vec2 uAxisAt; // the origin's position in steps (the axes draw the lines through it)
uniform float uRadius, uExtent; // steps: lines drawn within uRadius, faded to nothing at uExtent
uniform float uWidth;           // screen pixels
uniform vec3 uBackground;       // the colour the frame was cleared to

out vec4 fragColor;

/// The colour and alpha of the nearest line of constant `x` (x in steps), its gradient `g`.
vec4 NearestLine(float x, vec2 g, float axisAt, float halfWidth)
{
    float index = floor(x + 0.5);
    // the step over the gradient's length; one inverse square root is cheaper than a root and a
    // division on a software driver
    float pixels = abs(x - index) * inversesqrt(max(dot(g, g), 1e-12));
    float coverage = clamp(halfWidth + 0.5 - pixels, 0.0, 1.0) * min(halfWidth * 2.0, 1.0);
    // every tenth line major: index / 10 whole (|index| stays below a hundred: no rounding doubt)
    vec4 color = fract(index * 0.1 + 0.05) < 0.1 ? uMajor : uMinor;
    return vec4(color.rgb, index == axisAt ? 0.0 : color.a * coverage);
}

void main()
{
    // the gradients first: derivatives are defined only where no neighbour has been discarded
    vec2 gu = vec2(dFdx(vLocal.x), dFdy(vLocal.x));
    vec2 gv = vec2(dFdx(vLocal.y), dFdy(vLocal.y));
    float r = length(vLocal);
    float fade = r > uRadius ? 0.0 : clamp(1.0 - r / uExtent, 0.0, 1.0) * uAlphaScale;
    float halfWidth = uWidth * uPixelScale * 0.5;
    vec4 u = NearestLine(vLocal.x, gu, uAxisAt.x, halfWidth);
    vec4 v = NearestLine(vLocal.y, gv, uAxisAt.y, halfWidth);
    u.a *= fade;
    v.a *= fade;
    // u over the background, then v over that, as two blended lines would give it
    vec3 color = mix(mix(uBackground, u.rgb, u.a), v.rgb, v.a);
    fragColor = vec4(color, 1.0);
}

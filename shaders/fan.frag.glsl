#version 330 core
// The dense ray view's squares: flat colour (see fan.vert.glsl).
in vec4 vColor;

uniform float uAlphaScale;

out vec4 fragColor;

void main()
{
    fragColor = vec4(vColor.rgb, vColor.a * uAlphaScale);
}

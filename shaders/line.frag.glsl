#version 330 core
in vec4 vColor;
noperspective in float vAcross;
flat in float vHalfWidth;

uniform float uAlphaScale;

out vec4 fragColor;

void main()
{
    // coverage of the pixel by a line of half width vHalfWidth (thin lines fade instead of vanishing)
    float coverage = clamp(vHalfWidth + 0.5 - abs(vAcross), 0.0, 1.0) * min(vHalfWidth * 2.0, 1.0);
    float alpha = vColor.a * coverage * uAlphaScale;
    if (alpha <= 0.004) {
        discard;
    }
    fragColor = vec4(vColor.rgb, alpha);
}

#version 330 core
in vec4 vColor;
noperspective in float vAcross;
flat in float vHalfWidth;
in vec3 vWorld;

uniform vec4 uFade; // xyz: centre, w: radius; lines fade out towards the radius (w = 0: no fade)

out vec4 fragColor;

void main()
{
    // coverage of the pixel by a line of half width vHalfWidth (thin lines fade instead of vanishing)
    float coverage = clamp(vHalfWidth + 0.5 - abs(vAcross), 0.0, 1.0) * min(vHalfWidth * 2.0, 1.0);
    float fade = uFade.w > 0.0 ? clamp(1.0 - length(vWorld - uFade.xyz) / uFade.w, 0.0, 1.0) : 1.0;
    float alpha = vColor.a * coverage * uAlphaScale * fade;
    if (alpha <= 0.004) {
        discard;
    }
    fragColor = vec4(vColor.rgb, alpha);
}

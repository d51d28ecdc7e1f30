#version 330 core
// Anti-aliased lines; with LINE_FADE (the grid's axes) fading out with the distance from a
// centre. Lines without fade leave the fade out of the program: a software rasteriser would
// compute it, both sides of the branch, for every pixel of every line.
in vec4 vColor;
noperspective in float vAcross;
flat in float vHalfWidth;
#ifdef LINE_FADE
in vec3 vWorld;

uniform vec4 uFade; // xyz: centre, w: radius; lines fade out towards the radius (w = 0: no fade)
#endif

out vec4 fragColor;

void main()
{
    // coverage of the pixel by a line of half width vHalfWidth (thin lines fade instead of vanishing)
    float coverage = clamp(vHalfWidth + 0.5 - abs(vAcross), 0.0, 1.0) * min(vHalfWidth * 2.0, 1.0);
#ifdef LINE_FADE
    float fade = uFade.w > 0.0 ? clamp(1.0 - length(vWorld - uFade.xyz) / uFade.w, 0.0, 1.0) : 1.0;
#else
    float fade = 1.0;
#endif
    float alpha = vColor.a * coverage * uAlphaScale * fade;
    if (alpha <= 0.004) {
        discard;
    }
    fragColor = vec4(vColor.rgb, alpha);
}

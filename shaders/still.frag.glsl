#version 330 core
// Copies the still layer's colour and depth, pixel for pixel, so that what is drawn after it is
// depth-tested against the cached edges and rays as if they had been drawn this frame.
uniform sampler2D uColor;
uniform sampler2D uDepth;

out vec4 fragColor;

void main()
{
    ivec2 texel = ivec2(gl_FragCoord.xy);
    fragColor = texelFetch(uColor, texel, 0);
    gl_FragDepth = texelFetch(uDepth, texel, 0).r;
}

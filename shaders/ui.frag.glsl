#version 330 core
in vec2 vUv;
in vec4 vColor;

uniform sampler2D uTexture;

out vec4 fragColor;

void main() { fragColor = vColor * texture(uTexture, vUv); }

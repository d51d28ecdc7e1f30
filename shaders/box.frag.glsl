#version 330 core
in vec4 vColor;
in vec3 vNormalView;

uniform float uAlphaScale;

out vec4 fragColor;

void main()
{
    vec3 n = normalize(vNormalView);
    // key light from the upper left of the view, fill from the camera
    float key = max(dot(n, normalize(vec3(-0.4, 0.7, 0.6))), 0.0);
    float fill = abs(n.z);
    float light = 0.35 + 0.45 * key + 0.25 * fill;
    fragColor = vec4(vColor.rgb * light, vColor.a * uAlphaScale);
}

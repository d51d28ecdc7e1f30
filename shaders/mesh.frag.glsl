#version 330 core
// Flat shading from the screen-space derivatives of the world position (one normal per
// triangle, no normals uploaded); back faces (clockwise on screen: the winding normal looks away)
// darker and tinted towards violet. uPass: 0 faces, 1 edges.
in vec3 vWorld;

uniform vec4 uColor;
uniform int uPass;

out vec4 fragColor;

void main()
{
    if (uPass == 1) {
        fragColor = vec4(min(uColor.rgb * 1.3 + 0.15, vec3(1.0)), 0.75 * uAlphaScale);
        return;
    }
    vec3 n = normalize(cross(dFdx(vWorld), dFdy(vWorld)));
    float lit = abs(dot(n, normalize(vec3(0.3, 0.8, 0.5))));
    float shade = 0.55 + 0.45 * lit;
    vec3 rgb = uColor.rgb * shade;
    if (!gl_FrontFacing) {
        rgb = mix(rgb * 0.6, vec3(0.55, 0.3, 0.75) * shade, 0.45);
    }
    fragColor = vec4(rgb, uColor.a * uAlphaScale);
}

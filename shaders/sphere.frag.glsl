#version 330 core
in vec3 vViewPos;
flat in vec3 vCenter;
flat in float vRadius;
flat in vec4 vColor;
flat in vec4 vOutline;

out vec4 fragColor;

void main()
{
    vec3 origin = uOrtho == 1 ? vec3(vViewPos.xy, vCenter.z + vRadius * 4.0 + 1.0) : vec3(0.0);
    vec3 dir = uOrtho == 1 ? vec3(0.0, 0.0, -1.0) : normalize(vViewPos);
    vec3 oc = origin - vCenter;
    float b = dot(oc, dir);
    float c = dot(oc, oc) - vRadius * vRadius;
    float disc = b * b - c;
    if (disc < 0.0) {
        discard;
    }
    float t = -b - sqrt(disc);
    vec3 hit = origin + dir * t;
    vec3 n = normalize(hit - vCenter);
    vec4 clip = uProj * vec4(hit, 1.0);
    gl_FragDepth = clip.z / clip.w * 0.5 + 0.5;

    float key = max(dot(n, normalize(vec3(-0.4, 0.7, 0.6))), 0.0);
    float facing = max(dot(n, -dir), 0.0);
    float light = 0.35 + 0.45 * key + 0.25 * facing;
    // the highlight key^24 by squaring: a software driver's pow is a logarithm and an exponential
    float key3 = key * key * key;
    float key12 = (key3 * key3) * (key3 * key3);
    vec3 rgb = vColor.rgb * light + vec3(key12 * key12 * 0.35);
    // a rim: more opaque towards the silhouette, like a glass ball, plus a crisp outline
    float alpha = vColor.a * (0.75 + 0.6 * (1.0 - facing) * (1.0 - facing));
    // distance to the silhouette in pixels: how far the ray passes inside the sphere's edge
    float edgeWidth = fwidth(disc);
    float toEdge = disc / max(edgeWidth, 1e-12);
    float outline = 1.0 - clamp(toEdge - vOutline.a * uPixelScale, 0.0, 1.0);
    rgb = mix(rgb, vOutline.rgb, outline);
    alpha = mix(alpha, 1.0, outline);
    alpha *= clamp(toEdge + 0.5, 0.0, 1.0); // anti-aliased silhouette
    fragColor = vec4(rgb, min(alpha, 1.0) * uAlphaScale);
}

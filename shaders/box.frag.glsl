#version 330 core
// A translucent box: the front face blended over the back face where the view ray leaves the box
// (slab method in the box's frame), composed in one fragment.
flat in vec4 vColor;
flat in vec3 vHalf;
flat in vec3 vFrontNormalView;
flat in mat3 vAxesView;
in vec3 vLocal;
in vec3 vLocalDir;

uniform float uAlphaScale;

out vec4 fragColor;

float Light(vec3 n)
{
    // key light from the upper left of the view, fill from the camera
    float key = max(dot(n, normalize(vec3(-0.4, 0.7, 0.6))), 0.0);
    float fill = abs(n.z);
    return 0.35 + 0.45 * key + 0.25 * fill;
}

void main()
{
    // exit: the nearest far slab plane along the ray (a zero component never exits on that axis)
    vec3 d = vLocalDir;
    vec3 s = vec3(d.x >= 0.0 ? 1.0 : -1.0, d.y >= 0.0 ? 1.0 : -1.0, d.z >= 0.0 ? 1.0 : -1.0);
    vec3 ad = max(abs(d), vec3(1e-20));
    vec3 tFar = (vHalf - vLocal * s) / ad;
    vec3 back = vec3(0.0);
    if (tFar.x <= tFar.y && tFar.x <= tFar.z) {
        back.x = s.x;
    } else if (tFar.y <= tFar.z) {
        back.y = s.y;
    } else {
        back.z = s.z;
    }
    vec3 front = normalize(vFrontNormalView);
    vec3 cf = vColor.rgb * Light(front);
    vec3 cb = vColor.rgb * Light(normalize(vAxesView * back));
    // back layer, then front layer over it: premultiplied sum, then un-premultiplied for SRC_ALPHA
    float a = vColor.a;
    float alpha = a + (1.0 - a) * a;
    vec3 rgb = (a * cf + (1.0 - a) * a * cb) / max(alpha, 1e-6);
    fragColor = vec4(rgb, alpha * uAlphaScale);
}

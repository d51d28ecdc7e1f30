// The frame's common uniforms, one block shared by every program (render/frame_uniforms.h
// fills it once per frame; shader.cpp inserts this text after each shader's #version line).
layout(std140) uniform Frame {
    mat4 uViewProj;
    mat4 uView;
    mat4 uProj;
    vec3 uEye;          // world eye position (perspective)
    float uPixelScale;  // framebuffer pixels per screen pixel, times the View > Font size scale
    vec3 uForward;      // world view direction (orthographic)
    float uDepthBias;   // subtracted from NDC depth (pulls overlays in front of surfaces)
    vec2 uViewport;     // framebuffer pixels
    float uAlphaScale;
    int uOrtho;
};

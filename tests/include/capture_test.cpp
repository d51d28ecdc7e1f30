// Tests of include/hitlab/capture.h, the recorder, in-process: every family's line read back by
// HitLab's own protocol reader (core/io ParseQuery) with the values bit for bit, the number
// formatter on millions of random doubles and floats, ring mode, four threads, failures (an
// unwritable path, a full disk), skipped non-finite inputs, call sites escaped, the header line.
#define HITLAB_CAPTURE_IMPLEMENTATION
#include "hitlab/capture.h"

#include "core/io/protocol.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

std::string TempPath(const std::string& name) { return testing::TempDir() + "hitlab_capture_" + name + ".jsonl"; }

std::vector<std::string> ReadLines(const std::string& path)
{
    std::ifstream in(path);
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        lines.push_back(line);
    }
    return lines;
}

/// The line read by core/io, which must accept it.
ParsedQuery Parse(const std::string& line)
{
    ParsedQuery q = ParseQuery(line);
    EXPECT_TRUE(q.Ok()) << q.error.where << ": " << q.error.what << "\n" << line;
    return q;
}

std::string Format(double x)
{
    char text[32];
    const std::size_t n = hitlab_capture_format_double(text, x);
    EXPECT_EQ(n, std::string(text).size());
    return text;
}

/// strtod (correctly rounded) and nlohmann (the protocol's reader) give x back bit for bit.
void ExpectRoundTrip(double x, bool alsoJson)
{
    if (!std::isfinite(x)) {
        return;
    }
    const std::string text = Format(x);
    const double back = std::strtod(text.c_str(), nullptr);
    ASSERT_EQ(std::bit_cast<std::uint64_t>(back), std::bit_cast<std::uint64_t>(x)) << text;
    if (alsoJson) {
        const double json = nlohmann::json::parse(text).get<double>();
        ASSERT_EQ(std::bit_cast<std::uint64_t>(json), std::bit_cast<std::uint64_t>(x)) << text;
    }
}

TEST(CaptureFormat, KnownValuesAreShortAndExact)
{
    EXPECT_EQ(Format(0.0), "0");
    EXPECT_EQ(Format(-0.0), "-0.0"); // "-0" would read back as the integer 0
    EXPECT_EQ(Format(0.5), "0.5");
    EXPECT_EQ(Format(-3.0), "-3");
    EXPECT_EQ(Format(1e16), "10000000000000000");
    EXPECT_EQ(Format(1e17), "1e17");
    EXPECT_EQ(Format(0.1), "0.10000000000000001");
    EXPECT_EQ(Format(1.25e-7), "1.2499999999999999e-7"); // what %.17g writes
    EXPECT_EQ(Format(0x1p-30), "9.3132257461547852e-10");
    EXPECT_EQ(Format(0.001), "0.001");
    EXPECT_EQ(Format(std::numeric_limits<double>::max()), "1.7976931348623157e308");
    EXPECT_EQ(Format(std::numeric_limits<double>::denorm_min()), "4.9406564584124654e-324");
    EXPECT_EQ(Format(std::numeric_limits<double>::infinity()), "\"inf\"");
    EXPECT_EQ(Format(-std::numeric_limits<double>::infinity()), "\"-inf\"");
    EXPECT_EQ(Format(std::numeric_limits<double>::quiet_NaN()), "null");
}

TEST(CaptureFormat, ExtremesRoundTrip)
{
    const double values[] = {std::numeric_limits<double>::max(),
                             std::numeric_limits<double>::min(),
                             std::numeric_limits<double>::denorm_min(),
                             std::nextafter(std::numeric_limits<double>::min(), 0.0),
                             std::numeric_limits<float>::max(),
                             std::numeric_limits<float>::min(),
                             std::numeric_limits<float>::denorm_min(),
                             9007199254740993.0,
                             5e-324,
                             1e23,
                             8.41e21,
                             2.2250738585072011e-308,
                             0.3,
                             2.0 / 3.0};
    for (const double v : values) {
        ExpectRoundTrip(v, true);
        ExpectRoundTrip(-v, true);
        ExpectRoundTrip(std::nextafter(v, 0.0), true);
        ExpectRoundTrip(std::nextafter(v, std::numeric_limits<double>::infinity()), true);
    }
    // every power of two and of ten in range, and their neighbours
    for (int e = -1074; e <= 1023; ++e) {
        const double p = std::ldexp(1.0, e);
        ExpectRoundTrip(p, false);
        ExpectRoundTrip(std::nextafter(p, 0.0), false);
    }
    for (int e = -323; e <= 308; ++e) {
        const double p = std::strtod(("1e" + std::to_string(e)).c_str(), nullptr);
        ExpectRoundTrip(p, false);
        ExpectRoundTrip(std::nextafter(p, 0.0), false);
        ExpectRoundTrip(std::nextafter(p, 2 * p), false);
    }
}

TEST(CaptureFormat, MillionsOfRandomDoublesAndFloatsRoundTrip)
{
    std::mt19937_64 random(20261206);
    int checked = 0;
    for (int i = 0; i < 3'000'000; ++i) {
        std::uint64_t bits = random();
        if (i % 3 == 1) { // a subnormal or a value at the top of the range
            bits &= 0x800fffffffffffffull;
            bits |= (i % 2 == 0 ? 0ull : 0x7feull) << 52;
        }
        const double x = std::bit_cast<double>(bits);
        if (std::isfinite(x)) {
            ExpectRoundTrip(x, i % 64 == 0);
            ++checked;
        }
    }
    for (int i = 0; i < 2'000'000; ++i) {
        const float f = std::bit_cast<float>(static_cast<std::uint32_t>(random()));
        if (std::isfinite(f)) {
            const std::string text = Format(static_cast<double>(f));
            // read as the protocol reads it (a double), then rounded to float as a float line is
            ASSERT_EQ(std::bit_cast<std::uint32_t>(static_cast<float>(std::strtod(text.c_str(), nullptr))),
                      std::bit_cast<std::uint32_t>(f))
                << text;
            ++checked;
        }
    }
    EXPECT_GT(checked, 4'900'000);
}

/// Records with record(cap) into a fresh capture and returns the file's lines.
template <typename Record>
std::vector<std::string> Recorded(const std::string& name, Record record, int precision = HITLAB_CAPTURE_DOUBLE)
{
    const std::string path = TempPath(name);
    hitlab_capture* cap = hitlab_capture_open(path.c_str(), precision);
    EXPECT_NE(cap, nullptr);
    record(cap);
    EXPECT_EQ(hitlab_capture_close(cap), 0);
    return ReadLines(path);
}

TEST(Capture, EveryFamilyInDoubleAndFloatReadsBack)
{
    const double o[3] = {-2, 0.25, 0.5}, d[3] = {1, 0, 0}, lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
    const double axes[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, n[3] = {0, 0, 1};
    const double v0[3] = {0, 0, 0}, v1[3] = {1, 0, 0}, v2[3] = {0, 1, 0};
    const double vertices[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
    const unsigned triangles[6] = {0, 1, 2, 1, 3, 2};
    const float of[3] = {-2, 0.25f, 0.5f}, df[3] = {1, 0, 0}, lof[3] = {0, 0, 0}, hif[3] = {1, 1, 1};
    const float axesf[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, nf[3] = {0, 0, 1};
    const float v0f[3] = {0, 0, 0}, v1f[3] = {1, 0, 0}, v2f[3] = {0, 1, 0};
    const float verticesf[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const float nanf = std::numeric_limits<float>::quiet_NaN();
    const std::vector<std::string> lines = Recorded("families", [&](hitlab_capture* c) {
        hitlab_capture_ray_aabb(c, o, d, lo, hi, 1, 2, 3, "a.cpp:1");
        hitlab_capture_segment_aabb(c, o, d, lo, hi, 0, nan, nan, "a.cpp:2");
        hitlab_capture_ray_plane(c, o, d, n, 0.5, 1, 0, 0, nullptr);
        hitlab_capture_ray_sphere(c, o, d, lo, 1, 1, 1, 3, nullptr);
        hitlab_capture_ray_obb(c, o, d, lo, hi, axes, 1, 1, 3, nullptr);
        hitlab_capture_ray_triangle(c, o, n, v0, v1, v2, 1, 0.5, 0.5, 0.25, 0.5, 1, nullptr);
        hitlab_capture_segment_triangle(c, o, d, v0, v1, v2, 1, 0.5, 0.75, nan, nan, HITLAB_CAPTURE_FRONT_NULL,
                                        nullptr);
        hitlab_capture_ray_mesh(c, o, n, vertices, 4, triangles, 2, 1, 0.5, 0.5, 0.25, 0.5, 0, 1, nullptr);
        hitlab_capture_aabb_aabb(c, lo, hi, o, hi, 1, 0.5, n, nan, nullptr);
        hitlab_capture_sphere_aabb(c, o, 1, lo, hi, 0, nan, nullptr, 1.0, nullptr);
        hitlab_capture_sphere_sphere(c, o, 1, lo, 2, 1, 0.5, n, nan, nullptr);
        hitlab_capture_obb_obb(c, o, hi, axes, lo, hi, axes, 1, 0.5, nullptr, nan, nullptr);
        hitlab_capture_aabb_triangle(c, lo, hi, v0, v1, v2, 1, 0, nullptr, nan, nullptr);
        hitlab_capture_sphere_triangle(c, o, 1, v0, v1, v2, 0, nan, nullptr, 1.5, nullptr);
        hitlab_capture_triangle_triangle(c, v0, v1, v2, v0, v2, v1, 1, 0, nullptr, nan, nullptr);
        hitlab_capture_convex_convex(c, vertices, 4, vertices, 3, 1, 0, nullptr, nan, nullptr);
        hitlab_capture_point_aabb(c, o, lo, hi, 0, nan, nullptr);
        hitlab_capture_point_sphere(c, o, lo, 3, 1, 0.5, nullptr);
        hitlab_capture_point_obb(c, o, lo, hi, axes, 0, nan, nullptr);
        hitlab_capture_ray_aabb_f(c, of, df, lof, hif, 1, 2, 3, "b.cpp:1");
        hitlab_capture_segment_aabb_f(c, of, df, lof, hif, 0, nanf, nanf, nullptr);
        hitlab_capture_ray_plane_f(c, of, df, nf, 0.5f, 1, 0, 0, nullptr);
        hitlab_capture_ray_sphere_f(c, of, df, lof, 1, 1, 1, 3, nullptr);
        hitlab_capture_ray_obb_f(c, of, df, lof, hif, axesf, 1, 1, 3, nullptr);
        hitlab_capture_ray_triangle_f(c, of, nf, v0f, v1f, v2f, 1, 0.5f, 0.5f, 0.25f, 0.5f, 0, nullptr);
        hitlab_capture_segment_triangle_f(c, of, df, v0f, v1f, v2f, 0, nanf, nanf, nanf, nanf, HITLAB_CAPTURE_ABSENT,
                                          nullptr);
        hitlab_capture_ray_mesh_f(c, of, nf, verticesf, 4, triangles, 2, 1, 0.5f, 0.5f, 0.25f, 0.5f, 1, 0, nullptr);
        hitlab_capture_aabb_aabb_f(c, lof, hif, of, hif, 1, 0.5f, nf, nanf, nullptr);
        hitlab_capture_sphere_aabb_f(c, of, 1, lof, hif, 0, nanf, nullptr, 1, nullptr);
        hitlab_capture_sphere_sphere_f(c, of, 1, lof, 2, 1, 0.5f, nf, nanf, nullptr);
        hitlab_capture_obb_obb_f(c, of, hif, axesf, lof, hif, axesf, 1, 0.5f, nullptr, nanf, nullptr);
        hitlab_capture_aabb_triangle_f(c, lof, hif, v0f, v1f, v2f, 1, 0, nullptr, nanf, nullptr);
        hitlab_capture_sphere_triangle_f(c, of, 1, v0f, v1f, v2f, 0, nanf, nullptr, 1.5f, nullptr);
        hitlab_capture_triangle_triangle_f(c, v0f, v1f, v2f, v0f, v2f, v1f, 1, 0, nullptr, nanf, nullptr);
        hitlab_capture_convex_convex_f(c, verticesf, 4, verticesf, 3, 1, 0, nullptr, nanf, nullptr);
        hitlab_capture_point_aabb_f(c, of, lof, hif, 0, nanf, nullptr);
        hitlab_capture_point_sphere_f(c, of, lof, 3, 1, 0.5f, nullptr);
        hitlab_capture_point_obb_f(c, of, lof, hif, axesf, 0, nanf, nullptr);
    });
    const char* families[] = {"ray_aabb",      "segment_aabb",    "ray_plane",         "ray_sphere",
                              "ray_obb",       "ray_triangle",    "segment_triangle",  "ray_mesh",
                              "aabb_aabb",     "sphere_aabb",     "sphere_sphere",     "obb_obb",
                              "aabb_triangle", "sphere_triangle", "triangle_triangle", "convex_convex",
                              "point_aabb",    "point_sphere",    "point_obb"};
    ASSERT_EQ(lines.size(), 38u);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const ParsedQuery q = Parse(lines[i]);
        ASSERT_TRUE(q.Ok());
        EXPECT_EQ(FamilyName(q.query.family), families[i % 19]) << lines[i];
        EXPECT_EQ(q.precision, i < 19 ? Precision::Double : Precision::Float) << lines[i];
        ASSERT_EQ(q.answers.size(), 1u);
        EXPECT_TRUE(q.algorithms.empty()) << "a recorded line runs no algorithm, it is judged";
        EXPECT_TRUE(q.warnings.empty()) << lines[i];
    }
    // the fields, as given
    const ParsedQuery first = Parse(lines[0]); // kept: the result below refers into it
    const Result& ray = first.answers[0].result;
    EXPECT_TRUE(ray.hit);
    EXPECT_EQ(ray.tEnter, 2);
    EXPECT_EQ(ray.tExit, 3);
    EXPECT_EQ(nlohmann::json::parse(lines[0])["where"], "a.cpp:1");
    EXPECT_EQ(nlohmann::json::parse(lines[1])["answer"], nlohmann::json::parse(R"({"hit": false})"));
    const ParsedQuery tri = Parse(lines[5]);
    EXPECT_TRUE(tri.answers[0].result.hasFront && tri.answers[0].result.front);
    EXPECT_EQ(tri.answers[0].result.u, 0.25);
    EXPECT_EQ(nlohmann::json::parse(lines[6])["answer"]["front"], nullptr); // in the plane: null
    EXPECT_FALSE(nlohmann::json::parse(lines[25])["answer"].contains("front"));
    const ParsedQuery mesh = Parse(lines[7]);
    EXPECT_TRUE(mesh.answers[0].result.hasTriangle);
    EXPECT_EQ(mesh.answers[0].result.triangle, 1u);
    EXPECT_EQ(std::get<Mesh<double>>(mesh.query.b).TriangleCount(), 2u);
    const ParsedQuery boxLine = Parse(lines[8]);
    const Result& box = boxLine.answers[0].result;
    EXPECT_EQ(box.depth, 0.5);
    EXPECT_TRUE(box.hasNormal);
    EXPECT_EQ(box.normal, glm::dvec3(0, 0, 1));
    EXPECT_EQ(nlohmann::json::parse(lines[9])["answer"], nlohmann::json::parse(R"({"hit": false, "distance": 1})"));
    const ParsedQuery obbLine = Parse(lines[4]);
    const Obb<double>& obb = std::get<Obb<double>>(obbLine.query.b);
    EXPECT_EQ(obb.halfExtents, glm::dvec3(1, 1, 1));
    EXPECT_EQ(ShapeCast<float>(std::get<Ray<double>>(Parse(lines[19]).query.a)).origin, glm::vec3(-2, 0.25f, 0.5f));
}

TEST(Capture, RandomValuesReadBackBitForBit)
{
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> unit(-1, 1);
    std::vector<std::array<double, 14>> sent;
    const std::vector<std::string> lines = Recorded("bits", [&](hitlab_capture* c) {
        for (int i = 0; i < 2000; ++i) {
            std::array<double, 14> v{};
            for (double& x : v) {
                x = std::ldexp(unit(random), static_cast<int>(random() % 200) - 100);
            }
            v[3] = v[3] == 0 ? 1 : v[3];
            for (int k = 0; k < 3; ++k) { // a valid box
                if (v[6 + k] > v[9 + k]) {
                    std::swap(v[6 + k], v[9 + k]);
                }
            }
            hitlab_capture_ray_aabb(c, &v[0], &v[3], &v[6], &v[9], 1, v[12], v[13], nullptr);
            sent.push_back(v);
        }
    });
    ASSERT_EQ(lines.size(), sent.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const ParsedQuery q = Parse(lines[i]);
        ASSERT_TRUE(q.Ok());
        const auto& ray = std::get<Ray<double>>(q.query.a);
        const auto& box = std::get<Aabb<double>>(q.query.b);
        const double back[14] = {ray.origin.x,
                                 ray.origin.y,
                                 ray.origin.z,
                                 ray.direction.x,
                                 ray.direction.y,
                                 ray.direction.z,
                                 box.min.x,
                                 box.min.y,
                                 box.min.z,
                                 box.max.x,
                                 box.max.y,
                                 box.max.z,
                                 q.answers[0].result.tEnter,
                                 q.answers[0].result.tExit};
        for (int k = 0; k < 14; ++k) {
            ASSERT_EQ(std::bit_cast<std::uint64_t>(back[k]), std::bit_cast<std::uint64_t>(sent[i][size_t(k)]))
                << lines[i];
        }
    }
}

TEST(Capture, FrameTimeAndEscapedCallSites)
{
    const double o[3] = {0, 0, 0}, d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    const std::string tricky = "say \"hi\"\\ there\n\ttab \x01 caf\xc3\xa9 bad \xff\xfe end";
    const std::vector<std::string> lines = Recorded("where", [&](hitlab_capture* c) {
        hitlab_capture_ray_aabb(c, o, d, lo, hi, 1, 1, 2, "first");
        hitlab_capture_frame(c, -12);
        hitlab_capture_time(c, 0.25);
        hitlab_capture_ray_aabb(c, o, d, lo, hi, 1, 1, 2, tricky.c_str());
        hitlab_capture_frame(c, 9'000'000'000LL);
        hitlab_capture_time(c, std::numeric_limits<double>::quiet_NaN());
        hitlab_capture_ray_aabb(c, o, d, lo, hi, 1, std::numeric_limits<double>::infinity(), 2, nullptr);
    });
    ASSERT_EQ(lines.size(), 3u);
    for (const std::string& line : lines) {
        Parse(line);
    }
    const auto first = nlohmann::json::parse(lines[0]);
    EXPECT_FALSE(first.contains("frame"));
    EXPECT_FALSE(first.contains("time"));
    const auto second = nlohmann::json::parse(lines[1]);
    EXPECT_EQ(second["frame"], -12);
    EXPECT_EQ(second["time"], 0.25);
    EXPECT_EQ(second["where"], "say \"hi\"\\ there\n\ttab \x01 caf\xc3\xa9 bad \xef\xbf\xbd\xef\xbf\xbd end");
    const auto third = nlohmann::json::parse(lines[2]);
    EXPECT_EQ(third["frame"], 9'000'000'000LL);
    EXPECT_FALSE(third.contains("time"));
    EXPECT_FALSE(third.contains("where"));
    EXPECT_EQ(third["answer"]["t_enter"], "inf"); // the protocol's spelling; HitLab reads it back
    EXPECT_EQ(Parse(lines[2]).answers[0].result.tEnter, std::numeric_limits<double>::infinity());
}

TEST(Capture, NonFiniteInputsAndFloatOverflowAreSkippedAndCounted)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double o[3] = {0, 0, 0}, d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    const double bad[3] = {0, nan, 0}, huge[3] = {1e39, 0, 0};
    const std::string path = TempPath("skipped");
    hitlab_capture* cap = hitlab_capture_open(path.c_str(), HITLAB_CAPTURE_FLOAT);
    ASSERT_NE(cap, nullptr);
    hitlab_capture_ray_aabb(cap, bad, d, lo, hi, 1, 1, 2, nullptr);
    hitlab_capture_ray_aabb(cap, o, d, lo, huge, 1, 1, 2, nullptr); // beyond float in a float line
    hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, nullptr);
    hitlab_capture_ray_aabb(cap, o, d, nullptr, hi, 1, 1, 2, nullptr);
    EXPECT_EQ(hitlab_capture_recorded(cap), 1u);
    EXPECT_EQ(hitlab_capture_skipped(cap), 3u);
    EXPECT_EQ(hitlab_capture_close(cap), 0);
    const std::vector<std::string> lines = ReadLines(path);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(Parse(lines[0]).precision, Precision::Float);
}

TEST(Capture, AMeshLineOverTheProtocolLimitIsSkipped)
{
    // a grid of n x n vertices, two triangles per cell
    auto grid = [](int n, std::vector<double>& vertices, std::vector<unsigned>& triangles) {
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) {
                vertices.insert(vertices.end(), {0.1 * i, 0.1 * j, 0.0});
            }
        }
        for (unsigned i = 0; i + 1 < unsigned(n); ++i) {
            for (unsigned j = 0; j + 1 < unsigned(n); ++j) {
                const unsigned v = i * unsigned(n) + j;
                triangles.insert(triangles.end(),
                                 {v, v + 1, v + unsigned(n), v + 1, v + unsigned(n) + 1, v + unsigned(n)});
            }
        }
    };
    std::vector<double> small, large;
    std::vector<unsigned> smallTriangles, largeTriangles;
    grid(40, small, smallTriangles);  // 1,600 vertices: its line is read
    grid(100, large, largeTriangles); // 10,000 vertices, 19,602 triangles: beyond 1 MiB
    const double o[3] = {0.05, 0.05, 1}, d[3] = {0, 0, -1};
    const std::string path = TempPath("mesh");
    hitlab_capture* cap = hitlab_capture_open(path.c_str(), HITLAB_CAPTURE_DOUBLE);
    ASSERT_NE(cap, nullptr);
    hitlab_capture_ray_mesh(cap, o, d, small.data(), small.size() / 3, smallTriangles.data(), smallTriangles.size() / 3,
                            1, 1, 1, 0.5, 0.5, 1, 0, "mesh");
    hitlab_capture_ray_mesh(cap, o, d, large.data(), large.size() / 3, largeTriangles.data(), largeTriangles.size() / 3,
                            1, 1, 1, 0.5, 0.5, 1, 0, "mesh");
    EXPECT_EQ(hitlab_capture_recorded(cap), 1u);
    EXPECT_EQ(hitlab_capture_skipped(cap), 1u);
    ASSERT_EQ(hitlab_capture_close(cap), 0);
    const std::vector<std::string> lines = ReadLines(path);
    ASSERT_EQ(lines.size(), 1u);
    const ParsedQuery q = Parse(lines[0]);
    ASSERT_TRUE(q.Ok());
    EXPECT_EQ(std::get<Mesh<double>>(q.query.b).TriangleCount(), smallTriangles.size() / 3);
}

TEST(Capture, RingKeepsExactlyTheLastN)
{
    const std::string path = TempPath("ring");
    hitlab_capture* cap = hitlab_capture_open_ring(path.c_str(), 100);
    ASSERT_NE(cap, nullptr);
    const double d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    // long call sites, so that the ring's buffer is moved and grown many times
    const std::string padding(300, 'x');
    for (int i = 0; i < 5000; ++i) {
        const double o[3] = {double(i), 0, 0};
        hitlab_capture_frame(cap, i);
        hitlab_capture_ray_aabb(cap, o, d, lo, hi, 0, std::nan(""), std::nan(""), i % 7 == 0 ? padding.c_str() : "r");
    }
    EXPECT_TRUE(ReadLines(path).empty()) << "nothing is written before dump or close";
    ASSERT_EQ(hitlab_capture_dump(cap), 0);
    std::vector<std::string> lines = ReadLines(path);
    ASSERT_EQ(lines.size(), 100u);
    for (int i = 0; i < 100; ++i) {
        EXPECT_EQ(nlohmann::json::parse(lines[size_t(i)])["frame"], 4900 + i);
        Parse(lines[size_t(i)]);
    }
    // after a dump the ring starts empty: close appends what came since
    for (int i = 0; i < 30; ++i) {
        const double o[3] = {double(i), 0, 0};
        hitlab_capture_frame(cap, 10000 + i);
        hitlab_capture_ray_aabb(cap, o, d, lo, hi, 0, std::nan(""), std::nan(""), "after");
    }
    ASSERT_EQ(hitlab_capture_close(cap), 0);
    lines = ReadLines(path);
    ASSERT_EQ(lines.size(), 130u);
    EXPECT_EQ(nlohmann::json::parse(lines[100])["frame"], 10000);
    EXPECT_EQ(nlohmann::json::parse(lines[129])["frame"], 10029);
}

TEST(Capture, RingWritesTheHeaderLineFirst)
{
    const std::string path = TempPath("ring_header");
    hitlab_capture* cap =
        hitlab_capture_open_ex(path.c_str(), HITLAB_CAPTURE_DOUBLE, 3, "MyEngine 1.0", R"({"origin_inside": "miss"})");
    ASSERT_NE(cap, nullptr);
    const double o[3] = {0, 0, 0}, d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, nullptr);
    hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, nullptr);
    ASSERT_EQ(hitlab_capture_close(cap), 0);
    const std::vector<std::string> lines = ReadLines(path);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(
        nlohmann::json::parse(lines[0]),
        nlohmann::json::parse(R"({"capture": 1, "engine": "MyEngine 1.0", "conventions": {"origin_inside": "miss"}})"));
}

TEST(Capture, SetEngineBeforeTheFirstWriteOnly)
{
    const std::string path = TempPath("set_engine");
    hitlab_capture* cap = hitlab_capture_open(path.c_str(), HITLAB_CAPTURE_DOUBLE);
    ASSERT_NE(cap, nullptr);
    const double o[3] = {0, 0, 0}, d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, nullptr);
    EXPECT_EQ(hitlab_capture_set_engine(cap, "E", nullptr), 0) << "buffered lines are not written yet";
    ASSERT_EQ(hitlab_capture_dump(cap), 0);
    EXPECT_EQ(hitlab_capture_set_engine(cap, "F", nullptr), -1) << "the file has its first line";
    ASSERT_EQ(hitlab_capture_close(cap), 0);
    const std::vector<std::string> lines = ReadLines(path);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0], R"({"capture":1,"engine":"E"})");
    Parse(lines[1]);
}

TEST(Capture, FourThreadsInterleaveWholeLines)
{
    const std::string path = TempPath("threads");
    hitlab_capture* cap = hitlab_capture_open(path.c_str(), HITLAB_CAPTURE_DOUBLE);
    ASSERT_NE(cap, nullptr);
    EXPECT_EQ(hitlab_capture_threaded(cap), 1) << "the four threads share one queue and its writer";
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([cap, t] {
            const std::string where = "thread " + std::to_string(t);
            for (int i = 0; i < 10'000; ++i) {
                const double o[3] = {double(t), 0.1 * i, -1}, d[3] = {0, 0, 1}, lo[3] = {-5, -5, 0};
                const double hi[3] = {5, 1e4, 0.5 + i};
                hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, double(i), where.c_str());
            }
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(hitlab_capture_recorded(cap), 40'000u);
    ASSERT_EQ(hitlab_capture_close(cap), 0);
    const std::vector<std::string> lines = ReadLines(path);
    ASSERT_EQ(lines.size(), 40'000u);
    int next[4] = {0, 0, 0, 0}; // each thread's lines in its order
    for (const std::string& line : lines) {
        const ParsedQuery q = Parse(line);
        ASSERT_TRUE(q.Ok());
        const int t = static_cast<int>(std::get<Ray<double>>(q.query.a).origin.x);
        ASSERT_EQ(q.answers[0].result.tExit, next[t]) << line;
        ++next[t];
    }
}

TEST(Capture, UnwritablePathFailsAndLaterCallsDoNothing)
{
    hitlab_capture* cap = hitlab_capture_open("/nonexistent-hitlab-dir/run.capture.jsonl", HITLAB_CAPTURE_DOUBLE);
    EXPECT_EQ(cap, nullptr);
    EXPECT_EQ(hitlab_capture_open_ring("/nonexistent-hitlab-dir/ring.jsonl", 10), nullptr);
    EXPECT_EQ(hitlab_capture_open(nullptr, HITLAB_CAPTURE_DOUBLE), nullptr);
    EXPECT_EQ(hitlab_capture_open(TempPath("bad_precision").c_str(), 7), nullptr);
    EXPECT_EQ(hitlab_capture_open_ring(TempPath("huge_ring").c_str(), SIZE_MAX), nullptr) << "more than memory";
    EXPECT_EQ(hitlab_capture_open_ring(TempPath("empty_ring").c_str(), 0), nullptr);
    const double o[3] = {0, 0, 0}, d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    hitlab_capture_frame(cap, 1);
    hitlab_capture_time(cap, 1);
    hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, "nowhere");
    EXPECT_EQ(hitlab_capture_recorded(cap), 0u);
    EXPECT_EQ(hitlab_capture_ok(cap), 0);
    EXPECT_EQ(hitlab_capture_set_engine(cap, "E", nullptr), -1);
    EXPECT_EQ(hitlab_capture_dump(cap), -1);
    EXPECT_EQ(hitlab_capture_close(cap), -1);
}

TEST(Capture, FullDiskStopsTheRecordingAndCloseSaysSo)
{
    std::ifstream probe("/dev/full");
    if (!probe) {
        GTEST_SKIP() << "no /dev/full here";
    }
    hitlab_capture* cap = hitlab_capture_open("/dev/full", HITLAB_CAPTURE_DOUBLE);
    ASSERT_NE(cap, nullptr);
    const double o[3] = {0, 0, 0}, d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    // about 15 MB of records, more than the 4 MiB queue holds: the 64 KiB text buffer is flushed and
    // fails, and a call that waits for room learns it
    for (int i = 0; i < 100'000; ++i) {
        hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, "full.cpp:1");
    }
    EXPECT_EQ(hitlab_capture_ok(cap), 0);
    const unsigned long long recorded = hitlab_capture_recorded(cap);
    EXPECT_LT(recorded, 100'000u) << "recording stops at the failed write";
    hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, "full.cpp:2");
    EXPECT_EQ(hitlab_capture_recorded(cap), recorded);
    EXPECT_EQ(hitlab_capture_close(cap), -1);
    // a ring's failure shows at dump and close
    hitlab_capture* ring = hitlab_capture_open_ring("/dev/full", 10);
    ASSERT_NE(ring, nullptr);
    hitlab_capture_ray_aabb(ring, o, d, lo, hi, 1, 1, 2, nullptr);
    EXPECT_EQ(hitlab_capture_dump(ring), -1);
    EXPECT_EQ(hitlab_capture_close(ring), -1);
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

// Tests of include/hitlab/capture.h's writer thread (the default of a streaming capture): its file
// equals the synchronous mode's byte for byte for the same calls, dump and close drain the queue,
// a full disk is still reported, and the drop flag loses only what it counts. (The tiny-queue and
// no-threads builds: capture_program_test.cpp with tests/include/capture_queue.c.)
#include "hitlab/capture.h"

#include "core/io/protocol.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

std::string WriterPath(const std::string& name)
{
    return testing::TempDir() + "hitlab_capture_writer_" + name + ".jsonl";
}

std::string FileText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::size_t LineCount(const std::string& text)
{
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

/// The process's resident memory in bytes (Linux /proc/self/statm), 0 where it cannot be read.
long ResidentBytes()
{
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    return statm >> pages >> resident ? resident * 4096L : 0L;
}

/// A random double of any magnitude, subnormals included (finite).
double AnyDouble(std::mt19937_64& random)
{
    for (;;) {
        const double x = std::bit_cast<double>(random());
        if (std::isfinite(x)) {
            return x;
        }
    }
}

/// Every family, double and float, random numbers, frames, times, call sites; 40 calls a round.
void RecordRounds(hitlab_capture* c, int rounds)
{
    std::mt19937_64 random(26);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const float nanf = std::numeric_limits<float>::quiet_NaN();
    for (int i = 0; i < rounds; ++i) {
        double v[30];
        float f[30];
        for (int k = 0; k < 30; ++k) {
            v[k] = k % 3 == 0 ? AnyDouble(random) : std::ldexp(double(random() % 1000) - 500, int(random() % 40) - 20);
            do { // any finite float, subnormals included
                f[k] = std::bit_cast<float>(static_cast<std::uint32_t>(random()));
            } while (!std::isfinite(f[k]));
        }
        const unsigned tri[6] = {0, 1, 2, 1, 3, 2};
        const std::string where = "round " + std::to_string(i) + " \"q\" \\ \t caf\xc3\xa9";
        hitlab_capture_frame(c, i / 7 - 3);
        hitlab_capture_time(c, i % 4 == 0 ? nan : v[1]);
        hitlab_capture_ray_aabb(c, v, v + 3, v + 6, v + 9, int(i % 2), v[12], v[13], where.c_str());
        hitlab_capture_segment_aabb(c, v, v + 3, v + 6, v + 9, 0, nan, v[14], nullptr);
        hitlab_capture_ray_plane(c, v, v + 3, v + 6, v[9], 1, v[10], v[11], "plane");
        hitlab_capture_ray_sphere(c, v, v + 3, v + 6, v[9], 1, v[10], std::numeric_limits<double>::infinity(), nullptr);
        hitlab_capture_ray_obb(c, v, v + 3, v + 6, v + 9, v + 12, 1, v[21], v[22], nullptr);
        hitlab_capture_ray_triangle(c, v, v + 3, v + 6, v + 9, v + 12, 1, v[15], v[16], v[17], v[18], int(i % 3) - 1,
                                    nullptr);
        hitlab_capture_segment_triangle(c, v, v + 3, v + 6, v + 9, v + 12, 0, nan, nan, nan, nan, HITLAB_CAPTURE_ABSENT,
                                        nullptr);
        hitlab_capture_ray_mesh(c, v, v + 3, v + 6, 4, tri, 2, 1, v[18], v[19], v[20], v[21], 1, i % 2, "mesh");
        hitlab_capture_aabb_aabb(c, v, v + 3, v + 6, v + 9, 1, v[12], v + 13, v[16], nullptr);
        hitlab_capture_sphere_aabb(c, v, v[3], v + 6, v + 9, 0, nan, nullptr, v[12], nullptr);
        hitlab_capture_sphere_sphere(c, v, v[3], v + 6, v[9], 1, v[10], v + 11, nan, nullptr);
        hitlab_capture_obb_obb(c, v, v + 3, v + 6, v + 15, v + 18, v + 21, 1, v[24], nullptr, nan, nullptr);
        hitlab_capture_aabb_triangle(c, v, v + 3, v + 6, v + 9, v + 12, 1, 0, v + 15, nan, nullptr);
        hitlab_capture_sphere_triangle(c, v, v[3], v + 6, v + 9, v + 12, 0, nan, nullptr, v[15], nullptr);
        hitlab_capture_triangle_triangle(c, v, v + 3, v + 6, v + 9, v + 12, v + 15, 1, 0, nullptr, nan, nullptr);
        hitlab_capture_convex_convex(c, v, 5, v + 15, 4, 1, v[29], nullptr, nan, "convex");
        hitlab_capture_point_aabb(c, v, v + 3, v + 6, 0, nan, nullptr);
        hitlab_capture_point_sphere(c, v, v + 3, v[6], 1, v[7], nullptr);
        hitlab_capture_point_obb(c, v, v + 3, v + 6, v + 9, 0, nan, nullptr);
        hitlab_capture_ray_aabb_f(c, f, f + 3, f + 6, f + 9, 1, f[12], f[13], where.c_str());
        hitlab_capture_segment_aabb_f(c, f, f + 3, f + 6, f + 9, 0, nanf, nanf, nullptr);
        hitlab_capture_ray_plane_f(c, f, f + 3, f + 6, f[9], 1, f[10], f[11], nullptr);
        hitlab_capture_ray_sphere_f(c, f, f + 3, f + 6, f[9], 1, f[10], f[11], nullptr);
        hitlab_capture_ray_obb_f(c, f, f + 3, f + 6, f + 9, f + 12, 1, f[21], f[22], nullptr);
        hitlab_capture_ray_triangle_f(c, f, f + 3, f + 6, f + 9, f + 12, 1, f[15], f[16], f[17], f[18], 0, nullptr);
        hitlab_capture_segment_triangle_f(c, f, f + 3, f + 6, f + 9, f + 12, 0, nanf, nanf, nanf, nanf,
                                          HITLAB_CAPTURE_FRONT_NULL, nullptr);
        hitlab_capture_ray_mesh_f(c, f, f + 3, f + 6, 4, tri, 2, 1, f[18], f[19], f[20], f[21], 0, 1, nullptr);
        hitlab_capture_aabb_aabb_f(c, f, f + 3, f + 6, f + 9, 1, f[12], f + 13, f[16], nullptr);
        hitlab_capture_sphere_aabb_f(c, f, f[3], f + 6, f + 9, 0, nanf, nullptr, f[12], nullptr);
        hitlab_capture_sphere_sphere_f(c, f, f[3], f + 6, f[9], 1, f[10], f + 11, nanf, nullptr);
        hitlab_capture_obb_obb_f(c, f, f + 3, f + 6, f + 15, f + 18, f + 21, 1, f[24], nullptr, nanf, nullptr);
        hitlab_capture_aabb_triangle_f(c, f, f + 3, f + 6, f + 9, f + 12, 1, 0, f + 15, nanf, nullptr);
        hitlab_capture_sphere_triangle_f(c, f, f[3], f + 6, f + 9, f + 12, 0, nanf, nullptr, f[15], nullptr);
        hitlab_capture_triangle_triangle_f(c, f, f + 3, f + 6, f + 9, f + 12, f + 15, 1, 0, nullptr, nanf, nullptr);
        hitlab_capture_convex_convex_f(c, f, 5, f + 15, 4, 1, f[29], nullptr, nanf, nullptr);
        hitlab_capture_point_aabb_f(c, f, f + 3, f + 6, 0, nanf, nullptr);
        hitlab_capture_point_sphere_f(c, f, f + 3, f[6], 1, f[7], nullptr);
        hitlab_capture_point_obb_f(c, f, f + 3, f + 6, f + 9, 0, nanf, nullptr);
        const double bad[3] = {nan, 0, 0};
        hitlab_capture_point_sphere(c, bad, v, 1, 1, 0, "skipped: NaN input");
    }
}

/// The file of the same calls through a capture opened with flags (and precision).
std::string RecordedText(const std::string& name, int flags, int precision, int rounds, int* threaded,
                         unsigned long long* skipped)
{
    const std::string path = WriterPath(name);
    hitlab_capture* cap = hitlab_capture_open_ex(path.c_str(), precision | flags, 0, "writer test", nullptr);
    EXPECT_NE(cap, nullptr);
    *threaded = hitlab_capture_threaded(cap);
    RecordRounds(cap, rounds);
    *skipped = hitlab_capture_skipped(cap);
    EXPECT_GE(*skipped, static_cast<unsigned long long>(rounds)) << "a NaN input a round, and numbers beyond float";
    EXPECT_EQ(hitlab_capture_close(cap), 0);
    return FileText(path);
}

TEST(CaptureWriter, ThreadedFileEqualsSynchronousFileByteForByte)
{
    for (const int precision : {HITLAB_CAPTURE_DOUBLE, HITLAB_CAPTURE_FLOAT}) {
        int threaded = 0, sync_threaded = 1;
        unsigned long long skipped = 0, sync_skipped = 0;
        // 3,000 rounds: tens of megabytes of records through the 4 MiB queue, which wraps and fills
        const std::string threadedText = RecordedText("threaded", 0, precision, 3000, &threaded, &skipped);
        const std::string syncText =
            RecordedText("sync", HITLAB_CAPTURE_SYNC, precision, 3000, &sync_threaded, &sync_skipped);
        EXPECT_EQ(threaded, 1) << "a streaming capture formats on a writer thread by default";
        EXPECT_EQ(sync_threaded, 0);
        EXPECT_EQ(skipped, sync_skipped);
        EXPECT_EQ(LineCount(threadedText), 1u + 3000u * 39u - skipped) << "the header and every query not skipped";
        ASSERT_EQ(threadedText.size(), syncText.size());
        EXPECT_TRUE(threadedText == syncText) << "the same bytes";
    }
}

TEST(CaptureWriter, DumpAndCloseDrainTheQueue)
{
    const std::string path = WriterPath("drain");
    hitlab_capture* cap = hitlab_capture_open(path.c_str(), HITLAB_CAPTURE_DOUBLE);
    ASSERT_NE(cap, nullptr);
    ASSERT_EQ(hitlab_capture_threaded(cap), 1);
    const double o[3] = {0, 0, 0}, d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    for (int i = 0; i < 1000; ++i) { // 1,000 records: far below the writer's wake-up fill
        hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, double(i), "drain");
    }
    ASSERT_EQ(hitlab_capture_dump(cap), 0);
    EXPECT_EQ(LineCount(FileText(path)), 1000u) << "dump: every queued query is in the file";
    for (int i = 0; i < 500; ++i) {
        hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, double(i), "drain");
    }
    ASSERT_EQ(hitlab_capture_close(cap), 0);
    EXPECT_EQ(LineCount(FileText(path)), 1500u) << "close: the rest";
}

TEST(CaptureWriter, AWriterOutOfRecordsWritesItsTextToTheFile)
{
    // Once the file has its first line (here by a dump), 100 lines (far below the 64 KiB text
    // buffer) and a frame, which wakes the writer: once it has formatted them, they are in the file
    // without dump or close, so a crash of the engine then would not lose them. Waited for up to 10 s
    // (the writer is another thread); before, they stayed in the writer's buffer until close.
    const std::string path = WriterPath("idle");
    hitlab_capture* cap = hitlab_capture_open(path.c_str(), HITLAB_CAPTURE_DOUBLE);
    ASSERT_NE(cap, nullptr);
    ASSERT_EQ(hitlab_capture_threaded(cap), 1);
    const double o[3] = {0, 0, 0}, d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, -1, "idle");
    ASSERT_EQ(hitlab_capture_dump(cap), 0);
    hitlab_capture_frame(cap, 7);
    for (int i = 0; i < 100; ++i) {
        hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, double(i), "idle");
    }
    hitlab_capture_frame(cap, 8);
    std::size_t lines = 0;
    for (int waited = 0; waited < 1000 && lines < 101; ++waited) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        lines = LineCount(FileText(path));
    }
    EXPECT_EQ(lines, 101u) << "the formatted lines are in the file while the capture is open";
    const std::string text = FileText(path);
    EXPECT_NE(text.find("\"t_exit\":99},\"frame\":7,\"where\":\"idle\"}\n"), std::string::npos) << text.substr(0, 300);
    ASSERT_EQ(hitlab_capture_close(cap), 0);
    EXPECT_EQ(FileText(path), text) << "close had nothing left to write";
}

TEST(CaptureWriter, EveryInputNumberIsCheckedAtTheLimitsOfItsLine)
{
    // Each of a ray_aabb's 12 input numbers, and a ray_sphere's radius and a ray_plane's distance (the
    // scalars), set in turn to values at the edges of what a line can hold: a query is skipped when
    // any input is NaN or its magnitude reaches the line's limit (infinity in double; in float the
    // overflow threshold 3.4028235677973366e38, which rounds to infinity), and recorded otherwise.
    // The expected verdicts are this rule, written out here; the header's check (two numbers an
    // instruction with SSE2) must agree on every one.
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    const double threshold = 3.4028235677973366e38, dmax = std::numeric_limits<double>::max();
    const std::vector<double> values = {
        nan,  -nan,  inf,  -inf, threshold, -threshold, std::nextafter(threshold, 0.0), -std::nextafter(threshold, 0.0),
        dmax, -dmax, -0.0, 0.0,  1e-310};
    for (const int precision : {HITLAB_CAPTURE_DOUBLE, HITLAB_CAPTURE_FLOAT}) {
        const double limit = precision == HITLAB_CAPTURE_FLOAT ? threshold : inf;
        const std::string path = WriterPath(precision == HITLAB_CAPTURE_FLOAT ? "limits_float" : "limits_double");
        hitlab_capture* cap = hitlab_capture_open(path.c_str(), precision);
        ASSERT_NE(cap, nullptr);
        unsigned long long recorded = 0, skipped = 0;
        for (const double x : values) {
            const bool ok = !std::isnan(x) && std::fabs(x) < limit;
            for (int position = 0; position < 14; ++position) {
                double n[12] = {0.5, -0.25, 0.125, 1, 0, 0, 1, -1, -1, 2, 1, 1};
                if (position < 12) {
                    n[position] = x;
                    hitlab_capture_ray_aabb(cap, n, n + 3, n + 6, n + 9, 1, 1, 2, "limits");
                } else if (position == 12) {
                    hitlab_capture_ray_sphere(cap, n, n + 3, n + 6, x, 1, 1, 2, "limits");
                } else {
                    hitlab_capture_ray_plane(cap, n, n + 3, n + 9, x, 1, 1, 2, "limits");
                }
                (ok ? recorded : skipped) += 1;
                EXPECT_EQ(hitlab_capture_recorded(cap), recorded)
                    << "precision " << precision << ", number " << position << " = " << x;
                EXPECT_EQ(hitlab_capture_skipped(cap), skipped)
                    << "precision " << precision << ", number " << position << " = " << x;
            }
        }
        ASSERT_EQ(hitlab_capture_close(cap), 0);
        EXPECT_EQ(LineCount(FileText(path)), recorded);
    }
}

TEST(CaptureWriter, FullDiskIsReportedByDumpAndClose)
{
    std::ifstream probe("/dev/full");
    if (!probe) {
        GTEST_SKIP() << "no /dev/full here";
    }
    const double o[3] = {0, 0, 0}, d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    // a few lines: queued, not yet written when close comes
    hitlab_capture* cap = hitlab_capture_open("/dev/full", HITLAB_CAPTURE_DOUBLE);
    ASSERT_NE(cap, nullptr);
    ASSERT_EQ(hitlab_capture_threaded(cap), 1);
    for (int i = 0; i < 100; ++i) {
        hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, "full.cpp:1");
    }
    EXPECT_EQ(hitlab_capture_close(cap), -1) << "the writer's failed write, reported by close";
    // dump sees it, and the recording stops
    cap = hitlab_capture_open("/dev/full", HITLAB_CAPTURE_DOUBLE);
    ASSERT_NE(cap, nullptr);
    hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, "full.cpp:2");
    EXPECT_EQ(hitlab_capture_dump(cap), -1);
    EXPECT_EQ(hitlab_capture_ok(cap), 0);
    const unsigned long long recorded = hitlab_capture_recorded(cap);
    hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, "full.cpp:3");
    EXPECT_EQ(hitlab_capture_recorded(cap), recorded) << "a call after the failure does nothing";
    EXPECT_EQ(hitlab_capture_close(cap), -1);
}

TEST(CaptureWriter, DropFlagLosesOnlyWhatItCounts)
{
    const std::string path = WriterPath("drop");
    hitlab_capture* cap = hitlab_capture_open(path.c_str(), HITLAB_CAPTURE_DOUBLE | HITLAB_CAPTURE_DROP);
    ASSERT_NE(cap, nullptr);
    const double d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    const int calls = 200'000;
    for (int i = 0; i < calls; ++i) {
        const double o[3] = {0, double(i), 0};
        hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, "drop");
    }
    const unsigned long long recorded = hitlab_capture_recorded(cap), dropped = hitlab_capture_dropped(cap);
    EXPECT_EQ(hitlab_capture_waits(cap), 0u) << "the drop flag never waits";
    ASSERT_EQ(hitlab_capture_close(cap), 0);
    EXPECT_EQ(recorded + dropped, static_cast<unsigned long long>(calls));
    const std::string text = FileText(path);
    EXPECT_EQ(LineCount(text), recorded) << "every query not dropped is in the file";
    // the kept ones in their order
    std::istringstream lines(text);
    std::string line;
    double last = -1;
    while (std::getline(lines, line)) {
        const ParsedQuery q = ParseQuery(line);
        ASSERT_TRUE(q.Ok()) << line;
        const double y = std::get<Ray<double>>(q.query.a).origin.y;
        ASSERT_GT(y, last);
        last = y;
    }
}

TEST(CaptureWriter, FlagsAreCheckedAndRingStaysSynchronous)
{
    EXPECT_EQ(hitlab_capture_open(WriterPath("bad_flag").c_str(), HITLAB_CAPTURE_DOUBLE | 0x400), nullptr);
    hitlab_capture* ring =
        hitlab_capture_open_ex(WriterPath("ring").c_str(), HITLAB_CAPTURE_DOUBLE, 8, nullptr, nullptr);
    ASSERT_NE(ring, nullptr);
    EXPECT_EQ(hitlab_capture_threaded(ring), 0) << "a ring formats when it records (nothing is written until dump)";
    EXPECT_EQ(hitlab_capture_close(ring), 0);
    EXPECT_EQ(hitlab_capture_threaded(nullptr), 0);
    EXPECT_EQ(hitlab_capture_dropped(nullptr), 0u);
    EXPECT_EQ(hitlab_capture_waits(nullptr), 0u);
    EXPECT_EQ(hitlab_capture_truncated(nullptr), 0u);
}

TEST(CaptureWriter, ACallSiteOverTheLimitIsCutAndCounted)
{
    const std::string path = WriterPath("long_where");
    hitlab_capture* cap = hitlab_capture_open(path.c_str(), HITLAB_CAPTURE_DOUBLE);
    ASSERT_NE(cap, nullptr);
    const double o[3] = {0, 0, 0}, d[3] = {1, 0, 0}, lo[3] = {1, -1, -1}, hi[3] = {2, 1, 1};
    const std::string longWhere(HITLAB_CAPTURE_WHERE_MAX + 10, 'w');
    hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, longWhere.c_str());
    hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, 1, 2, longWhere.substr(0, HITLAB_CAPTURE_WHERE_MAX).c_str());
    EXPECT_EQ(hitlab_capture_truncated(cap), 1u);
    ASSERT_EQ(hitlab_capture_close(cap), 0);
    std::istringstream lines(FileText(path));
    std::string line;
    for (int i = 0; i < 2; ++i) {
        ASSERT_TRUE(std::getline(lines, line));
        const ParsedQuery q = ParseQuery(line);
        ASSERT_TRUE(q.Ok());
        EXPECT_NE(line.find("\"where\":\"" + std::string(HITLAB_CAPTURE_WHERE_MAX, 'w') + "\"}"), std::string::npos);
    }
}

/// One thread's calls for the shape and call-site test: one ray against boxes, the ray's origin
/// changed only in its zero's sign, the precision of the line changed with the same numbers, and a
/// call-site buffer rewritten in place (same pointer, new text) and then given at another address.
void RecordRepeats(hitlab_capture* cap)
{
    const double o[3] = {0, 1, -3}, oNegativeZero[3] = {-0.0, 1, -3}, d[3] = {0, 0, 1};
    const float of[3] = {0, 1, -3}, df[3] = {0, 0, 1}, lof[3] = {-1, -1, -1}, hif[3] = {1, 1, 1};
    char site[32] = "site A";
    const char other[] = "site A";
    for (int i = 0; i < 6; ++i) {
        const double lo[3] = {-1, -1, double(i)}, hi[3] = {1, 1, double(i) + 0.5};
        if (i == 3) {
            std::snprintf(site, sizeof site, "site B"); // the same length: only the text tells
        }
        hitlab_capture_ray_aabb(cap, i == 4 ? oNegativeZero : o, d, lo, hi, 1, double(i) + 3, double(i) + 3.5,
                                i == 5 ? other : site);
        hitlab_capture_segment_aabb(cap, o, d, lo, hi, 0, std::nan(""), std::nan(""), site); // same numbers, kind
    }
    hitlab_capture_ray_aabb_f(cap, of, df, lof, hif, 1, 2, 4, site); // a float line with the double ray's bits
    const double above[3] = {1, 2, -2};
    hitlab_capture_ray_aabb(cap, o, d, o, above, 0, std::nan(""), std::nan(""), ""); // b with a's numbers
}

TEST(CaptureWriter, RepeatedShapesAndCallSitesAreWrittenWhole)
{
    // a record leaves out a shape a the same (bit for bit, same kind and precision) as its thread's
    // last, and names a call site seen before (same pointer and text) by its slot: the file must not
    // show it
    int threaded = 0, syncThreaded = 1;
    std::string texts[2];
    for (const int sync : {0, 1}) {
        const std::string path = WriterPath(sync ? "repeats_sync" : "repeats");
        hitlab_capture* cap =
            hitlab_capture_open(path.c_str(), HITLAB_CAPTURE_DOUBLE | (sync ? HITLAB_CAPTURE_SYNC : 0));
        ASSERT_NE(cap, nullptr);
        (sync ? syncThreaded : threaded) = hitlab_capture_threaded(cap);
        RecordRepeats(cap);
        ASSERT_EQ(hitlab_capture_close(cap), 0);
        texts[sync] = FileText(path);
    }
    EXPECT_EQ(threaded, 1);
    EXPECT_EQ(syncThreaded, 0);
    EXPECT_EQ(texts[0], texts[1]);
    std::vector<std::string> lines;
    std::istringstream in(texts[0]);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    ASSERT_EQ(lines.size(), 14u);
    for (const std::string& line : lines) {
        EXPECT_TRUE(ParseQuery(line).Ok()) << line;
    }
    const std::string origin = R"("origin":[0,1,-3])";
    EXPECT_NE(lines[2].find(origin), std::string::npos) << lines[2];
    EXPECT_NE(lines[8].find(R"("origin":[-0.0,1,-3])"), std::string::npos) << "the sign of zero is a new ray";
    EXPECT_NE(lines[10].find(origin), std::string::npos) << lines[10];
    EXPECT_NE(lines[12].find(R"("precision":"float","a":{"type":"ray","origin":[0,1,-3])"), std::string::npos);
    EXPECT_NE(lines[13].find(R"("b":{"type":"aabb","min":[0,1,-3],"max":[1,2,-2]})"), std::string::npos);
    EXPECT_NE(lines[4].find(R"("where":"site A"})"), std::string::npos) << lines[4];
    EXPECT_NE(lines[6].find(R"("where":"site B"})"), std::string::npos) << "rewritten in place";
    EXPECT_NE(lines[9].find(R"("where":"site B"})"), std::string::npos) << lines[9];
    EXPECT_NE(lines[10].find(R"("where":"site A"})"), std::string::npos) << "the same text at another address";
    EXPECT_NE(lines[13].find(R"("where":""})"), std::string::npos) << lines[13];
}

TEST(CaptureWriter, ThreadsPastTheLanesShareOneInOrder)
{
    // HITLAB_CAPTURE_LANES threads get a lane each; the ones past them share one, under the lock
    const std::string path = WriterPath("many_threads");
    hitlab_capture* cap = hitlab_capture_open(path.c_str(), HITLAB_CAPTURE_DOUBLE);
    ASSERT_NE(cap, nullptr);
    constexpr int kThreads = HITLAB_CAPTURE_LANES + 4, kCalls = 2000;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([cap, t] {
            const std::string where = "thread " + std::to_string(t);
            const double o[3] = {double(t), 0, -1}, d[3] = {0, 0, 1};
            for (int i = 0; i < kCalls; ++i) {
                const double lo[3] = {-5, -5, double(i)}, hi[3] = {5, 5, i + 0.5};
                hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, double(i) + 1, double(i) + 1.5, where.c_str());
            }
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(hitlab_capture_recorded(cap), static_cast<unsigned long long>(kThreads * kCalls));
    ASSERT_EQ(hitlab_capture_close(cap), 0);
    std::istringstream in(FileText(path));
    std::vector<int> next(kThreads, 0);
    std::size_t count = 0;
    for (std::string line; std::getline(in, line); ++count) {
        const ParsedQuery q = ParseQuery(line);
        ASSERT_TRUE(q.Ok()) << line;
        const std::size_t at = line.find("\"where\":\"thread ");
        ASSERT_NE(at, std::string::npos) << line;
        const int t = std::stoi(line.substr(at + 16));
        ASSERT_TRUE(t >= 0 && t < kThreads);
        const std::string min = "\"min\":[-5,-5," + std::to_string(next[t]) + "]";
        ASSERT_NE(line.find(min), std::string::npos) << "thread " << t << "'s lines in its order: " << line;
        EXPECT_NE(line.find("\"origin\":[" + std::to_string(t) + ",0,-1]"), std::string::npos) << line;
        ++next[t];
    }
    EXPECT_EQ(count, static_cast<std::size_t>(kThreads * kCalls));
}

TEST(CaptureWriter, AThreadRecordingIntoManyCapturesKeepsOneLaneInEach)
{
    // a thread remembers its lanes of the last 4 captures it used; with 6 used in turn it must find
    // its own lane again: a second lane would let the writer put later lines before earlier ones, and
    // each is 4 MiB that the writer touches (so the resident memory tells how many were made)
    constexpr int kCaptures = 6, kCalls = 3000;
    const long before = ResidentBytes();
    std::vector<hitlab_capture*> caps;
    for (int c = 0; c < kCaptures; ++c) {
        caps.push_back(hitlab_capture_open(WriterPath("many_" + std::to_string(c)).c_str(), HITLAB_CAPTURE_DOUBLE));
        ASSERT_NE(caps.back(), nullptr);
    }
    const double o[3] = {0, 0, -1}, d[3] = {0, 0, 1};
    for (int i = 0; i < kCalls; ++i) {
        for (hitlab_capture* cap : caps) {
            const double lo[3] = {-1, -1, double(i)}, hi[3] = {1, 1, i + 0.5};
            hitlab_capture_ray_aabb(cap, o, d, lo, hi, 1, double(i) + 1, double(i) + 1.5, "many");
        }
    }
    if (before > 0) { // one lane a capture: 24 MiB; a lane a call until the shared one: 16 a capture
        EXPECT_LT(ResidentBytes() - before, 64L << 20) << "lanes made: more than one a capture";
    }
    for (int c = 0; c < kCaptures; ++c) {
        ASSERT_EQ(hitlab_capture_close(caps[c]), 0);
        std::istringstream in(FileText(WriterPath("many_" + std::to_string(c))));
        int next = 0;
        for (std::string line; std::getline(in, line); ++next) {
            ASSERT_NE(line.find("\"min\":[-1,-1," + std::to_string(next) + "]"), std::string::npos)
                << "capture " << c << ", line " << next << ": " << line;
        }
        EXPECT_EQ(next, kCalls);
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

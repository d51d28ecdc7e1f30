// Tests of reading a capture's lines (core/capture/capture_line.h): the fast reader gives exactly
// what the protocol's full parser gives on every line shape, or leaves the line to it.
#include "core/capture/capture_fast_cursor.h"
#include "core/capture/capture_line.h"
#include "core/exact/hunt_draw.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

std::string Hex(double v)
{
    char text[64];
    std::snprintf(text, sizeof text, "%a", v);
    return text;
}

std::string Hex(const glm::dvec3& v) { return "(" + Hex(v.x) + " " + Hex(v.y) + " " + Hex(v.z) + ")"; }

/// Every number of a shape, bit for bit (-0 included).
std::string ShapeBits(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Ray:
        return "ray " + Hex(std::get<Ray<double>>(shape).origin) + Hex(std::get<Ray<double>>(shape).direction);
    case ShapeKind::Segment:
        return "segment " + Hex(std::get<Segment<double>>(shape).start) + Hex(std::get<Segment<double>>(shape).end);
    case ShapeKind::Plane:
        return "plane " + Hex(std::get<Plane<double>>(shape).normal) + Hex(std::get<Plane<double>>(shape).distance);
    case ShapeKind::Aabb:
        return "aabb " + Hex(std::get<Aabb<double>>(shape).min) + Hex(std::get<Aabb<double>>(shape).max);
    case ShapeKind::Sphere:
        return "sphere " + Hex(std::get<Sphere<double>>(shape).center) + Hex(std::get<Sphere<double>>(shape).radius);
    case ShapeKind::Point:
        return "point " + Hex(std::get<Point<double>>(shape).position);
    case ShapeKind::Obb: {
        const auto& o = std::get<Obb<double>>(shape);
        return "obb " + Hex(o.center) + Hex(o.halfExtents) + Hex(o.axes[0]) + Hex(o.axes[1]) + Hex(o.axes[2]);
    }
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
    case ShapeKind::Convex:
        return "other";
    }
    return "";
}

std::string ResultBits(const Result& r)
{
    return std::string(r.hit ? "hit " : "miss ") + Hex(r.tEnter) + " " + Hex(r.tExit) + Hex(r.point) + Hex(r.normal) +
           (r.hasNormal ? "n " : "- ") + Hex(r.depth) + Hex(r.contact) + Hex(r.distance) +
           (r.hasDistance ? "d " : "- ") + Hex(r.closestA) + Hex(r.closestB);
}

/// A line as read, every field, bit for bit (not `fast`).
std::string Bits(const CaptureLine& line)
{
    if (!line.Ok()) {
        return "error " + line.error.where + ": " + line.error.what;
    }
    std::string s = std::string(FamilyName(line.query.family)) + " " + ShapeBits(line.query.a) + " " +
                    ShapeBits(line.query.b) + (line.precision == Precision::Float ? " float" : " double");
    for (const GivenAnswer& a : line.answers) {
        s += " [" + a.name + " " + std::to_string(a.returns) + " " + ResultBits(a.result) + "]";
    }
    for (const auto& [key, value] : line.conventions) {
        s += " " + key + "=" + value;
    }
    s += line.hasFrame ? " frame " + std::to_string(line.frame) : " no frame";
    s += line.hasTime ? " time " + Hex(line.time) : " no time";
    return s + " where " + line.where;
}

/// Reads text both ways; expects the same; returns whether the fast reader read it.
bool ReadsTheSame(const std::string& text)
{
    CaptureLine full, read;
    ParseCaptureLineFull(text, full);
    ReadCaptureLine(text, 7, read);
    EXPECT_EQ(Bits(read), Bits(full)) << text;
    EXPECT_EQ(read.number, 7u);
    CaptureLine fast;
    const bool wasFast = FastReadCaptureLine(text, fast);
    if (wasFast) {
        EXPECT_EQ(Bits(fast), Bits(full)) << text;
        EXPECT_TRUE(full.Ok()) << "the fast reader read a line the full parser rejects: " << text;
    }
    return wasFast;
}

const char* const kRecorded =
    R"({"query":"ray_aabb","precision":"double","a":{"type":"ray","origin":[0.5,-0,2],"direction":[1,0,-0.0]},)"
    R"("b":{"type":"aabb","min":[-1,-1,-1],"max":[1,1,1]},"answer":{"hit":true,"t_enter":0,"t_exit":0.5},)"
    R"("frame":12,"time":0.25,"where":"player.cpp:88"})";

TEST(CaptureLine, TheRecordersLineIsReadFastAndExactly)
{
    EXPECT_TRUE(ReadsTheSame(kRecorded));
    CaptureLine line;
    ReadCaptureLine(kRecorded, 3, line);
    ASSERT_TRUE(line.Ok());
    EXPECT_TRUE(line.fast);
    EXPECT_EQ(line.number, 3u);
    const auto& ray = std::get<Ray<double>>(line.query.a);
    EXPECT_FALSE(std::signbit(ray.origin.y)); // the integer -0 is +0, as nlohmann reads it
    EXPECT_TRUE(std::signbit(ray.direction.z));
    EXPECT_EQ(line.precision, Precision::Double);
    ASSERT_EQ(line.answers.size(), 1u);
    EXPECT_EQ(line.answers[0].name, "answer");
    EXPECT_EQ(line.answers[0].returns, kFieldHit | kFieldTEnter | kFieldTExit);
    EXPECT_EQ(line.answers[0].result.tExit, 0.5);
    EXPECT_EQ(line.frame, 12);
    EXPECT_EQ(line.time, 0.25);
    EXPECT_EQ(line.where, "player.cpp:88");
}

TEST(CaptureLine, EveryLineShapeReadsAsTheFullParserReadsIt)
{
    // read by the fast reader
    const char* const fast[] = {
        kRecorded,
        R"(  { "where" : "a" , "answer" : { "t_exit" : 1e0 , "hit" : false } , "b" : { "max" : [1,1,1], "min" : [0,0,0], "type" : "aabb" }, "a" : { "direction" : [1,2,3], "origin" : [1E-3,-2.5e+2,0.1], "type" : "ray" }, "query" : "ray_aabb" }  )",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true,"t_enter":"-inf","t_exit":"inf","point":null,"normal":[1,0,0]}})",
        R"({"query":"ray_sphere","precision":"float","a":{"type":"ray","origin":[0,0,-5],"direction":[0,0,1]},"b":{"type":"sphere","center":[0,0,0],"radius":1},"answer":{"hit":true,"t_enter":4,"t_exit":6,"point":[0,0,-1],"normal":[0,0,-1]},"frame":-4})",
        R"({"query":"segment_aabb","precision":"double","a":{"type":"segment","start":[0,0,0],"end":[2,0,0]},"b":{"type":"aabb","min":[1,-1,-1],"max":[3,1,1]},"answer":{"hit":true,"t_enter":0.5,"t_exit":1}})",
        R"({"query":"ray_plane","precision":"double","a":{"type":"ray","origin":[0,0,0],"direction":[0,1,0]},"b":{"type":"plane","normal":[0,1,0],"distance":2},"answer":{"hit":true,"t_enter":2}})",
        R"({"query":"sphere_sphere","precision":"double","a":{"type":"sphere","center":[0,0,0],"radius":1},"b":{"type":"sphere","center":[1.5,0,0],"radius":1},"answer":{"hit":true,"depth":0.5,"normal":[1,0,0],"contact":null}})",
        R"({"query":"point_aabb","precision":"double","a":{"type":"point","position":[0.5,0.5,0.5]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":false},"time":-0})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true,"t_enter":123456789012345678901234567890,"t_exit":9007199254740993}})",
    };
    for (const char* line : fast) {
        EXPECT_TRUE(ReadsTheSame(line)) << "not read fast: " << line;
    }
    // left to the full parser (valid or not): the results must still be the same
    const char* const full[] = {
        "\xEF\xBB\xBF"
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true},"where":"caf\u00e9"})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true},"where":"café"})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true},"frame":3.0})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true},"frame":3.5})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true},"frame":"3"})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true},"colour":1})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true},"answer":{"hit":false}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":1}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true,"depth":1}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true,"t_enter":"nan"}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[0,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[2,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[01,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[1e400,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[1e300,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[1e-400,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1e-50,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","precision":"quad","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_cube","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"sphere","center":[0,0,0],"radius":1},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0],"name":"r"},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}} x)",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true},"conventions":{"origin_inside":"miss"}})",
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answers":{"mine":{"hit":true},"theirs":{"hit":false}}})",
        R"({"id":5,"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":true}})",
        R"({"query":"ray_obb","a":{"type":"ray","origin":[0,0,-5],"direction":[0,0,1]},"b":{"type":"obb","center":[0,0,0],"half_extents":[1,1,1],"rotation_deg":[0,45,0]},"answer":{"hit":true,"t_enter":4}})",
        R"({"query":"sphere_sphere","a":{"type":"sphere","center":[0,0,0],"radius":1},"b":{"type":"sphere","center":[3,0,0],"radius":1},"answer":{"hit":false,"distance":-1}})",
        R"({"query":"ray_aabb")",
        "",
        "not json",
        "[1,2,3]",
    };
    for (const char* line : full) {
        EXPECT_FALSE(ReadsTheSame(line)) << "read fast: " << line;
    }
}

TEST(CaptureLine, AFullLineWithoutAnAnswerIsABadCaptureLine)
{
    CaptureLine line;
    ReadCaptureLine(
        R"({"query":"ray_aabb","a":{"type":"ray","origin":[0,0,0],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]}})",
        9, line);
    EXPECT_EQ(line.error.where, "answer");
    EXPECT_EQ(line.number, 9u);
}

/// A hunt-drawn query as a recorder writes it, with an answer that has every number of r.
std::string LineOf(const Query& q, Precision precision, const Result& r, bool frame)
{
    char text[2048];
    const auto& ray = std::get<Ray<double>>(q.a);
    const auto& box = std::get<Aabb<double>>(q.b);
    std::snprintf(text, sizeof text,
                  R"({"query":"ray_aabb","precision":"%s","a":{"type":"ray","origin":[%.17g,%.17g,%.17g],)"
                  R"("direction":[%.17g,%.17g,%.17g]},"b":{"type":"aabb","min":[%.17g,%.17g,%.17g],)"
                  R"("max":[%.17g,%.17g,%.17g]},"answer":{"hit":%s,"t_enter":%.17g,"t_exit":%.17g}%s})",
                  precision == Precision::Float ? "float" : "double", ray.origin.x, ray.origin.y, ray.origin.z,
                  ray.direction.x, ray.direction.y, ray.direction.z, box.min.x, box.min.y, box.min.z, box.max.x,
                  box.max.y, box.max.z, r.hit ? "true" : "false", r.tEnter, r.tExit,
                  frame ? R"(,"frame":17,"where":"w.cpp:1")" : "");
    return text;
}

TEST(CaptureLine, HuntDrawnLinesReadTheSameBothWays)
{
    hunt::Rng rng(11);
    int fast = 0;
    for (int i = 0; i < 3000; ++i) {
        const char* what = "";
        const Query q = hunt::draw::DrawRayAabb(rng, false, &what);
        const Precision precision = i % 2 == 0 ? Precision::Float : Precision::Double;
        const Result r = hitlab::Run(ReferenceAlgorithm(q.family), q, precision);
        const std::string line = LineOf(q, precision, r, i % 3 == 0);
        fast += ReadsTheSame(line) ? 1 : 0;
    }
    EXPECT_GT(fast, 2500); // the inf of a miss's t is not a JSON number: those go to the full parser
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// A ray_aabb line whose ray origin has the three number texts.
std::string OriginLine(const std::string& x, const std::string& y, const std::string& z)
{
    return R"({"query":"ray_aabb","precision":"double","a":{"type":"ray","origin":[)" + x + "," + y + "," + z +
           R"(],"direction":[1,0,0]},"b":{"type":"aabb","min":[0,0,0],"max":[1,1,1]},"answer":{"hit":false}})";
}

TEST(CaptureLine, NumbersConvertAsTheFullParserConvertsThem)
{
    const char* const texts[] = {"0.1",
                                 "1e22",
                                 "1e23",
                                 "123456789012345678",
                                 "12345678901234567890123",
                                 "0.30000001192092896",
                                 "-0.0",
                                 "-0e5",
                                 "5e-324",
                                 "1.7976931348623157e308",
                                 "2.2250738585072014e-308",
                                 "9007199254740993",
                                 "9007199254740993.0",
                                 "0.000001",
                                 "0.1000000000000000055511151231257827",
                                 "1.00000000000000000000000000001",
                                 "4.9406564584124654e-324",
                                 "1E+2",
                                 "-1.5e-7"};
    for (const char* x : texts) {
        EXPECT_TRUE(ReadsTheSame(OriginLine(x, "0", "0"))) << x;
    }
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> unit(-1, 1);
    const char* const formats[] = {"%.17g", "%.9g", "%g", "%.3f", "%.20e"};
    for (int i = 0; i < 20000; ++i) {
        const double v = unit(rng) * std::pow(10.0, double(int(rng() % 40) - 20));
        char text[64];
        std::snprintf(text, sizeof text, formats[i % 5], v);
        ReadsTheSame(OriginLine(text, text, "1"));
    }
}

/// The fast reader's number (capture_fast::Cursor::Number) of text, and whether it read all of it.
bool FastNumber(const std::string& text, double& out)
{
    capture_fast::Cursor c{text.data(), text.data() + text.size()};
    return c.Number(out) && c.p == c.end;
}

/// strtod's correctly rounded double of text, bit for bit against the fast reader's.
void ExpectCorrectlyRounded(const std::string& text)
{
    double fast = 0;
    ASSERT_TRUE(FastNumber(text, fast)) << text;
    const double exact = std::strtod(text.c_str(), nullptr);
    EXPECT_EQ(Hex(fast), Hex(exact)) << text;
}

TEST(CaptureLine, LongNumbersRoundCorrectlyHalfwayCasesIncluded)
{
    // 16 to 19 digits (what %.17g writes) go through a 64-bit significand, which decides unless its
    // rounding landed exactly halfway between two doubles. Halfway points written exactly: 2^53 + 1
    // and 2^53 + 3 (ties to even: down, then up), 2^60 + 2^7 (the ulp is 2^8) and 2^63 + 2^10, with
    // a fraction, an exponent or both; and neighbours one unit off, which are not ties.
    const char* const texts[] = {"9007199254740993.0",     "9007199254740995.0",     "900719925474099.3e1",
                                 "1152921504606847104.0",  "115292150460684710.4e1", "9223372036854776832.0",
                                 "922337203685477683.2e1", "-9007199254740993.0",    "9007199254740993e0",
                                 "1152921504606847103.0",  "1152921504606847105.0",  "9223372036854776831e0",
                                 "9223372036854776833e-0", "9007199254740993",       "4611686018427388416.0"};
    for (const char* text : texts) {
        ExpectCorrectlyRounded(text);
    }
    double v = 0;
    ASSERT_TRUE(FastNumber("9007199254740993.0", v));
    EXPECT_EQ(v, 9007199254740992.0) << "a tie goes to the even neighbour";
    ASSERT_TRUE(FastNumber("9007199254740995.0", v));
    EXPECT_EQ(v, 9007199254740996.0) << "a tie goes to the even neighbour";
    ASSERT_TRUE(FastNumber("1152921504606847104.0", v));
    EXPECT_EQ(v, 1152921504606846976.0) << "a tie goes to the even neighbour";
    ASSERT_TRUE(FastNumber("1152921504606847105.0", v));
    EXPECT_EQ(v, 1152921504606847232.0) << "just past the tie: up";
    // random 16 to 19 digit mantissas at every exponent the 64-bit path takes and a few beyond,
    // and random doubles as %.16g, %.17g and %.18g write them
    std::mt19937_64 rng(11);
    for (int i = 0; i < 200000; ++i) {
        const int digits = 16 + int(rng() % 4);
        std::string text = (rng() & 1) != 0 ? "-" : "";
        text += char('1' + rng() % 9);
        for (int d = 1; d < digits; ++d) {
            text += char('0' + rng() % 10);
        }
        const std::size_t point = 1 + std::size_t(rng() % std::uint64_t(digits));
        if (point < std::size_t(digits)) {
            text.insert(text.size() - (std::size_t(digits) - point), ".");
        }
        text += "e" + std::to_string(int(rng() % 61) - 30);
        ExpectCorrectlyRounded(text);
    }
    std::uniform_real_distribution<double> unit(-1, 1);
    const char* const formats[] = {"%.17g", "%.16g", "%.18g"};
    for (int i = 0; i < 200000; ++i) {
        const double x = unit(rng) * std::pow(10.0, double(int(rng() % 50) - 25));
        char text[64];
        std::snprintf(text, sizeof text, formats[i % 3], x);
        ExpectCorrectlyRounded(text);
    }
}

TEST(CaptureLine, LongStringsStopAtEveryEscapeControlAndNonAsciiByte)
{
    // A call site of 40 characters with, at each position, an escape, a control character or a
    // two-byte UTF-8 character: the fast reader (16 bytes at a time with SSE2) must leave each to
    // the full parser, wherever it falls in a block; plain, it reads the whole text.
    const std::string plain(40, 'x');
    const auto line = [](const std::string& where) {
        return std::string(kRecorded).replace(std::string(kRecorded).find("player.cpp:88"), 13, where);
    };
    CaptureLine read;
    ASSERT_TRUE(FastReadCaptureLine(line(plain), read));
    EXPECT_EQ(read.where, plain);
    for (std::size_t at = 0; at <= plain.size(); ++at) {
        for (const std::string& inserted : std::vector<std::string>{"\\n", "\\\"", "\x01", "\x1f", "\xc3\xa9"}) {
            const std::string where = plain.substr(0, at) + inserted + plain.substr(at);
            EXPECT_FALSE(ReadsTheSame(line(where))) << "at " << at << ": " << where;
        }
        const std::string text = line(plain.substr(0, at) + "\x7f" + plain.substr(at));
        EXPECT_TRUE(ReadsTheSame(text)) << "DEL is plain ASCII, at " << at;
    }
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab

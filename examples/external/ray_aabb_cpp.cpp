// An external ray_aabb algorithm for HitLab (docs/plugins.md) in one C++ file: the standard
// library and nlohmann-json only. Build: the CMake target `ray_aabb_cpp`, or by hand:
//   g++ -std=c++20 -O2 -ffp-contract=off ray_aabb_cpp.cpp -o ray_aabb_cpp
// Run: hitlab report SCENE --external './ray_aabb_cpp'
//
// For the hunt's tests and lessons it can carry a planted flaw: `./ray_aabb_cpp --flaw miss`
// names its algorithm slab_cpp_flawed and decides an axis whose direction is -0 with the strict
// test lo < origin < hi, so that a ray gliding along a face with a -0 component misses;
// `--flaw abort` dies of SIGABRT on exactly those rays instead (a crash to contain).
//
// The line protocol: first one line with a JSON array of metadata objects (those of
// `hitlab algorithms --json`), then one answer line per query line, in order; a query line with
// "trace": true gets the slab trace (one step per axis) and a verdict with each result. Output is flushed
// only when no more input is waiting, so that a pipelining caller gets many answers per write.
// The method is the slab method (Kay & Kajiya 1986; Ericson, Real-Time Collision Detection 5.3.3)
// as HitLab's `slab` reference computes it on ordinary inputs (its fallback for quotients that
// over- or underflow is not reproduced).
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <string>

namespace {

using json = nlohmann::ordered_json; // keys in the order written

constexpr const char* kMetadata =
    R"j([{"name":"slab_cpp","family":"ray_aabb","title":"Slab method (C++ example)",)j"
    R"j("summary":"Intersects the ray's t interval with the x, y and z slabs of the box; parallel axes are )j"
    R"j(decided by the origin alone. Closed box, t >= 0, an origin inside hits at t = 0.",)j"
    R"j("source":"Kay & Kajiya 1986; Ericson, Real-Time Collision Detection (2005) 5.3.3",)j"
    R"j("reference":false,"published":false,"conventions":{"origin_inside":"hit","boundary":"inclusive",)j"
    R"j("t_range":"t >= 0","direction":"any","parallel":"handled"},)j"
    R"j("returns":["hit","t_enter","t_exit","point","normal"]}])j";

/// The planted flaw (--flaw), none by default.
enum class Flaw { None, Miss, Abort };
Flaw g_flaw = Flaw::None;

/// A number as `hitlab eval` writes it: non-finite values as strings.
json Number(double x)
{
    if (std::isnan(x)) {
        return "nan";
    }
    if (std::isinf(x)) {
        return x > 0 ? "inf" : "-inf";
    }
    return x;
}

template <typename T>
using V3 = std::array<T, 3>;

template <typename T>
V3<T> Read3(const json& j)
{
    return {T(j[0].get<double>()), T(j[1].get<double>()), T(j[2].get<double>())};
}

/// A trace value: the protocol's trace values are finite numbers, or null for none.
json TraceValue(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

/// The slab method in T; the result widened to double as JSON. trace: one step per axis (its
/// slab's t_near and t_far, null when infinite, and the running interval [t_enter, t_exit]),
/// and the verdict, added to the result only when asked for.
template <typename T>
json Slab(const json& ray, const json& box, bool trace)
{
    const V3<T> o = Read3<T>(ray["origin"]), d = Read3<T>(ray["direction"]);
    const V3<T> lo = Read3<T>(box["min"]), hi = Read3<T>(box["max"]);
    constexpr T kInf = std::numeric_limits<T>::infinity();
    V3<T> tNear{}, tFar{};
    T tEnter = 0, tExit = std::numeric_limits<T>::max();
    json steps = json::array();
    for (int i = 0; i < 3; ++i) {
        if (d[i] == 0) { // parallel: every t or none, from the origin alone
            bool inside = lo[i] <= o[i] && o[i] <= hi[i];
            if (g_flaw != Flaw::None && std::signbit(d[i]) && (o[i] == lo[i] || o[i] == hi[i])) {
                if (g_flaw == Flaw::Abort) {
                    std::abort();
                }
                inside = false; // the planted flaw: a -0 component makes the slab open
            }
            tNear[i] = inside ? -kInf : kInf;
            tFar[i] = inside ? kInf : -kInf;
        } else {
            const T t0 = (lo[i] - o[i]) / d[i], t1 = (hi[i] - o[i]) / d[i];
            tNear[i] = std::min(t0, t1);
            tFar[i] = std::max(t0, t1);
        }
        tEnter = std::max(tEnter, tNear[i]);
        tExit = std::min(tExit, tFar[i]);
        steps.push_back({{"caption", std::string(1, "xyz"[i]) + " slab"},
                         {"values",
                          {{"t_near", TraceValue(double(tNear[i]))},
                           {"t_far", TraceValue(double(tFar[i]))},
                           {"t_enter", TraceValue(double(tEnter))},
                           {"t_exit", TraceValue(double(tExit))}}}});
    }
    if (!(tEnter <= tExit)) {
        json miss = {
            {"hit", false}, {"t_enter", nullptr}, {"t_exit", nullptr}, {"point", nullptr}, {"normal", nullptr}};
        if (trace) {
            miss["trace"] = std::move(steps);
            miss["verdict"] = "Miss: the slabs' t intervals do not meet.";
        }
        return miss;
    }
    tEnter += T(0); // -0 -> 0
    tExit += T(0);
    json normal = nullptr;
    for (int i = 0; i < 3; ++i) { // the first axis whose slab starts where the ray enters
        if (d[i] != 0 && tNear[i] == tEnter) {
            normal = {0, 0, 0};
            normal[size_t(i)] = d[i] > 0 ? -1 : 1;
            break;
        }
    }
    json point = json::array();
    for (int i = 0; i < 3; ++i) {
        point.push_back(Number(double(o[i] + tEnter * d[i])));
    }
    json hit = {{"hit", true},
                {"t_enter", Number(double(tEnter))},
                {"t_exit", Number(double(tExit))},
                {"point", std::move(point)},
                {"normal", std::move(normal)}};
    if (trace) {
        hit["trace"] = std::move(steps);
        hit["verdict"] = "Hit: the slabs' t intervals meet.";
    }
    return hit;
}

json Answer(const std::string& line)
{
    const json query = json::parse(line, nullptr, false);
    if (query.is_discarded() || !query.is_object()) {
        return {{"id", nullptr}, {"error", "the line is not a JSON object"}};
    }
    const json id = query.value("id", json(nullptr));
    try {
        if (query.value("query", "") != "ray_aabb") {
            return {{"id", id}, {"error", "only ray_aabb is implemented"}};
        }
        const bool single = query.value("precision", "float") == "float";
        const bool trace = query.value("trace", false) == true; // "trace": true asks for the steps
        const json result =
            single ? Slab<float>(query["a"], query["b"], trace) : Slab<double>(query["a"], query["b"], trace);
        json results = json::object();
        for (const json& name : query["algorithms"]) {
            results[name.get<std::string>()] = result;
        }
        return {{"id", id}, {"results", std::move(results)}};
    } catch (const json::exception& e) {
        return {{"id", id}, {"error", std::string("cannot read the query: ") + e.what()}};
    }
}

} // namespace

int main(int argc, char** argv)
{
    std::ios::sync_with_stdio(false);
    const std::string flaw = argc == 3 && std::string(argv[1]) == "--flaw" ? argv[2] : "";
    if (argc != 1 && flaw != "miss" && flaw != "abort") {
        std::cerr << "usage: ray_aabb_cpp [--flaw miss|abort]\n";
        return 2;
    }
    g_flaw = flaw == "miss" ? Flaw::Miss : flaw == "abort" ? Flaw::Abort : Flaw::None;
    std::string metadata = kMetadata;
    if (g_flaw != Flaw::None) { // another name, so that it can run beside the flawless one
        metadata.replace(metadata.find("slab_cpp"), 8, "slab_cpp_flawed");
        metadata.replace(metadata.find("(C++ example)"), 13, "(C++ example, planted flaw)");
    }
    std::cout << metadata << std::endl;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::cout << Answer(line).dump() << '\n';
        if (std::cin.rdbuf()->in_avail() <= 0) { // nothing more waiting: let the caller read
            std::cout.flush();
        }
    }
    return 0;
}

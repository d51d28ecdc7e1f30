// The scene's ray fans, recomputed only when their inputs change.
#include "fan_cache.h"

#include <algorithm>
#include <chrono>
#include <map>

namespace hitlab {

std::optional<FanInputs> FanInputsOf(const Scene& scene, const SceneFan& fan, std::string* why)
{
    auto fail = [&](std::string message) -> std::optional<FanInputs> {
        if (why != nullptr) {
            *why = std::move(message);
        }
        return std::nullopt;
    };
    const SceneShape* target = scene.Find(fan.target);
    if (target == nullptr) {
        return fail("target shape " + std::to_string(fan.target) + " is not in the scene");
    }
    if (!IsFanTarget(target->shape)) {
        return fail(target->name + " is a " + ShapeTypeName(target->shape) +
                    "; a fan aims at an aabb, sphere, obb or plane");
    }
    if (fan.n < 1 || fan.n > 1024) {
        return fail("n must be 1..1024, got " + std::to_string(fan.n));
    }
    const auto family = FamilyForTypes("ray", ShapeTypeName(target->shape));
    const FamilySettings& settings = scene.Settings(*family);
    if (settings.enabled.empty()) {
        return fail("no " + std::string(FamilyName(*family)) + " algorithm is enabled");
    }
    FanInputs in;
    in.origin = fan.origin;
    in.target = target->shape;
    in.n = fan.n;
    in.algorithms = settings.enabled;
    if (in.algorithms.size() > 32) {
        in.algorithms.resize(32); // hitMask has 32 bits
    }
    in.precision = settings.precision;
    return in;
}

FanStats CountFan(const RayFan& fan)
{
    FanStats stats;
    std::map<std::uint32_t, std::size_t> masks;
    for (const FanSample& s : fan.samples) {
        switch (fan.Class(s)) {
        case FanClass::AllHit:
            ++stats.allHit;
            break;
        case FanClass::AllMiss:
            ++stats.allMiss;
            break;
        case FanClass::Disagree:
            ++stats.disagree;
            ++masks[s.hitMask];
            break;
        }
    }
    stats.masks.assign(masks.begin(), masks.end());
    std::stable_sort(stats.masks.begin(), stats.masks.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return stats;
}

std::string MaskNames(const RayFan& fan, std::uint32_t mask)
{
    std::string out;
    for (std::size_t k = 0; k < fan.algorithms.size() && k < 32; ++k) {
        if ((mask >> k) & 1u) {
            out += (out.empty() ? "" : ", ") + std::string(fan.algorithms[k]->name);
        }
    }
    return out.empty() ? "none" : out;
}

int FanCache::Update(const Scene& scene)
{
    // forget the fans the scene no longer has
    std::erase_if(m_entries, [&](const Entry& e) { return scene.FindFan(e.id) == nullptr; });
    int computed = 0;
    for (const SceneFan& fan : scene.Fans()) {
        auto it = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.id == fan.id; });
        if (it == m_entries.end()) {
            m_entries.push_back(Entry{});
            m_entries.back().id = fan.id;
            it = m_entries.end() - 1;
        }
        if (!fan.enabled) {
            continue;
        }
        Entry& e = *it;
        std::string why;
        std::optional<FanInputs> inputs = FanInputsOf(scene, fan, &why);
        if (!inputs) {
            if (e.error != why || e.inputs) { // newly broken: drop the old picture once
                e.inputs.reset();
                e.fan = RayFan{};
                e.stats = FanStats{};
                e.error = why;
                e.revision = ++m_clock;
            }
            continue;
        }
        if (e.inputs && *e.inputs == *inputs) {
            continue; // nothing it depends on changed
        }
        RayFanOptions options;
        options.origin = inputs->origin;
        options.target = inputs->target;
        options.n = inputs->n;
        options.algorithms = inputs->algorithms;
        options.precision = inputs->precision;
        options.threads = threads;
        const auto t0 = std::chrono::steady_clock::now();
        e.fan = ComputeRayFan(options);
        e.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        e.error = e.fan.error;
        e.stats = CountFan(e.fan);
        e.inputs = std::move(inputs);
        e.revision = ++m_clock;
        ++m_computations;
        ++computed;
    }
    return computed;
}

const FanCache::Entry* FanCache::Find(FanId id) const
{
    for (const Entry& e : m_entries) {
        if (e.id == id) {
            return &e;
        }
    }
    return nullptr;
}

std::uint64_t FanCache::Join(FanId id, std::uint64_t revision, RayFan fan)
{
    for (Entry& e : m_entries) {
        if (e.id == id && e.revision == revision && e.error.empty()) {
            e.fan = std::move(fan);
            e.stats = CountFan(e.fan);
            e.revision = ++m_clock;
            return e.revision;
        }
    }
    return 0;
}

} // namespace hitlab

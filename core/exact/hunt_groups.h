// The hunt's finds grouped by cause, for RunHunt and the external hunt (app/sources/hunt_external.h)
// alike: a group is a distribution and a kind of disagreement ("misses where exact hits", "values
// differ: depth", "failed: crashed"); every disagreeing case is counted in its group, a few of a
// group's cases are shrunk (shrinking costs thousands of runs) and the smallest shrunk one is kept.
#pragma once

#include "hunt.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hitlab {

/// The cause of a verdict disagreement: "misses where OTHER hits" when a misses, else "hits where
/// OTHER misses" (other: b's name, or "exact" for the judge).
std::string HuntVerdictCause(bool aHit, const std::string& other);

/// The cause of a value disagreement: "values differ: t_enter, t_exit" (fields: kField bits).
std::string HuntValuesCause(std::uint32_t fields);

/// Whether x reads simpler than y: fewer binary digits after the point over all its numbers, then
/// smaller numbers in sum, then shorter text, then the text's order (DescribeQuery).
bool HuntSimpler(const Query& x, const Query& y);

/// The counterexample of a find: the find itself, or (overloads beside other find types, e.g.
/// ExternalFind) its member.
inline Counterexample& HuntCase(Counterexample& c) { return c; }
inline const Counterexample& HuntCase(const Counterexample& c) { return c; }

/// One thread's groups (Find: Counterexample, or a type with a HuntCase overload). Count every
/// disagreeing case, shrink it when Count says so, Offer the shrunk case; Merge the threads' groups
/// in thread order; Sorted gives each group's smallest case with its count.
template <typename Find>
class HuntGroups {
public:
    /// How many cases of one group are shrunk (the smallest of them kept).
    static constexpr int kShrinksPerGroup = 8;

    /// Counts a disagreeing case of (distribution, cause); whether to shrink it and Offer it (the
    /// group's first kShrinksPerGroup cases).
    bool Count(const std::string& distribution, const std::string& cause)
    {
        Group& g = m_groups[{distribution, cause}];
        ++g.count;
        return g.shrinks++ < kShrinksPerGroup;
    }

    /// A shrunk case of the group (distribution, cause): kept when it is the group's first or
    /// simpler than its smallest (HuntSimpler).
    void Offer(const std::string& distribution, const std::string& cause, Find find)
    {
        Group& g = m_groups[{distribution, cause}];
        if (!g.smallest) {
            ++m_withCase;
        }
        if (!g.smallest || HuntSimpler(HuntCase(find).query, HuntCase(*g.smallest).query)) {
            g.smallest = std::move(find);
        }
    }

    /// The groups that have a case.
    std::size_t Size() const { return m_withCase; }

    /// Adds another thread's groups: counts summed, the simpler case kept (this one's on a tie).
    void Merge(HuntGroups&& other)
    {
        for (auto& [key, theirs] : other.m_groups) {
            Group& g = m_groups[key];
            g.count += theirs.count;
            g.shrinks += theirs.shrinks;
            if (theirs.smallest) {
                if (!g.smallest) {
                    ++m_withCase;
                }
                if (!g.smallest || HuntSimpler(HuntCase(*theirs.smallest).query, HuntCase(*g.smallest).query)) {
                    g.smallest = std::move(theirs.smallest);
                }
            }
        }
        other.m_groups.clear();
        other.m_withCase = 0;
    }

    /// Each group's smallest case with its count set (Counterexample::count), most cases first
    /// (then by distribution and cause); at most max (0: all).
    std::vector<Find> Sorted(std::size_t max = 0) const
    {
        std::vector<std::pair<const Key*, const Group*>> order;
        for (const auto& [key, g] : m_groups) {
            if (g.smallest) {
                order.emplace_back(&key, &g);
            }
        }
        std::stable_sort(order.begin(), order.end(),
                         [](const auto& x, const auto& y) { return x.second->count > y.second->count; });
        std::vector<Find> out;
        for (const auto& [key, g] : order) {
            if (max > 0 && out.size() >= max) {
                break;
            }
            out.push_back(*g->smallest);
            HuntCase(out.back()).count = g->count;
        }
        return out;
    }

private:
    using Key = std::pair<std::string, std::string>; ///< distribution, cause
    struct Group {
        std::uint64_t count = 0;
        int shrinks = 0;
        std::optional<Find> smallest;
    };
    std::map<Key, Group> m_groups;
    std::size_t m_withCase = 0;
};

} // namespace hitlab

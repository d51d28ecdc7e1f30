// The scene model.
#include "scene.h"

#include <algorithm>
#include <array>
#include <limits>
#include <utility>
#include <variant>

namespace hitlab {

namespace {

/// The family of a pair of shape types, by their Shape variant indices, with a/b order: the
/// table of FamilyForTypes, so that deriving 10^5 or more queries compares no strings.
struct PairFamily {
    std::optional<Family> family;
    bool swapped = false;
};

using FamilyTable = std::array<std::array<PairFamily, kShapeTypes>, kShapeTypes>;

FamilyTable MakeFamilyTable()
{
    FamilyTable table{};
    for (size_t a = 0; a < kShapeTypes; ++a) {
        for (size_t b = 0; b < kShapeTypes; ++b) {
            table[a][b].family =
                FamilyForTypes(ShapeKindName(kShapeKinds[a]), ShapeKindName(kShapeKinds[b]), &table[a][b].swapped);
        }
    }
    return table;
}

const FamilyTable& Families()
{
    static const FamilyTable table = MakeFamilyTable();
    return table;
}

const PairFamily& FamilyOf(const Shape& a, const Shape& b) { return Families()[KindIndex(a)][KindIndex(b)]; }

} // namespace

std::optional<Family> FamilyForTypes(std::string_view typeA, std::string_view typeB, bool* swapped)
{
    for (Family family : AllFamilies()) {
        if (FamilyShapeA(family) == typeA && FamilyShapeB(family) == typeB) {
            if (swapped != nullptr) {
                *swapped = false;
            }
            return family;
        }
        if (FamilyShapeA(family) == typeB && FamilyShapeB(family) == typeA) {
            if (swapped != nullptr) {
                *swapped = true;
            }
            return family;
        }
    }
    return std::nullopt;
}

FamilySettings DefaultSettings(Family family)
{
    FamilySettings settings;
    settings.enabled = AlgorithmsOf(family);
    settings.drawn = &ReferenceAlgorithm(family);
    settings.precision = Precision::Float;
    return settings;
}

Scene::Scene()
{
    for (Family family : AllFamilies()) {
        m_settings[static_cast<size_t>(family)] = DefaultSettings(family);
    }
}

const SceneShape* Scene::Find(ShapeId id) const
{
    const int index = IndexOf(id);
    return index < 0 ? nullptr : &m_shapes[static_cast<size_t>(index)];
}

int Scene::IndexOf(ShapeId id) const
{
    const auto it = m_indexOf.find(id);
    return it == m_indexOf.end() ? -1 : static_cast<int>(it->second);
}

void Scene::Reindex(size_t from)
{
    for (size_t i = from; i < m_shapes.size(); ++i) {
        m_indexOf[m_shapes[i].id] = static_cast<std::uint32_t>(i);
    }
}

ShapeId Scene::Add(SceneShape shape, int index)
{
    if (shape.id == 0 || Find(shape.id) != nullptr) {
        shape.id = m_nextId;
        while (shape.id == 0 || Find(shape.id) != nullptr) { // only after an id of 2^32 - 1 was used
            ++shape.id;
        }
    }
    if (shape.id != std::numeric_limits<ShapeId>::max()) {
        m_nextId = std::max(m_nextId, shape.id + 1);
    }
    const size_t at =
        (index < 0 || static_cast<size_t>(index) > m_shapes.size()) ? m_shapes.size() : static_cast<size_t>(index);
    const ShapeId id = shape.id;
    m_shapes.insert(m_shapes.begin() + static_cast<std::ptrdiff_t>(at), std::move(shape));
    m_revisions.insert(m_revisions.begin() + static_cast<std::ptrdiff_t>(at), ++m_clock);
    Reindex(at);
    return id;
}

std::optional<SceneShape> Scene::Remove(ShapeId id)
{
    const int index = IndexOf(id);
    if (index < 0) {
        return std::nullopt;
    }
    SceneShape removed = std::move(m_shapes[static_cast<size_t>(index)]);
    m_shapes.erase(m_shapes.begin() + index);
    m_revisions.erase(m_revisions.begin() + index);
    m_indexOf.erase(id);
    Reindex(static_cast<size_t>(index));
    ++m_clock;
    return removed;
}

bool Scene::Replace(const SceneShape& shape)
{
    const int index = IndexOf(shape.id);
    if (index < 0) {
        return false;
    }
    SceneShape& current = m_shapes[static_cast<size_t>(index)];
    if (!(current.shape == shape.shape)) {
        m_revisions[static_cast<size_t>(index)] = ++m_clock;
    }
    current = shape;
    return true;
}

void Scene::SetPairEnabled(ShapeId a, ShapeId b, bool enabled)
{
    if (enabled) {
        m_disabledPairs.erase(PairKey::Of(a, b));
    } else {
        m_disabledPairs.insert(PairKey::Of(a, b));
    }
    TouchSettings();
}

void Scene::SetSolidPairsEnabled(bool enabled)
{
    m_solidPairs = enabled;
    TouchSettings();
}

std::uint64_t Scene::Revision(ShapeId id) const
{
    const int index = IndexOf(id);
    return index < 0 ? 0 : m_revisions[static_cast<size_t>(index)];
}

std::vector<SceneQuery> Scene::QueriesOf(ShapeId id) const
{
    std::vector<SceneQuery> out;
    const SceneShape* self = Find(id);
    if (self == nullptr) {
        return out;
    }
    const size_t selfIndex = static_cast<size_t>(IndexOf(id));
    const bool anyDisabled = !m_disabledPairs.empty();
    for (size_t j = 0; j < m_shapes.size(); ++j) {
        const SceneShape& other = m_shapes[j];
        if (j == selfIndex || (anyDisabled && !IsPairEnabled(id, other.id))) {
            continue;
        }
        // in Queries() order: the earlier shape first, then the family's a/b order
        const bool selfFirst = selfIndex < j;
        const SceneShape& first = selfFirst ? *self : other;
        const SceneShape& second = selfFirst ? other : *self;
        const PairFamily& pair = FamilyOf(first.shape, second.shape);
        if (pair.family && (m_solidPairs || IsCast(*pair.family))) {
            out.push_back(pair.swapped ? SceneQuery{*pair.family, second.id, first.id}
                                       : SceneQuery{*pair.family, first.id, second.id});
        }
    }
    return out;
}

std::vector<SceneQuery> Scene::Queries() const
{
    // the pairs of types that make queries (the solid-pairs switch applied)
    FamilyTable queried = Families();
    for (auto& row : queried) {
        for (PairFamily& pair : row) {
            if (pair.family && !m_solidPairs && !IsCast(*pair.family)) {
                pair.family.reset();
            }
        }
    }
    // each type's shapes by index, so that shape i meets only the later shapes of the types it makes
    // queries with: the work is the number of queries (10 rays among 100,000 boxes: 1,000,000), not
    // the number of pairs of shapes (5,000,000,000)
    constexpr size_t kTypes = kShapeTypes;
    std::array<std::vector<size_t>, kTypes> byType;
    for (size_t i = 0; i < m_shapes.size(); ++i) {
        byType[KindIndex(m_shapes[i].shape)].push_back(i);
    }
    std::vector<SceneQuery> out;
    const bool anyDisabled = !m_disabledPairs.empty();
    for (size_t i = 0; i < m_shapes.size(); ++i) {
        const auto& row = queried[KindIndex(m_shapes[i].shape)];
        std::array<size_t, kTypes> at{}; // the next later shape of each type (its list's end: none)
        for (size_t t = 0; t < kTypes; ++t) {
            const auto& list = byType[t];
            at[t] = row[t].family ? size_t(std::upper_bound(list.begin(), list.end(), i) - list.begin()) : list.size();
        }
        // the later shapes in index order: the smallest next index among the types, one at a time
        for (;;) {
            size_t type = kTypes;
            for (size_t t = 0; t < kTypes; ++t) {
                if (at[t] < byType[t].size() && (type == kTypes || byType[t][at[t]] < byType[type][at[type]])) {
                    type = t;
                }
            }
            if (type == kTypes) {
                break;
            }
            const size_t j = byType[type][at[type]++];
            const PairFamily& pair = row[type];
            const ShapeId a = m_shapes[i].id;
            const ShapeId b = m_shapes[j].id;
            if (anyDisabled && !IsPairEnabled(a, b)) {
                continue;
            }
            out.push_back(pair.swapped ? SceneQuery{*pair.family, b, a} : SceneQuery{*pair.family, a, b});
        }
    }
    return out;
}

Query Scene::MakeQuery(const SceneQuery& q) const { return Query{q.family, Find(q.a)->shape, Find(q.b)->shape}; }

bool IsFanTarget(const Shape& shape)
{
    switch (KindOf(shape)) {
    case ShapeKind::Plane:
    case ShapeKind::Aabb:
    case ShapeKind::Sphere:
    case ShapeKind::Obb:
    case ShapeKind::Triangle:
    case ShapeKind::Mesh:
        return true;
    case ShapeKind::Convex: // no cast family takes it (yet)
    case ShapeKind::Ray:
    case ShapeKind::Segment:
    case ShapeKind::Point:
        return false;
    }
    UnknownShapeKind(KindOf(shape));
}

const SceneFan* Scene::FindFan(FanId id) const
{
    const int index = FanIndexOf(id);
    return index < 0 ? nullptr : &m_fans[static_cast<size_t>(index)];
}

int Scene::FanIndexOf(FanId id) const
{
    for (size_t i = 0; i < m_fans.size(); ++i) {
        if (m_fans[i].id == id) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

FanId Scene::AddFan(SceneFan fan, int index)
{
    if (fan.id == 0 || FindFan(fan.id) != nullptr) {
        fan.id = m_nextFanId;
        while (fan.id == 0 || FindFan(fan.id) != nullptr) {
            ++fan.id;
        }
    }
    if (fan.id != std::numeric_limits<FanId>::max()) {
        m_nextFanId = std::max(m_nextFanId, fan.id + 1);
    }
    const size_t at =
        (index < 0 || static_cast<size_t>(index) > m_fans.size()) ? m_fans.size() : static_cast<size_t>(index);
    const FanId id = fan.id;
    m_fans.insert(m_fans.begin() + static_cast<std::ptrdiff_t>(at), std::move(fan));
    return id;
}

std::optional<SceneFan> Scene::RemoveFan(FanId id)
{
    const int index = FanIndexOf(id);
    if (index < 0) {
        return std::nullopt;
    }
    SceneFan removed = std::move(m_fans[static_cast<size_t>(index)]);
    m_fans.erase(m_fans.begin() + index);
    return removed;
}

bool Scene::ReplaceFan(const SceneFan& fan)
{
    const int index = FanIndexOf(fan.id);
    if (index < 0) {
        return false;
    }
    m_fans[static_cast<size_t>(index)] = fan;
    return true;
}

namespace {

/// "box" for aabb, "oriented box" for obb, else the type's name.
std::string NameBase(std::string_view type)
{
    const std::optional<ShapeKind> kind = ShapeKindFromName(type);
    return kind ? ShapeKindNoun(*kind) : std::string(type);
}

} // namespace

std::string DefaultShapeName(const Scene& scene, std::string_view type) { return ShapeNamer(scene).Next(type); }

ShapeNamer::ShapeNamer(const Scene& scene)
{
    m_taken.reserve(scene.Shapes().size());
    for (const SceneShape& shape : scene.Shapes()) {
        m_taken.insert(shape.name);
    }
}

std::string ShapeNamer::Next(std::string_view type)
{
    const std::string base = NameBase(type);
    // names are only ever taken, so the lowest free number never goes down: resume where the last ended
    int& n = m_next.try_emplace(base, 1).first->second;
    for (;; ++n) {
        std::string name = base + " " + std::to_string(n);
        if (m_taken.insert(name).second) {
            ++n;
            return name;
        }
    }
}

} // namespace hitlab

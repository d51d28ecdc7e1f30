// The scene model.
#include "scene.h"

#include <algorithm>
#include <limits>

namespace hitlab {

namespace {

bool IsCastType(std::string_view type) { return type == "ray" || type == "segment"; }

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
    for (size_t i = 0; i < m_shapes.size(); ++i) {
        if (m_shapes[i].id == id) {
            return static_cast<int>(i);
        }
    }
    return -1;
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
    const size_t at = (index < 0 || static_cast<size_t>(index) > m_shapes.size()) ? m_shapes.size() : static_cast<size_t>(index);
    const ShapeId id = shape.id;
    m_shapes.insert(m_shapes.begin() + static_cast<std::ptrdiff_t>(at), std::move(shape));
    m_revisions.insert(m_revisions.begin() + static_cast<std::ptrdiff_t>(at), ++m_clock);
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
    const std::string_view selfType = ShapeTypeName(self->shape);
    for (const SceneShape& other : m_shapes) {
        if (other.id == id || !IsPairEnabled(id, other.id)) {
            continue;
        }
        const std::string_view otherType = ShapeTypeName(other.shape);
        if (IsCastType(selfType) && IsCastType(otherType)) {
            continue;
        }
        bool swapped = false;
        const auto family = FamilyForTypes(selfType, otherType, &swapped);
        if (family && (m_solidPairs || IsCast(*family))) {
            out.push_back(swapped ? SceneQuery{*family, other.id, id} : SceneQuery{*family, id, other.id});
        }
    }
    return out;
}

std::vector<SceneQuery> Scene::Queries() const
{
    std::vector<SceneQuery> out;
    for (size_t i = 0; i < m_shapes.size(); ++i) {
        const std::string_view typeI = ShapeTypeName(m_shapes[i].shape);
        for (size_t j = i + 1; j < m_shapes.size(); ++j) {
            const SceneShape& si = m_shapes[i];
            const SceneShape& sj = m_shapes[j];
            if (!IsPairEnabled(si.id, sj.id)) {
                continue;
            }
            bool swapped = false;
            const auto family = FamilyForTypes(typeI, ShapeTypeName(sj.shape), &swapped);
            if (family && (m_solidPairs || IsCast(*family))) {
                out.push_back(swapped ? SceneQuery{*family, sj.id, si.id} : SceneQuery{*family, si.id, sj.id});
            }
        }
    }
    return out;
}

Query Scene::MakeQuery(const SceneQuery& q) const
{
    return Query{q.family, Find(q.a)->shape, Find(q.b)->shape};
}

std::string DefaultShapeName(const Scene& scene, std::string_view type)
{
    const std::string base = type == "aabb" ? "box" : type == "obb" ? "oriented box" : std::string(type);
    for (int n = 1;; ++n) {
        std::string name = base + " " + std::to_string(n);
        const bool taken = std::any_of(scene.Shapes().begin(), scene.Shapes().end(),
                                       [&](const SceneShape& s) { return s.name == name; });
        if (!taken) {
            return name;
        }
    }
}

} // namespace hitlab

// Undoable scene edits.
#include "commands.h"

#include <optional>

namespace hitlab {

namespace {

class AddShape final : public Command {
public:
    explicit AddShape(SceneShape shape) : m_shape(std::move(shape)) {}
    bool Apply(Scene& scene) override
    {
        m_shape.id = scene.Add(m_shape);
        return true;
    }
    void Revert(Scene& scene) override { scene.Remove(m_shape.id); }
    std::string Label() const override { return "Add " + m_shape.name; }

private:
    SceneShape m_shape;
};

class RemoveShape final : public Command {
public:
    explicit RemoveShape(ShapeId id) : m_id(id) {}
    bool Apply(Scene& scene) override
    {
        m_index = scene.IndexOf(m_id);
        if (m_index < 0) {
            return false;
        }
        m_disabled.clear();
        for (const PairKey& pair : scene.DisabledPairs()) {
            if (pair.lo == m_id || pair.hi == m_id) {
                m_disabled.push_back(pair);
            }
        }
        // the fans aimed at the shape go with it (last first, so that undo restores their order)
        m_fans.clear();
        for (int i = static_cast<int>(scene.Fans().size()) - 1; i >= 0; --i) {
            const SceneFan& fan = scene.Fans()[static_cast<size_t>(i)];
            if (fan.target == m_id) {
                m_fans.emplace_back(i, fan);
                scene.RemoveFan(fan.id);
            }
        }
        m_removed = scene.Remove(m_id);
        return true;
    }
    void Revert(Scene& scene) override
    {
        if (m_removed) {
            scene.Add(*m_removed, m_index);
            for (const PairKey& pair : m_disabled) {
                scene.SetPairEnabled(pair.lo, pair.hi, false);
            }
            for (auto it = m_fans.rbegin(); it != m_fans.rend(); ++it) {
                scene.AddFan(it->second, it->first);
            }
        }
    }
    std::string Label() const override { return m_removed ? "Delete " + m_removed->name : "Delete shape"; }

private:
    ShapeId m_id;
    int m_index = -1;
    std::optional<SceneShape> m_removed;
    std::vector<PairKey> m_disabled;
    std::vector<std::pair<int, SceneFan>> m_fans; ///< (index, fan), removed last first
};

class ChangeShape final : public Command {
public:
    ChangeShape(SceneShape before, SceneShape after, std::string label)
        : m_before(std::move(before)), m_after(std::move(after)), m_label(std::move(label))
    {
    }
    bool Apply(Scene& scene) override { return scene.Replace(m_after); }
    void Revert(Scene& scene) override { scene.Replace(m_before); }
    std::string Label() const override { return m_label + " " + m_after.name; }
    bool Merge(const Command& next) override
    {
        const auto* other = dynamic_cast<const ChangeShape*>(&next);
        if (other == nullptr || other->m_after.id != m_after.id) {
            return false;
        }
        m_after = other->m_after; // keep the first before, take the latest after
        return true;
    }

private:
    SceneShape m_before;
    SceneShape m_after;
    std::string m_label;
};

class SetPairEnabled final : public Command {
public:
    SetPairEnabled(ShapeId a, ShapeId b, bool enabled) : m_a(a), m_b(b), m_enabled(enabled) {}
    bool Apply(Scene& scene) override
    {
        m_was = scene.IsPairEnabled(m_a, m_b);
        scene.SetPairEnabled(m_a, m_b, m_enabled);
        return true;
    }
    void Revert(Scene& scene) override { scene.SetPairEnabled(m_a, m_b, m_was); }
    std::string Label() const override { return m_enabled ? "Enable pair" : "Disable pair"; }

private:
    ShapeId m_a, m_b;
    bool m_enabled;
    bool m_was = true;
};

class SetFamilySettings final : public Command {
public:
    SetFamilySettings(Family family, FamilySettings before, FamilySettings after, std::string label)
        : m_family(family), m_before(std::move(before)), m_after(std::move(after)), m_label(std::move(label))
    {
    }
    bool Apply(Scene& scene) override
    {
        scene.Settings(m_family) = m_after;
        scene.TouchSettings();
        return true;
    }
    void Revert(Scene& scene) override
    {
        scene.Settings(m_family) = m_before;
        scene.TouchSettings();
    }
    std::string Label() const override { return m_label; }

private:
    Family m_family;
    FamilySettings m_before, m_after;
    std::string m_label;
};

class AddFan final : public Command {
public:
    explicit AddFan(SceneFan fan) : m_fan(std::move(fan)) {}
    bool Apply(Scene& scene) override
    {
        m_fan.id = scene.AddFan(m_fan);
        return true;
    }
    void Revert(Scene& scene) override { scene.RemoveFan(m_fan.id); }
    std::string Label() const override { return "Add " + m_fan.name; }

private:
    SceneFan m_fan;
};

class RemoveFan final : public Command {
public:
    explicit RemoveFan(FanId id) : m_id(id) {}
    bool Apply(Scene& scene) override
    {
        m_index = scene.FanIndexOf(m_id);
        m_removed = scene.RemoveFan(m_id);
        return m_removed.has_value();
    }
    void Revert(Scene& scene) override
    {
        if (m_removed) {
            scene.AddFan(*m_removed, m_index);
        }
    }
    std::string Label() const override { return m_removed ? "Delete " + m_removed->name : "Delete fan"; }

private:
    FanId m_id;
    int m_index = -1;
    std::optional<SceneFan> m_removed;
};

class ChangeFan final : public Command {
public:
    ChangeFan(SceneFan before, SceneFan after, std::string label)
        : m_before(std::move(before)), m_after(std::move(after)), m_label(std::move(label))
    {
    }
    bool Apply(Scene& scene) override { return scene.ReplaceFan(m_after); }
    void Revert(Scene& scene) override { scene.ReplaceFan(m_before); }
    std::string Label() const override { return m_label + " " + m_after.name; }
    bool Merge(const Command& next) override
    {
        const auto* other = dynamic_cast<const ChangeFan*>(&next);
        if (other == nullptr || other->m_after.id != m_after.id) {
            return false;
        }
        m_after = other->m_after;
        return true;
    }

private:
    SceneFan m_before;
    SceneFan m_after;
    std::string m_label;
};

} // namespace

std::unique_ptr<Command> AddShapeCommand(SceneShape shape) { return std::make_unique<AddShape>(std::move(shape)); }
std::unique_ptr<Command> RemoveShapeCommand(ShapeId id) { return std::make_unique<RemoveShape>(id); }

std::unique_ptr<Command> ChangeShapeCommand(const Scene& scene, SceneShape after, std::string label)
{
    const SceneShape* before = scene.Find(after.id);
    return std::make_unique<ChangeShape>(before != nullptr ? *before : after, std::move(after), std::move(label));
}

std::unique_ptr<Command> SetPairEnabledCommand(ShapeId a, ShapeId b, bool enabled)
{
    return std::make_unique<SetPairEnabled>(a, b, enabled);
}

std::unique_ptr<Command> SetFamilySettingsCommand(const Scene& scene, Family family, FamilySettings after,
                                                  std::string label)
{
    return std::make_unique<SetFamilySettings>(family, scene.Settings(family), std::move(after), std::move(label));
}

std::unique_ptr<Command> AddFanCommand(SceneFan fan) { return std::make_unique<AddFan>(std::move(fan)); }
std::unique_ptr<Command> RemoveFanCommand(FanId id) { return std::make_unique<RemoveFan>(id); }

std::unique_ptr<Command> ChangeFanCommand(const Scene& scene, SceneFan after, std::string label)
{
    const SceneFan* before = scene.FindFan(after.id);
    return std::make_unique<ChangeFan>(before != nullptr ? *before : after, std::move(after), std::move(label));
}

bool History::Execute(Scene& scene, std::unique_ptr<Command> command, std::uint64_t mergeGroup)
{
    if (!command->Apply(scene)) {
        return false;
    }
    ++m_generation;
    m_redo.clear();
    if (mergeGroup != 0 && mergeGroup == m_openGroup && !m_undo.empty() && m_undo.back().group == mergeGroup &&
        m_undo.back().command->Merge(*command)) {
        return true;
    }
    m_undo.push_back(Entry{std::move(command), mergeGroup});
    m_openGroup = mergeGroup;
    return true;
}

bool History::Undo(Scene& scene)
{
    if (m_undo.empty()) {
        return false;
    }
    Entry entry = std::move(m_undo.back());
    m_undo.pop_back();
    entry.command->Revert(scene);
    m_redo.push_back(std::move(entry));
    m_openGroup = 0;
    ++m_generation;
    return true;
}

bool History::Redo(Scene& scene)
{
    if (m_redo.empty()) {
        return false;
    }
    Entry entry = std::move(m_redo.back());
    m_redo.pop_back();
    entry.command->Apply(scene);
    m_undo.push_back(std::move(entry));
    m_openGroup = 0;
    ++m_generation;
    return true;
}

void History::Clear()
{
    m_undo.clear();
    m_redo.clear();
    m_openGroup = 0;
}

} // namespace hitlab

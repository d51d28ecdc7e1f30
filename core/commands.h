// Undoable edits of a scene. Every change a person makes goes through a command, so the GUI gets
// undo and redo for free; the bursts of changes from one mouse drag merge into one step.
#pragma once

#include "scene.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace hitlab {

/// One invertible edit.
class Command {
public:
    virtual ~Command() = default;
    /// Applies the edit; false when it no longer applies (the shape is gone) and changes nothing.
    virtual bool Apply(Scene& scene) = 0;
    virtual void Revert(Scene& scene) = 0;
    /// Short label for Edit > Undo "...".
    virtual std::string Label() const = 0;
    /// Absorbs the next command of the same merge group (e.g. the next mouse move of a drag).
    virtual bool Merge(const Command& /*next*/) { return false; }
};

/// Adds a shape (its id is assigned on first apply and kept for redo).
std::unique_ptr<Command> AddShapeCommand(SceneShape shape);
/// Removes a shape and remembers it and its position and pair settings for undo; the ray fans
/// aimed at it are removed with it (and come back on undo).
std::unique_ptr<Command> RemoveShapeCommand(ShapeId id);
/// Sets a shape's fields (geometry, name, color, visibility): `after` carries the id. The
/// command's label is `label` and the shape's (new) name: "Move" gives "Move ray".
std::unique_ptr<Command> ChangeShapeCommand(const Scene& scene, SceneShape after, std::string label = "Change shape");
/// Turns one pair's query on or off.
std::unique_ptr<Command> SetPairEnabledCommand(ShapeId a, ShapeId b, bool enabled);
/// Replaces a family's settings (enabled algorithms, drawn algorithm, precision).
std::unique_ptr<Command> SetFamilySettingsCommand(const Scene& scene, Family family, FamilySettings after,
                                                  std::string label = "Change algorithms");
/// Adds a ray fan (its id is assigned on first apply and kept for redo).
std::unique_ptr<Command> AddFanCommand(SceneFan fan);
/// Removes a ray fan and remembers it and its position for undo.
std::unique_ptr<Command> RemoveFanCommand(FanId id);
/// Sets a ray fan's fields (origin, target, n, enabled, name): `after` carries the id. Consecutive
/// changes of the same fan merge (a drag of its origin, a slider).
std::unique_ptr<Command> ChangeFanCommand(const Scene& scene, SceneFan after, std::string label = "Change fan");

/// The undo and redo stacks.
class History {
public:
    /// Applies a command and pushes it on the undo stack (clearing redo). When mergeGroup is non-zero
    /// and equals the previous command's, the two become one step. Returns false when it did not apply.
    bool Execute(Scene& scene, std::unique_ptr<Command> command, std::uint64_t mergeGroup = 0);
    bool Undo(Scene& scene);
    bool Redo(Scene& scene);
    bool CanUndo() const { return !m_undo.empty(); }
    bool CanRedo() const { return !m_redo.empty(); }
    std::string UndoLabel() const { return m_undo.empty() ? std::string() : m_undo.back().command->Label(); }
    std::string RedoLabel() const { return m_redo.empty() ? std::string() : m_redo.back().command->Label(); }
    /// Ends merging: the next command starts a new step even with the same group.
    void CloseGroup() { m_openGroup = 0; }
    void Clear();
    /// Incremented by every Execute, Undo and Redo: a cheap "has anything changed" for the GUI.
    std::uint64_t Generation() const { return m_generation; }

private:
    struct Entry {
        std::unique_ptr<Command> command;
        std::uint64_t group = 0;
    };
    std::vector<Entry> m_undo;
    std::vector<Entry> m_redo;
    std::uint64_t m_openGroup = 0;
    std::uint64_t m_generation = 0;
};

} // namespace hitlab

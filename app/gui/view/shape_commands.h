// Duplicate and Delete, the edits the Edit menu, the keys (Ctrl+D, Delete) and the viewport share:
// each one undoable History command. GL-free.
#pragma once

#include "core/commands.h"
#include "core/scene.h"

namespace hitlab {

/// Adds a copy of shape `id`, named "<name> copy" and moved by `offset`, as one undoable step.
/// Returns the copy's id; 0 when there is no such shape.
ShapeId DuplicateShape(Scene& scene, History& history, ShapeId id, const glm::dvec3& offset);
/// Removes shape `id` (and its queries) as one undoable step; false when there is no such shape.
bool DeleteShape(Scene& scene, History& history, ShapeId id);

} // namespace hitlab

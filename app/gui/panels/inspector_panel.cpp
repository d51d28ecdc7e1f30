// The Inspector: exact numeric editing of the selected shape. Each edit is checked with the
// protocol's own validation (shape_edit.h); a refused value shows its message beside the field and
// the shape keeps its last valid value. Edits are History commands, merged while a drag lasts.
#include "panels.h"

#include "results_model.h"
#include "shape_edit.h"

#include <imgui.h>

#include <cmath>

namespace hitlab {

namespace {

/// One vector or number field. Returns true when the value changed this frame.
bool NumberField(const char* label, double* values, int count, double speed)
{
    ImGui::TextUnformatted(label);
    ImGui::SetNextItemWidth(-1);
    const std::string id = std::string("##") + label;
    const bool changed =
        ImGui::DragScalarN(id.c_str(), ImGuiDataType_Double, values, count, float(speed), nullptr, nullptr, "%.6g");
    if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
        std::string exact;
        for (int i = 0; i < count; ++i) {
            char text[40];
            std::snprintf(text, sizeof text, "%s%.17g", i == 0 ? "" : ", ", values[i]);
            exact += text;
        }
        ImGui::SetTooltip("%s\ndrag to change, Ctrl+click or double-click to type an exact value", exact.c_str());
    }
    return changed;
}

} // namespace

void Panels::DrawInspectorPanel()
{
    PlaceWindow("Inspector", 1);
    if (!ImGui::Begin("Inspector", &m_showInspector)) {
        ImGui::End();
        return;
    }
    RecordRect("Inspector");
    Scene& scene = m_viewport.GetScene();
    const SceneShape* selected = scene.Find(m_viewport.Selected());
    if (selected == nullptr) {
        ImGui::TextDisabled("Select a shape (click it in the viewport or the Scene panel).");
        ImGui::End();
        return;
    }
    const SceneShape s = *selected;
    ImGui::Text("%s", s.name.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("(%s, id %u)", ShapeTypeName(s.shape), s.id);

    int fieldId = 0;
    const double speed = GridSpacing(m_viewport.camera) * 0.01;
    // tries a new geometry: commits it, or keeps the shape and remembers the message for this field
    auto commit = [&](const Shape& candidate, const char* what) {
        const std::string error = ValidateShape(candidate);
        if (!error.empty()) {
            m_fieldError = error;
            m_fieldErrorId = fieldId;
            return;
        }
        if (m_fieldErrorId == fieldId) {
            m_fieldError.clear();
            m_fieldErrorId = -1;
        }
        if (ImGui::IsItemActivated() || m_dragGroup == 0) {
            m_dragGroup = ++m_nextGroup; // one undo step per drag or typed value
        }
        SceneShape after = s;
        after.shape = candidate;
        Execute(ChangeShapeCommand(scene, after, std::string("Edit ") + what + " of " + s.name), m_dragGroup);
    };
    auto vec = [&](const char* label, glm::dvec3 value, auto apply) {
        double v[3] = {value.x, value.y, value.z};
        if (NumberField(label, v, 3, speed)) {
            commit(apply(glm::dvec3(v[0], v[1], v[2])), label);
        }
        if (m_fieldErrorId == fieldId && !m_fieldError.empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "refused: %s", m_fieldError.c_str());
            ImGui::PopTextWrapPos();
        }
        ++fieldId;
    };
    auto num = [&](const char* label, double value, auto apply) {
        double v = value;
        if (NumberField(label, &v, 1, speed)) {
            commit(apply(v), label);
        }
        if (m_fieldErrorId == fieldId && !m_fieldError.empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "refused: %s", m_fieldError.c_str());
            ImGui::PopTextWrapPos();
        }
        ++fieldId;
    };

    std::visit(
        [&](const auto& g) {
            using G = std::decay_t<decltype(g)>;
            if constexpr (std::is_same_v<G, Ray<double>>) {
                vec("origin", g.origin, [&](glm::dvec3 v) {
                    G r = g;
                    r.origin = v;
                    return Shape(r);
                });
                vec("direction", g.direction, [&](glm::dvec3 v) {
                    G r = g;
                    r.direction = v;
                    return Shape(r);
                });
            } else if constexpr (std::is_same_v<G, Segment<double>>) {
                vec("start", g.start, [&](glm::dvec3 v) {
                    G r = g;
                    r.start = v;
                    return Shape(r);
                });
                vec("end", g.end, [&](glm::dvec3 v) {
                    G r = g;
                    r.end = v;
                    return Shape(r);
                });
            } else if constexpr (std::is_same_v<G, Plane<double>>) {
                vec("normal", g.normal, [&](glm::dvec3 v) {
                    G r = g;
                    r.normal = v;
                    return Shape(r);
                });
                num("distance", g.distance, [&](double v) {
                    G r = g;
                    r.distance = v;
                    return Shape(r);
                });
            } else if constexpr (std::is_same_v<G, Aabb<double>>) {
                const glm::dvec3 center = (g.min + g.max) * 0.5, size = g.max - g.min;
                vec("position (centre)", center, [&](glm::dvec3 v) {
                    G r = g;
                    r.min = v - size * 0.5;
                    r.max = v + size * 0.5;
                    return Shape(r);
                });
                vec("size", size, [&](glm::dvec3 v) {
                    G r = g;
                    r.min = center - v * 0.5;
                    r.max = center + v * 0.5;
                    return Shape(r);
                });
                vec("min", g.min, [&](glm::dvec3 v) {
                    G r = g;
                    r.min = v;
                    return Shape(r);
                });
                vec("max", g.max, [&](glm::dvec3 v) {
                    G r = g;
                    r.max = v;
                    return Shape(r);
                });
            } else if constexpr (std::is_same_v<G, Sphere<double>>) {
                vec("centre", g.center, [&](glm::dvec3 v) {
                    G r = g;
                    r.center = v;
                    return Shape(r);
                });
                num("radius", g.radius, [&](double v) {
                    G r = g;
                    r.radius = v;
                    return Shape(r);
                });
            } else {
                vec("centre", g.center, [&](glm::dvec3 v) {
                    G r = g;
                    r.center = v;
                    return Shape(r);
                });
                vec("half extents", g.halfExtents, [&](glm::dvec3 v) {
                    G r = g;
                    r.halfExtents = v;
                    return Shape(r);
                });
                // the angles typed are kept while they still produce the shape's axes (no Euler jitter)
                const Obb<double> fromStored =
                    WithRotationDegrees(g, {m_rotationDeg[0], m_rotationDeg[1], m_rotationDeg[2]});
                bool same = m_rotationShape == s.id;
                for (int i = 0; same && i < 3; ++i) {
                    same = glm::length(fromStored.axes[size_t(i)] - g.axes[size_t(i)]) < 1e-9;
                }
                if (!same) {
                    const glm::dvec3 deg = ObbRotationDegrees(g);
                    m_rotationDeg[0] = deg.x;
                    m_rotationDeg[1] = deg.y;
                    m_rotationDeg[2] = deg.z;
                    m_rotationShape = s.id;
                }
                double deg[3] = {m_rotationDeg[0], m_rotationDeg[1], m_rotationDeg[2]};
                ImGui::TextUnformatted("rotation (degrees, X then Y then Z)");
                ImGui::SetNextItemWidth(-1);
                if (ImGui::DragScalarN("##rotation", ImGuiDataType_Double, deg, 3, 0.5f, nullptr, nullptr, "%.3g")) {
                    m_rotationDeg[0] = deg[0];
                    m_rotationDeg[1] = deg[1];
                    m_rotationDeg[2] = deg[2];
                    commit(WithRotationDegrees(g, {deg[0], deg[1], deg[2]}), "rotation");
                }
                ++fieldId;
            }
        },
        s.shape);
    if (!ImGui::IsAnyItemActive()) {
        m_dragGroup = 0;
    }

    // live results of the shape's queries (the drawn algorithm of each family)
    ImGui::Separator();
    ImGui::TextDisabled("Queries of this shape");
    // only the lines in view are made (a ray of the stress scene has 1,000 queries)
    const std::vector<SceneQuery> queries = scene.QueriesOf(s.id);
    ImGuiListClipper clipper;
    clipper.Begin(int(queries.size()));
    while (clipper.Step()) {
        for (int line = clipper.DisplayStart; line < clipper.DisplayEnd; ++line) {
            const SceneQuery& q = queries[size_t(line)];
            const QueryEvaluation* qe = m_viewport.Evaluation().Find(q.a, q.b);
            const AlgorithmInfo* drawn = scene.Settings(q.family).drawn;
            if (qe == nullptr || drawn == nullptr) {
                ImGui::TextDisabled("-"); // one line per query keeps the clipper's count right
                continue;
            }
            const Result* r = &qe->comparison.reference;
            for (const AlgorithmOutcome& o : qe->comparison.outcomes) {
                if (o.info == drawn) {
                    r = &o.result;
                }
            }
            const std::string text = QueryLabel(scene, q) + ": " + CellText(*r, *drawn);
            if (!qe->comparison.agree) {
                ImGui::TextColored(ImVec4(1.0f, 0.3f, 0.85f, 1.0f), "%s  (disagreement)", text.c_str());
            } else {
                ImGui::TextUnformatted(text.c_str());
            }
        }
    }
    ImGui::End();
}

} // namespace hitlab

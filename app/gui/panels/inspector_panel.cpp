// The Inspector: exact numeric editing of the selected shape. Each edit is checked with the
// protocol's own validation (shape_edit.h); a refused value shows its message beside the field and
// the shape keeps its last valid value. Edits are History commands, merged while a drag lasts.
#include "panel.h"

#include "app/gui/model/convex_make.h"
#include "app/gui/model/results_model.h"
#include "app/gui/model/shape_edit.h"

#include "app/gui/view/viewport.h"

#include "core/convex.h"
#include "core/text.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cmath>

namespace hitlab {

namespace {

/// The field being typed into (double-click or Ctrl+click on a field): its index and text. Typed
/// text applies on Enter or when the field loses focus, never while it is half typed.
struct Typing {
    int field = -1;
    std::string text;
    bool focus = false; ///< give the text field the keyboard on its first frame
};

/// The fields of one shape: each edit is validated, then committed as one undoable command per
/// drag or typed value; a refused value shows its message under its field.
class FieldEditor {
public:
    FieldEditor(PanelContext& ctx, const SceneShape& shape, EditGroup& group, std::string& error, int& errorField,
                Typing& typing)
        : m_ctx(ctx), m_shape(shape), m_group(group), m_error(error), m_errorField(errorField), m_typing(typing),
          m_speed(GridSpacing(ctx.GetCamera()) * 0.01)
    {
    }

    /// One vector or number field: a drag that keeps every digit (shown to 9 significant digits),
    /// or, once double-clicked or Ctrl+clicked, a text field. Returns true when values changed.
    bool NumberField(const char* label, double* values, int count)
    {
        ImGui::TextUnformatted(label);
        ImGui::SetNextItemWidth(-1);
        const std::string id = std::string("##") + label;
        if (m_typing.field == m_field) {
            return TypedField(id + "_typed", values, count); // its own id: not the drag's active one
        }
        const bool changed =
            ImGui::DragScalarN(id.c_str(), ImGuiDataType_Double, values, count, float(m_speed), nullptr, nullptr,
                               "%.9g", ImGuiSliderFlags_NoRoundToFormat | ImGuiSliderFlags_NoInput);
        const ImGuiIO& io = ImGui::GetIO();
        if (ImGui::IsItemHovered() && (ImGui::IsMouseDoubleClicked(0) || (io.KeyCtrl && ImGui::IsMouseClicked(0)))) {
            m_typing = {m_field, TypedNumbersText(values, count), true};
        }
        if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
            ImGui::SetTooltip("%s\ndrag to change, Ctrl+click or double-click to type exact values (Enter applies)",
                              TypedNumbersText(values, count).c_str());
        }
        return changed;
    }

    /// The text field of a typed value: applied on Enter or when it loses focus, checked first.
    bool TypedField(const std::string& id, double* values, int count)
    {
        if (m_typing.focus) {
            ImGui::SetKeyboardFocusHere();
            m_typing.focus = false;
        }
        const bool enter = ImGui::InputText(id.c_str(), &m_typing.text,
                                            ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
        const bool left = ImGui::IsItemDeactivated();
        if (!enter && !(left && ImGui::IsItemDeactivatedAfterEdit())) {
            if (left) {
                m_typing.field = -1; // left without a change (or Esc)
            }
            return false;
        }
        const TypedNumbers typed = ParseTypedNumbers(m_typing.text, count);
        m_typing.field = -1;
        if (!typed.error.empty()) {
            m_error = typed.error;
            m_errorField = m_field;
            return false;
        }
        for (int i = 0; i < count; ++i) {
            values[i] = typed.values[size_t(i)];
        }
        return true;
    }

    template <typename Apply>
    void Vec(const char* label, glm::dvec3 value, Apply apply)
    {
        double v[3] = {value.x, value.y, value.z};
        if (NumberField(label, v, 3)) {
            Commit(apply(glm::dvec3(v[0], v[1], v[2])), label);
        }
        EndField();
    }

    template <typename Apply>
    void Num(const char* label, double value, Apply apply)
    {
        double v = value;
        if (NumberField(label, &v, 1)) {
            Commit(apply(v), label);
        }
        EndField();
    }

    /// A button that replaces the shape, one undoable command per click (`make` returns the new
    /// geometry or nothing); disabled, with `why` as its tooltip, when `enabled` is false.
    template <typename Make>
    void Action(const char* label, bool enabled, const char* why, Make make)
    {
        ImGui::BeginDisabled(!enabled);
        const bool clicked = ImGui::Button(label);
        ImGui::EndDisabled();
        if (!enabled && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
            ImGui::SetTooltip("%s", why);
        }
        if (clicked) {
            if (const auto candidate = make()) {
                Commit(Shape(*candidate), "points", true);
            }
        }
        EndField();
    }

    /// Tries a new geometry: commits it, or keeps the shape and remembers the message for this field.
    /// A drag's edits merge into one command; `newGroup` starts a command of its own.
    void Commit(const Shape& candidate, const char* what, bool newGroup = ImGui::IsItemActivated())
    {
        const std::string error = ValidateShape(candidate);
        if (!error.empty()) {
            m_error = error;
            m_errorField = m_field;
            return;
        }
        if (m_errorField == m_field) {
            m_error.clear();
            m_errorField = -1;
        }
        SceneShape after = m_shape;
        after.shape = candidate;
        m_ctx.Execute(ChangeShapeCommand(m_ctx.GetScene(), after, std::string("Edit ") + what + " of"),
                      m_group.For(m_ctx, newGroup));
    }

    void EndField()
    {
        if (m_errorField == m_field && !m_error.empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "refused: %s", m_error.c_str());
            ImGui::PopTextWrapPos();
        }
        ++m_field;
    }

private:
    PanelContext& m_ctx;
    const SceneShape& m_shape;
    EditGroup& m_group;
    std::string& m_error;
    int& m_errorField;
    Typing& m_typing;
    double m_speed;
    int m_field = 0;
};

/// A copy of `g` with one member set: the fields' apply functions.
template <typename G, typename V>
auto Setter(const G& g, V G::*member)
{
    return [g, member](const V& v) {
        G r = g;
        r.*member = v;
        return Shape(r);
    };
}

void BoxFields(FieldEditor& e, const Aabb<double>& g)
{
    const glm::dvec3 center = (g.min + g.max) * 0.5, size = g.max - g.min;
    e.Vec("position (centre)", center, [&](glm::dvec3 v) {
        Aabb<double> r = g;
        r.min = v - size * 0.5;
        r.max = v + size * 0.5;
        return Shape(r);
    });
    e.Vec("size", size, [&](glm::dvec3 v) {
        Aabb<double> r = g;
        r.min = center - v * 0.5;
        r.max = center + v * 0.5;
        return Shape(r);
    });
    e.Vec("min", g.min, Setter(g, &Aabb<double>::min));
    e.Vec("max", g.max, Setter(g, &Aabb<double>::max));
}

/// A mesh's place (the centre of its bounds: moving it moves every vertex) and size (a uniform
/// scale about that centre); its triangles are edited in the file it came from.
void MeshFields(FieldEditor& e, const Shape& shape)
{
    const std::optional<glm::dvec3> center = ShapeCenter(shape);
    if (!center) {
        return;
    }
    e.Vec("centre", *center, [shape, c = *center](glm::dvec3 v) { return Translated(shape, v - c); });
    e.Num("scale", 1.0, [shape, c = *center](double k) {
        Mesh<double> mesh = std::get<Mesh<double>>(shape);
        if (k > 0 && std::isfinite(k) && mesh.data) {
            mesh.data = MovedMeshData(*mesh.data, [&](const glm::dvec3& p) { return c + (p - c) * k; });
        }
        return Shape(mesh);
    });
}

/// A convex shape's place and size (as a mesh's), the buttons that add a point (at the centre of the
/// bounds, app/gui/model/convex_make.h) or remove the last one (never the only one), and each of its
/// first kConvexPointFields points.
void ConvexFields(FieldEditor& e, const Shape& shape)
{
    const std::optional<glm::dvec3> center = ShapeCenter(shape);
    if (!center) {
        return;
    }
    e.Vec("centre", *center, [shape, c = *center](glm::dvec3 v) { return Translated(shape, v - c); });
    e.Num("scale", 1.0, [shape, c = *center](double k) {
        Convex<double> convex = std::get<Convex<double>>(shape);
        if (k > 0 && std::isfinite(k) && convex.data) {
            convex.data = MovedConvexData(*convex.data, [&](const glm::dvec3& p) { return c + (p - c) * k; });
        }
        return Shape(convex);
    });
    const auto& convex = std::get<Convex<double>>(shape);
    constexpr size_t kConvexPointFields = 16;
    // the count and the buttons before the fields: in one place however many points there are
    const size_t count = convex.PointCount();
    const std::string counted = CountText(count, "point", "points");
    ImGui::TextDisabled(count > kConvexPointFields ? "%s (the first 16 shown)" : "%s", counted.c_str());
    e.Action("add point", count < kMaxConvexPoints, "a convex shape has at most 100000 points",
             [convex] { return ConvexWithPointAdded(convex); });
    e.Action("remove last point", count > 1, "a convex shape keeps at least one point",
             [convex, count] { return ConvexWithPointRemoved(convex, count - 1); });
    static const std::array<std::string, kConvexPointFields> kLabels = [] {
        std::array<std::string, kConvexPointFields> labels;
        for (size_t i = 0; i < labels.size(); ++i) {
            labels[i] = "p" + std::to_string(i);
        }
        return labels;
    }();
    for (size_t i = 0; i < convex.PointCount() && i < kConvexPointFields; ++i) {
        e.Vec(kLabels[i].c_str(), convex.data->points[i], [convex, i](glm::dvec3 v) {
            std::vector<glm::dvec3> points = convex.data->points;
            points[i] = v;
            return Shape(Convex<double>{MakeConvexData(std::move(points))});
        });
    }
}

/// The fields of the shape's own numbers, one editor per member.
void ShapeFields(FieldEditor& e, const SceneShape& s)
{
    switch (KindOf(s.shape)) {
    case ShapeKind::Ray: {
        const auto& ray = std::get<Ray<double>>(s.shape);
        e.Vec("origin", ray.origin, Setter(ray, &Ray<double>::origin));
        e.Vec("direction", ray.direction, Setter(ray, &Ray<double>::direction));
        return;
    }
    case ShapeKind::Segment: {
        const auto& segment = std::get<Segment<double>>(s.shape);
        e.Vec("start", segment.start, Setter(segment, &Segment<double>::start));
        e.Vec("end", segment.end, Setter(segment, &Segment<double>::end));
        return;
    }
    case ShapeKind::Plane: {
        const auto& plane = std::get<Plane<double>>(s.shape);
        e.Vec("normal", plane.normal, Setter(plane, &Plane<double>::normal));
        e.Num("distance", plane.distance, Setter(plane, &Plane<double>::distance));
        return;
    }
    case ShapeKind::Aabb:
        BoxFields(e, std::get<Aabb<double>>(s.shape));
        return;
    case ShapeKind::Sphere: {
        const auto& sphere = std::get<Sphere<double>>(s.shape);
        e.Vec("centre", sphere.center, Setter(sphere, &Sphere<double>::center));
        e.Num("radius", sphere.radius, Setter(sphere, &Sphere<double>::radius));
        return;
    }
    case ShapeKind::Obb: {
        const auto& obb = std::get<Obb<double>>(s.shape);
        e.Vec("centre", obb.center, Setter(obb, &Obb<double>::center));
        e.Vec("half extents", obb.halfExtents, Setter(obb, &Obb<double>::halfExtents));
        return;
    }
    case ShapeKind::Point: {
        const auto& point = std::get<Point<double>>(s.shape);
        e.Vec("position", point.position, Setter(point, &Point<double>::position));
        return;
    }
    case ShapeKind::Triangle: {
        const auto& triangle = std::get<Triangle<double>>(s.shape);
        static constexpr const char* kLabels[3] = {"v0", "v1", "v2"};
        for (size_t i = 0; i < 3; ++i) {
            e.Vec(kLabels[i], triangle.vertices[i], [triangle, i](glm::dvec3 v) {
                Triangle<double> t = triangle;
                t.vertices[i] = v;
                return Shape(t);
            });
        }
        return;
    }
    case ShapeKind::Mesh:
        MeshFields(e, s.shape);
        return;
    case ShapeKind::Convex:
        ConvexFields(e, s.shape);
        return;
    }
}

class InspectorPanel final : public Panel {
public:
    void Draw(PanelContext& ctx) override
    {
        const SceneShape* selected = ctx.GetScene().Find(ctx.Selected());
        if (selected == nullptr) {
            ImGui::TextDisabled("Select a shape (click it in the viewport or the Scene panel).");
            return;
        }
        const SceneShape s = *selected;
        if (m_errorShape != s.id) { // another shape: the last one's refused value is forgotten
            m_error.clear();
            m_errorField = -1;
            m_errorShape = s.id;
            m_typing.field = -1;
        }
        ImGui::Text("%s", s.name.c_str());
        ImGui::SameLine();
        ImGui::TextDisabled("(%s, id %u)", ShapeTypeName(s.shape), s.id);

        FieldEditor e(ctx, s, m_edit, m_error, m_errorField, m_typing);
        ShapeFields(e, s);
        if (const auto* obb = std::get_if<Obb<double>>(&s.shape)) {
            RotationField(e, s.id, *obb);
        }
        m_edit.CloseUnless(ImGui::IsAnyItemActive());
        ShapeQueries(ctx, s);
    }

private:
    /// An oriented box's rotation in degrees; the angles typed are kept while they still produce
    /// the shape's axes (no Euler jitter).
    void RotationField(FieldEditor& e, ShapeId id, const Obb<double>& g)
    {
        const Obb<double> fromStored = WithRotationDegrees(g, m_rotationDeg);
        bool same = m_rotationShape == id;
        for (int i = 0; same && i < 3; ++i) {
            same = glm::length(fromStored.axes[size_t(i)] - g.axes[size_t(i)]) < 1e-9;
        }
        if (!same) {
            m_rotationDeg = ObbRotationDegrees(g);
            m_rotationShape = id;
        }
        double deg[3] = {m_rotationDeg.x, m_rotationDeg.y, m_rotationDeg.z};
        ImGui::TextUnformatted("rotation (degrees, X then Y then Z)");
        ImGui::SetNextItemWidth(-1);
        if (ImGui::DragScalarN("##rotation", ImGuiDataType_Double, deg, 3, 0.5f, nullptr, nullptr, "%.6g",
                               ImGuiSliderFlags_NoRoundToFormat)) {
            m_rotationDeg = {deg[0], deg[1], deg[2]};
            e.Commit(WithRotationDegrees(g, m_rotationDeg), "rotation");
        }
        e.EndField();
    }

    /// Live results of the shape's queries (the drawn algorithm of each family); only the lines
    /// in view are made (a ray of the stress scene has 1,000 queries).
    static void ShapeQueries(PanelContext& ctx, const SceneShape& s)
    {
        const Scene& scene = ctx.GetScene();
        ImGui::Separator();
        ImGui::TextDisabled("Queries of this shape");
        const std::vector<SceneQuery> queries = scene.QueriesOf(s.id);
        ImGuiListClipper clipper;
        clipper.Begin(int(queries.size()));
        while (clipper.Step()) {
            for (int line = clipper.DisplayStart; line < clipper.DisplayEnd; ++line) {
                const SceneQuery& q = queries[size_t(line)];
                const QueryEvaluation* qe = ctx.Evaluation().Find(q.a, q.b);
                const AlgorithmInfo* drawn = scene.Settings(q.family).drawn;
                if (qe == nullptr || drawn == nullptr) {
                    ImGui::TextDisabled("-"); // one line per query keeps the clipper's count right
                    continue;
                }
                const std::string text = QueryLabel(scene, q) + ": " + CellText(qe->ResultOf(drawn), *drawn);
                if (!qe->comparison.agree) {
                    ImGui::TextColored(ImVec4(1.0f, 0.3f, 0.85f, 1.0f), "%s  (disagreement)", text.c_str());
                } else {
                    ImGui::TextUnformatted(text.c_str());
                }
            }
        }
    }

    EditGroup m_edit;
    std::string m_error;   ///< the refused value's message
    int m_errorField = -1; ///< which field it belongs to
    ShapeId m_errorShape = 0;
    Typing m_typing; ///< the field being typed into
    ShapeId m_rotationShape = 0;
    glm::dvec3 m_rotationDeg{0.0};
};

} // namespace

std::unique_ptr<Panel> MakeInspectorPanel() { return std::make_unique<InspectorPanel>(); }

} // namespace hitlab

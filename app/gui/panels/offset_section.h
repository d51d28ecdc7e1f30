// The Scene panel's "Far from the origin" section (docs/gui.md): a logarithmic slider for the
// offset d (0 to 1e7) and, for the focused pair (else the scene's first query) moved by (d, d, d),
// each enabled algorithm's answer and its error in ulps against the exact judge, float and double.
#pragma once

namespace hitlab {

struct PanelContext;

class OffsetSection {
public:
    /// Draws the section (a collapsing header, closed by default).
    void Draw(const PanelContext& ctx);

    double Distance() const { return m_distance; }

private:
    double m_distance = 0.0;
};

} // namespace hitlab

// `hitlab plot-offset`'s figure: error in ulps against the offset distance, both on log scales.
#include "offset.h"

#include "core/text.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace hitlab {

namespace offset_svg {

constexpr double kWidth = 960, kHeight = 600;
constexpr double kLeft = 80, kRight = 300, kTop = 50, kBottom = 60; // the legend sits on the right
constexpr double kPlotW = kWidth - kLeft - kRight, kPlotH = kHeight - kTop - kBottom;

const char* const kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                               "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"};

/// The axes' ranges in log10: x from -0.5 (where 0 is drawn) to the largest distance; y from -1
/// (where 0 ulps is drawn) to the largest finite error, one row above it for a wrong verdict.
struct Scale {
    double xMax = 1, yMax = 1;
    double X(double d) const { return kLeft + (Lx(d) + 0.5) / (xMax + 0.5) * kPlotW; }
    static double Lx(double d) { return d > 0 ? std::log10(d) : -0.5; }
    double Y(const OffsetPoint& p) const
    {
        const double ly = p.verdictWrong || !std::isfinite(p.ulps) ? yMax + 1 : p.ulps > 0 ? std::log10(p.ulps) : -1.0;
        return kTop + kPlotH - (std::max(ly, -1.0) + 1) / (yMax + 2) * kPlotH;
    }
    double YOfLog(double ly) const { return kTop + kPlotH - (ly + 1) / (yMax + 2) * kPlotH; }
};

Scale MakeScale(const std::vector<OffsetCurve>& curves, const std::vector<double>& distances)
{
    Scale s;
    s.xMax = std::max(1.0, std::ceil(Scale::Lx(distances.empty() ? 1.0 : distances.back())));
    double worst = 10;
    for (const OffsetCurve& c : curves) {
        for (const OffsetPoint& p : c.points) {
            if (!p.verdictWrong && std::isfinite(p.ulps)) {
                worst = std::max(worst, p.ulps);
            }
        }
    }
    s.yMax = std::ceil(std::log10(worst));
    return s;
}

std::string Escape(std::string_view text)
{
    std::string out;
    for (const char c : text) {
        out += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : c == '"' ? "&quot;" : std::string(1, c);
    }
    return out;
}

std::string Num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

void WriteAxes(const Scale& s, std::ostream& out)
{
    out << "<rect x=\"" << kLeft << "\" y=\"" << kTop << "\" width=\"" << kPlotW << "\" height=\"" << kPlotH
        << "\" fill=\"none\" stroke=\"#444\"/>\n";
    for (int e = 0; e <= static_cast<int>(s.xMax); ++e) {
        const double x = s.X(std::pow(10.0, e));
        out << "<line x1=\"" << Num(x) << "\" y1=\"" << kTop << "\" x2=\"" << Num(x) << "\" y2=\"" << kTop + kPlotH
            << "\" stroke=\"#ddd\"/>\n<text x=\"" << Num(x) << "\" y=\"" << kTop + kPlotH + 18
            << "\" text-anchor=\"middle\">1e" << e << "</text>\n";
    }
    out << "<text x=\"" << Num(s.X(0)) << "\" y=\"" << kTop + kPlotH + 18 << "\" text-anchor=\"middle\">0</text>\n";
    for (int e = -1; e <= static_cast<int>(s.yMax) + 1; ++e) {
        const double y = s.YOfLog(e);
        const std::string label = e == -1                             ? "0"
                                  : e == static_cast<int>(s.yMax) + 1 ? "wrong verdict"
                                                                      : "1e" + std::to_string(e);
        out << "<line x1=\"" << kLeft << "\" y1=\"" << Num(y) << "\" x2=\"" << kLeft + kPlotW << "\" y2=\"" << Num(y)
            << "\" stroke=\"#ddd\"/>\n<text x=\"" << kLeft - 6 << "\" y=\"" << Num(y + 4) << "\" text-anchor=\"end\">"
            << label << "</text>\n";
    }
    out << "<text x=\"" << kLeft + kPlotW / 2 << "\" y=\"" << kHeight - 15
        << "\" text-anchor=\"middle\">offset d: every shape moved by (d, d, d)</text>\n"
        << "<text transform=\"translate(20," << kTop + kPlotH / 2
        << ") rotate(-90)\" text-anchor=\"middle\">largest error in ulps (t_enter or depth, vs the exact "
           "judge)</text>\n";
}

} // namespace offset_svg

void WriteOffsetSvg(const std::vector<OffsetCurve>& curves, const std::vector<double>& distances,
                    const std::string& title, std::ostream& out)
{
    using namespace offset_svg;
    const Scale s = MakeScale(curves, distances);
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth << "\" height=\"" << kHeight
        << "\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << "<text x=\"" << kLeft << "\" y=\"28\" font-size=\"15\">" << Escape(title) << "</text>\n";
    WriteAxes(s, out);
    for (size_t i = 0; i < curves.size(); ++i) {
        const OffsetCurve& c = curves[i];
        const std::string color = kColors[(i / 2) % std::size(kColors)];
        const bool isFloat = c.precision == Precision::Float;
        const std::string name = std::string(FamilyName(c.info->family)) + "/" + std::string(c.info->name) +
                                 (isFloat ? " float" : " double");
        out << "<polyline class=\"curve\" data-family=\"" << FamilyName(c.info->family) << "\" data-algorithm=\""
            << Escape(c.info->name) << "\" data-precision=\"" << (isFloat ? "float" : "double")
            << "\" fill=\"none\" stroke=\"" << color << "\" stroke-width=\"1.5\""
            << (isFloat ? "" : " stroke-dasharray=\"6 3\"") << " points=\"";
        for (const OffsetPoint& p : c.points) {
            out << Num(s.X(p.distance)) << "," << Num(s.Y(p)) << " ";
        }
        out << "\"><title>" << Escape(name) << "</title></polyline>\n";
        const double ly = kTop + 14.0 * static_cast<double>(i);
        out << "<line x1=\"" << kWidth - kRight + 12 << "\" y1=\"" << Num(ly) << "\" x2=\"" << kWidth - kRight + 36
            << "\" y2=\"" << Num(ly) << "\" stroke=\"" << color << "\" stroke-width=\"1.5\""
            << (isFloat ? "" : " stroke-dasharray=\"6 3\"") << "/>\n<text x=\"" << kWidth - kRight + 42 << "\" y=\""
            << Num(ly + 4) << "\">" << Escape(name) << "</text>\n";
    }
    out << "</svg>\n";
}

} // namespace hitlab

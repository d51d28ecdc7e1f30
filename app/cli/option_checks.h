// Strict checks for command-line options (CLI11 validators) shared by the headless commands, the
// window and `hitlab render`: whole numbers and reals in a range (no sign wrap, no trailing
// characters, no overflow, no NaN), files to write, and one-line messages for every parse error.
#pragma once

#include <CLI/CLI.hpp>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace hitlab {

/// A bound as short text: "0", "1e-09" -> "1e-09", "86400".
template <typename T>
std::string BoundText(T v)
{
    if constexpr (std::is_floating_point_v<T>) {
        char text[32];
        const auto [end, ec] = std::to_chars(text, text + sizeof text, v);
        return ec == std::errc() ? std::string(text, end) : std::to_string(v);
    } else {
        return std::to_string(v);
    }
}

/// A whole number from min to max in decimal digits (a leading '-' only when min < 0), nothing
/// before or after it. The text is rewritten in canonical decimal, so that CLI11's own conversion
/// (which reads "010" as octal) sees the value that was checked.
template <typename T>
CLI::Validator WholeIn(T min, T max)
{
    return CLI::Validator(
        [min, max](std::string& text) -> std::string {
            T value{};
            const char* end = text.data() + text.size();
            const auto [ptr, ec] = std::from_chars(text.data(), end, value);
            if (text.empty() || ec == std::errc::invalid_argument || ptr != end ||
                (ec == std::errc() && (value < min || value > max)) || ec == std::errc::result_out_of_range) {
                return "expected a whole number from " + BoundText(min) + " to " + BoundText(max) + ", got \"" + text +
                       "\"";
            }
            text = std::to_string(value);
            return {};
        },
        BoundText(min) + ".." + BoundText(max));
}

/// A finite decimal number from min to max (above min, not equal to it, when minOpen): no NaN,
/// no infinity, no hexadecimal, nothing before or after it.
inline CLI::Validator RealIn(double min, double max, bool minOpen = false)
{
    return CLI::Validator(
        [min, max, minOpen](std::string& text) -> std::string {
            double value = 0;
            const char* end = text.data() + text.size();
            const auto [ptr, ec] = std::from_chars(text.data(), end, value, std::chars_format::general);
            const bool inRange = value >= min && value <= max && !(minOpen && value == min);
            if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value) || !inRange) {
                return std::string("expected a number ") + (minOpen ? "above " : "from ") + BoundText(min) +
                       (minOpen ? " up to " : " to ") + BoundText(max) + ", got \"" + text + "\"";
            }
            return {};
        },
        (minOpen ? "(" : "") + BoundText(min) + ".." + BoundText(max) + (minOpen ? ")" : ""));
}

/// A file to write: not a directory, and its directory exists.
inline CLI::Validator FileToWrite()
{
    return CLI::Validator(
        [](std::string& text) -> std::string {
            namespace fs = std::filesystem;
            std::error_code ec;
            if (text.empty()) {
                return "expected a file name, got \"\"";
            }
            if (fs::is_directory(text, ec)) {
                return "\"" + text + "\" is a directory, not a file";
            }
            const fs::path parent = fs::path(text).parent_path();
            if (!parent.empty() && !fs::is_directory(parent, ec)) {
                return "cannot write \"" + text + "\": the directory \"" + parent.string() + "\" does not exist";
            }
            return {};
        },
        "FILE");
}

/// The words of `hitlab` that name a command (the window is `hitlab [SCENE]`).
/// --external, --plugin and --external-timeout (docs/plugins.md), the same on every command that
/// takes them (the headless commands, the window, `hitlab render`).
inline void AddExternalOptions(CLI::App& command, std::vector<std::string>& commands, std::vector<std::string>& plugins,
                               double& timeoutSeconds)
{
    command.add_option("--external", commands,
                       "Also run the algorithms of this program (/bin/sh -c COMMAND, docs/plugins.md); repeatable");
    command
        .add_option("--plugin", plugins,
                    "Also run the algorithms of this plugin (a shared library with the C ABI of hitlab/plugin.h, "
                    "run in hitlab-plugin-host, docs/plugins.md); repeatable")
        ->allow_extra_args(false); // one file per --plugin: a word after it is the command's own
    command
        .add_option("--external-timeout", timeoutSeconds, "Seconds an external program or plugin has for each answer")
        ->check(RealIn(0, 3600, true))
        ->capture_default_str();
}

inline constexpr std::string_view kCommandWords =
    "algorithms, eval, report, hunt, triage, bench, conventions, plot-offset, render";

/// The message for a first word that is neither a command nor a scene to open: "no command or
/// scene file 'frobnicate' (commands: ...)", or that it is a directory.
inline std::string UnknownWordMessage(const std::string& word)
{
    std::error_code ec;
    if (std::filesystem::is_directory(word, ec)) {
        return "'" + word + "' is a directory, not a command or a scene file";
    }
    return "no command or scene file '" + word + "' (commands: " + std::string(kCommandWords) +
           "; hitlab --help lists them)";
}

/// A message on one line: line breaks become "; ".
inline std::string OneLine(std::string_view message)
{
    std::string line;
    for (char c : message) {
        if (c == '\n') {
            if (!line.empty() && line.back() != ' ') {
                line += "; ";
            }
        } else {
            line += c;
        }
    }
    while (!line.empty() && (line.back() == ' ' || line.back() == ';')) {
        line.pop_back();
    }
    return line;
}

/// What a failed CLI11 parse prints: the help or the version on out (status 0), or one line
/// "WHO: message" on err (status 2).
inline int ParseFailure(CLI::App& app, const CLI::ParseError& e, const std::string& who, std::ostream& out,
                        std::ostream& err)
{
    if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) {
        return app.exit(e, out, err) == 0 ? 0 : 2; // --help, --version
    }
    err << who << ": " << OneLine(e.what()) << "\n";
    return 2;
}

} // namespace hitlab

// A row of the capture browser chosen (docs/capture.md, "Browsing"): its line read again from the
// file, the engine's answer judged beside every built-in algorithm of the family and the exact
// answer (JudgeAnswers, as `hitlab eval` judges a given answer), and the line as a scene of one
// query, to show in the viewport and to save as a lesson. GL-free and ImGui-free.
#pragma once

#include "capture_rows.h"

#include "core/capture/capture_judge.h"
#include "core/capture/given_answer.h"
#include "core/scene.h"

#include <memory>
#include <string>
#include <vector>

namespace hitlab {

struct CaptureChoice {
    CaptureRow row;
    CaptureLine line;             ///< read again; line.error when it could not be
    OwnedConventions conventions; ///< the header's with the line's own over them
    /// the given answers as algorithms (judged's outcomes point into it: it outlives them)
    std::unique_ptr<GivenAlgorithms> given;
    JudgedAnswers judged;      ///< every built-in algorithm of the family, then the line's answers
    AnswerJudgement judgement; ///< the row's answer, through the exact judge (situation, kind, reason)
};

/// Reads the row's line again and judges it (nothing judged for a bad row or a line that cannot
/// be read: line.error says why).
std::unique_ptr<CaptureChoice> ChooseCaptureRow(const std::string& path, const CaptureRow& row,
                                                const OwnedConventions& header);

/// One line of the chosen query's answers table: an algorithm's, the engine's or the exact answer.
struct CaptureAnswerLine {
    std::string name;     ///< the algorithm, "engine: answer" for a given answer, "exact"
    std::string answer;   ///< its result in words (DescribeResult, DescribeExact)
    std::string judgment; ///< "agrees", or the explanation and its reason
    bool given = false;   ///< the engine's answer
    bool disagrees = false;
};
std::vector<CaptureAnswerLine> CaptureAnswerLines(const CaptureChoice& choice);

/// The chosen line as a scene: its two shapes, every algorithm of the family (the reference
/// drawn), its precision; the title and question name the line, the description keeps the
/// engine's answer (the scene format has no place for a given answer), the exact one and the
/// judgement (TriageCaseScene's, for one case). capture: the file's name, as the title gives it.
Scene CaptureChoiceScene(const CaptureChoice& choice, const std::string& capture);

} // namespace hitlab

// Pieces of the comparison shared by compare.cpp (verdicts) and compare_values.cpp (values).
#pragma once

#include "compare.h"
#include "flaw_condition.h"

#include <string>

namespace hitlab::detail {

/// Fills out.explanation and .reason for an algorithm that hits like the reference but differs
/// in the values out.differs names, field by field in the order of docs/architecture.md
/// (Comparison): the exact values, conventions, rounding, a documented flaw, unexplained.
/// Returns the fields in which the exact values show the reference off and out right (not blamed).
std::uint32_t ExplainValues(const Query& query, Precision precision, const Situation& situation,
                            const ValueScale& scale, const Result& reference, const ExactValues* exact,
                            AlgorithmOutcome& out);

/// The explanation by a declared flaw whose condition holds on the query (KnownFlaw), or else
/// Unexplained, whose reason says when the difference lies outside the algorithm's known flaws.
void FlawOrUnexplained(const FlawContext& context, const AlgorithmInfo& info, const std::string& name,
                       Explanation& explanation, std::string& reason);

/// The precision an algorithm's arithmetic runs in: float when the comparison's is, or when it
/// declares it (a convention "precision" whose value begins with "float", as an engine that
/// computes in float whatever it is given); else the comparison's.
Precision ArithmeticPrecision(const AlgorithmInfo& info, Precision precision);

/// Value of a scalar field (kFieldTEnter, kFieldTExit, kFieldDepth) of a result.
double ScalarField(const Result& result, std::uint32_t field);

/// The tolerance floor of a field (scale.t for t, scale.normal for normals, else scale.length).
double FieldFloor(const ValueScale& scale, std::uint32_t field);

/// The exact value of a scalar field, or null when exact is null, misses or the field has none.
const double* ExactField(const ExactValues* exact, std::uint32_t field);

} // namespace hitlab::detail

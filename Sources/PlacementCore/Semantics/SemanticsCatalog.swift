/// Diagnostic codes of the checker (name resolution, types, segment graph, audience tables, tests), with their
/// severity and summary; the wording of each message is in `SemanticsMessages.swift`.
package enum SemanticsCatalog {
  package static let duplicateDeclaration: DiagnosticCode = "duplicate-declaration"
  package static let reservedName: DiagnosticCode = "reserved-name"
  package static let unknownAttribute: DiagnosticCode = "unknown-attribute"
  package static let unknownSegment: DiagnosticCode = "unknown-segment"
  package static let unknownOption: DiagnosticCode = "unknown-option"
  package static let unknownPlacement: DiagnosticCode = "unknown-placement"
  package static let unknownTest: DiagnosticCode = "unknown-test"
  package static let unknownVariation: DiagnosticCode = "unknown-variation"
  package static let invalidOverride: DiagnosticCode = "invalid-override"
  package static let typeMismatch: DiagnosticCode = "type-mismatch"
  package static let nonBoolReference: DiagnosticCode = "non-bool-reference"
  package static let segmentCompared: DiagnosticCode = "segment-compared"
  package static let ignoringCaseNotApplicable: DiagnosticCode = "ignoring-case-not-applicable"
  package static let expectedList: DiagnosticCode = "expected-list"
  package static let unsupportedOperator: DiagnosticCode = "unsupported-operator"
  package static let functionTypeMismatch: DiagnosticCode = "function-type-mismatch"
  package static let functionOperator: DiagnosticCode = "function-operator"
  package static let choicesEquality: DiagnosticCode = "choices-equality"
  package static let reversedBetween: DiagnosticCode = "reversed-between"
  package static let unknownTimeUnit: DiagnosticCode = "unknown-time-unit"
  package static let unitOnNonDate: DiagnosticCode = "unit-on-non-date"
  package static let invalidLiteral: DiagnosticCode = "invalid-literal"
  package static let inexactNumber: DiagnosticCode = "inexact-number"
  package static let invalidPattern: DiagnosticCode = "invalid-pattern"
  package static let invalidOptions: DiagnosticCode = "invalid-options"
  package static let invalidSource: DiagnosticCode = "invalid-source"
  package static let segmentCycle: DiagnosticCode = "segment-cycle"
  package static let prerequisiteCycle: DiagnosticCode = "prerequisite-cycle"
  package static let missingDefault: DiagnosticCode = "missing-default"
  package static let duplicateDefault: DiagnosticCode = "duplicate-default"
  package static let rowAfterDefault: DiagnosticCode = "row-after-default"
  package static let invalidWeights: DiagnosticCode = "invalid-weights"
  package static let invalidTest: DiagnosticCode = "invalid-test"
  package static let duplicateVariation: DiagnosticCode = "duplicate-variation"
  package static let invalidRollout: DiagnosticCode = "invalid-rollout"
  package static let duplicateSalt: DiagnosticCode = "duplicate-salt"
  package static let sharedVersion: DiagnosticCode = "shared-version"
  package static let invalidLayerShare: DiagnosticCode = "invalid-layer-share"
  package static let overlappingLayerShares: DiagnosticCode = "overlapping-layer-shares"
  package static let layeredTwice: DiagnosticCode = "layered-twice"
  package static let ambiguousLayerTest: DiagnosticCode = "ambiguous-layer-test"
  package static let layeredDefault: DiagnosticCode = "layered-default"
  package static let defaultFallsThrough: DiagnosticCode = "default-falls-through"
  package static let crossPlacementDefault: DiagnosticCode = "cross-placement-default"
  package static let unreferencedTestContent: DiagnosticCode = "unreferenced-test-content"
  package static let contentTypeMismatch: DiagnosticCode = "content-type-mismatch"
  package static let noPlacements: DiagnosticCode = "no-placements"
  package static let segmentTooDeep: DiagnosticCode = "segment-too-deep"
  package static let segmentTooCostly: DiagnosticCode = "segment-too-costly"
  package static let instantWithoutOffset: DiagnosticCode = "instant-without-offset"
  package static let invalidInstant: DiagnosticCode = "invalid-instant"
  package static let emptySchedule: DiagnosticCode = "empty-schedule"
  package static let scheduledDefault: DiagnosticCode = "scheduled-default"
  package static let cappedDefault: DiagnosticCode = "capped-default"
  package static let crossPlacementFlow: DiagnosticCode = "cross-placement-flow"
  package static let invalidStickyWindow: DiagnosticCode = "invalid-sticky-window"
  package static let invalidDialect: DiagnosticCode = "invalid-dialect"

  package static let entries: [CatalogEntry] =
    [
      CatalogEntry(invalidDialect, .error, "a dialect that is not known, or two different dialects in one rule set"),
      CatalogEntry(duplicateDeclaration, .error, "two declarations of the same kind share a name"),
      CatalogEntry(reservedName, .error, "a name is a reserved word or is both an attribute and a segment"),
      CatalogEntry(unknownAttribute, .error, "a condition names an attribute that is neither built in nor declared"),
      CatalogEntry(unknownSegment, .error, "a row or condition names a segment that is not declared"),
      CatalogEntry(unknownOption, .error, "a literal is not one of the choice attribute's declared option ids"),
      CatalogEntry(
        unknownPlacement, .error, "a cross-placement test or an override names a placement that is not declared"),
      CatalogEntry(
        unknownTest, .error,
        "a row refers to a cross-placement test, or a layer or an override to a test, that is not declared"),
      CatalogEntry(unknownVariation, .error, "an override forces a variation the test does not have"),
      CatalogEntry(
        invalidOverride, .error,
        "an override gives a test content or a placement a variation, or forces a placement to fall through"),
      CatalogEntry(
        typeMismatch, .error,
        "a literal's kind (string, number, bool, word, list, pattern) does not fit the attribute's type"),
      CatalogEntry(nonBoolReference, .error, "a bare name in a condition is an attribute that is not bool"),
      CatalogEntry(segmentCompared, .error, "a segment is compared like an attribute"),
      CatalogEntry(ignoringCaseNotApplicable, .error, "'ignoring case' on an operator or type it does not apply to"),
      CatalogEntry(expectedList, .error, "'in' or 'not in' without a list literal"),
      CatalogEntry(unsupportedOperator, .error, "an operator does not apply to the attribute's type"),
      CatalogEntry(
        functionTypeMismatch, .error, "count(...) on a non-choices or years_since(...) on a non-date attribute"),
      CatalogEntry(functionOperator, .error, "count(...) or years_since(...) with an operator other than a comparison"),
      CatalogEntry(choicesEquality, .error, "a choices attribute (a set) compared with ==, !=, in or not in"),
      CatalogEntry(
        invalidLiteral, .error,
        "a literal cannot be read as the attribute's type (version, date, number), or a number is out of range"),
      CatalogEntry(
        inexactNumber, .warning, "an integer literal above 2^53 has no exact value and reads as its neighbour"),
      CatalogEntry(invalidPattern, .error, "a pattern is not valid or needs backtracking (backreferences, lookaround)"),
      CatalogEntry(invalidOptions, .error, "a choice type's options are empty, repeated or more than 64"),
      CatalogEntry(
        invalidSource, .error, "an attribute's source does not fit its type, or its element or screen id is empty"),
      CatalogEntry(unitOnNonDate, .error, "'unit' on an attribute that is not a date"),
      CatalogEntry(unknownTimeUnit, .error, "a time unit that is not known where it is written"),
      CatalogEntry(reversedBetween, .error, "'between' with its lower bound second: the range is empty"),
      CatalogEntry(segmentCycle, .error, "segments refer to each other in a cycle"),
      CatalogEntry(
        prerequisiteCycle, .error,
        "placements depend on each other's decisions in a cycle (content(…), row(…), variation(…))"),
      CatalogEntry(missingDefault, .error, "an audience table has no default row"),
      CatalogEntry(duplicateDefault, .error, "an audience table has more than one default row"),
      CatalogEntry(rowAfterDefault, .error, "a row follows the default row and can never be reached"),
      CatalogEntry(invalidWeights, .error, "a test's weights do not sum to 100 or include a zero weight"),
      CatalogEntry(
        invalidTest, .error,
        "a test has fewer than 2 or more than 20 variations, lacks a version or a placement's content"),
      CatalogEntry(duplicateVariation, .error, "two variations of a test share an id"),
      CatalogEntry(invalidRollout, .error, "a rollout percentage is outside 0–100 or has more than two decimals"),
      CatalogEntry(
        duplicateSalt, .error, "two rollouts or layers share a salt, or a salt equals a test's version id"),
      CatalogEntry(
        sharedVersion, .error, "two tests share a version id but not their variations' ids and weights"),
      CatalogEntry(
        invalidLayerShare, .error,
        "a layer share's bound is outside 0–100% or has more than two decimals, or the share is empty"),
      CatalogEntry(overlappingLayerShares, .error, "two tests of a layer have overlapping shares"),
      CatalogEntry(layeredTwice, .error, "a test is listed in two layers, or twice in one layer"),
      CatalogEntry(ambiguousLayerTest, .error, "a layer names a test name that several inline tests share"),
      CatalogEntry(
        layeredDefault, .error, "the default row holds a layered test: profiles outside its share would get nothing"),
      CatalogEntry(
        defaultFallsThrough, .error, "the default row, or a variation of its test, falls through: nothing follows it"),
      CatalogEntry(
        crossPlacementDefault, .error, "the default row refers to a cross-placement test (those rows are checked first)"
      ),
      CatalogEntry(
        unreferencedTestContent, .warning,
        "a cross-placement test gives content for a placement that never refers to it"),
      CatalogEntry(contentTypeMismatch, .error, "a flow placement shows a paywall row, or a paywall placement a flow"),
      CatalogEntry(noPlacements, .warning, "the rule set declares no placement"),
      CatalogEntry(
        segmentTooDeep, .error, "a segment nests deeper than the configured limit, counting referenced segments"),
      CatalogEntry(
        segmentTooCostly, .error,
        "a segment evaluates more conditions than the configured limit, counting referenced segments"),
      CatalogEntry(
        instantWithoutOffset, .error, "a schedule's instant is a bare date or a local time, without an offset or 'Z'"),
      CatalogEntry(invalidInstant, .error, "a schedule's bound is not an RFC 3339 instant"),
      CatalogEntry(emptySchedule, .error, "a schedule's 'until' is before or equal to its 'from': it is never live"),
      CatalogEntry(
        scheduledDefault, .error, "the default row, or its test, has a schedule: outside it nothing would decide"),
      CatalogEntry(
        cappedDefault, .error, "the default row has a cap: once it is reached nothing would decide"),
      CatalogEntry(
        crossPlacementFlow, .error, "a cross-placement test shows a flow: Adapty runs them on paywalls only"),
      CatalogEntry(
        invalidStickyWindow, .error,
        "a stickiness window is not a whole number of days from 1 to 3650, or is written on a test inside a row"),
    ] + ContentDiagnostics.entries + RampDiagnostics.entries + IdListDiagnostics.entries
}

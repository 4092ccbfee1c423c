import PlacementCore

/// The lint rules' messages, as functions of typed arguments, by rule: each carries its rule's code (their notes
/// and fix-its are in `LintNotes.swift`). Rules report with these through
/// ``LintRule/finding(_:at:severity:notes:fixIts:)``, which takes no string, so the wording of every finding lives
/// here.
extension DiagnosticMessage {
  // MARK: unreachable-row, overlapping-rows

  /// `culprits` are the earlier row that matches every profile of `row` (`single`), or the rows that do together.
  static func unreachableRow(_ row: String, by culprits: [String], single: Bool) -> Self {
    let by = single ? "by \(culprits[0])" : "by the earlier rows \(culprits.joined(separator: ", "))"
    return .init(UnreachableRow.id, "\(row) is unreachable: every profile it matches is already matched \(by)")
  }

  static func mayBeUnreachable(_ row: String) -> Self {
    .init(
      UnreachableRow.id, "\(row) may be unreachable: no profile was found that matches it and none of the rows above")
  }

  static func reachabilityNotChecked(_ row: String) -> Self {
    .init(
      UnreachableRow.id,
      "\(row) was not checked for reachability: its conditions with the rows above are too large to analyse")
  }

  /// `skipped` says which rows were left out (``PlacementReach/skippedDescription``).
  static func placementTooLargeToCheck(_ placement: String, skipped: String) -> Self {
    .init(
      UnreachableRow.id,
      "placement '\(placement)' is too large to check every row: \(skipped) for unreachable or overlapping rows")
  }

  /// `earlier` are the rows above that share a profile with `row`, the first of which decides it.
  static func overlappingRows(_ row: String, _ earlier: [String]) -> Self {
    let listed =
      earlier.count == 1 ? earlier[0] : earlier.dropLast().joined(separator: ", ") + " and " + earlier.last!
    return .init(
      OverlappingRows.id,
      earlier.count == 1
        ? "\(row) overlaps \(listed): a profile can match both, and \(listed) wins"
        : "\(row) overlaps \(listed): a profile can match it and any of them, and the earlier row wins")
  }

  // MARK: never-matches, always-matches, negation-over-answer

  static func neverMatches(_ segment: String, condition: String) -> Self {
    .init(NeverMatches.id, "segment '\(segment)' never matches: no profile satisfies '\(condition)'")
  }

  static func alwaysMatches(_ segment: String, condition: String) -> Self {
    .init(AlwaysMatches.id, "segment '\(segment)' always matches: every profile satisfies '\(condition)'")
  }

  static func negationOverAnswer(_ test: String, attribute: String) -> Self {
    .init(NegationOverAnswer.id, "'\(test)' also matches profiles that never answered '\(attribute)'")
  }

  static func negationIncludesMissing(_ test: String, attribute: String) -> Self {
    .init(NegationIncludesMissing.id, "'\(test)' also matches profiles without '\(attribute)'")
  }

  // MARK: title-instead-of-id

  static func titleInsteadOfID(_ title: String, option: String, of attribute: String) -> Self {
    .init(
      TitleInsteadOfId.id,
      "\"\(title)\" is the title of option '\(option)' of '\(attribute)'; titles are localised, compare option ids")
  }

  static func idIsAlsoTitle(_ id: String, of attribute: String, titleOf option: String) -> Self {
    .init(TitleInsteadOfId.id, "'\(id)' is an option id of '\(attribute)' and also the title of option '\(option)'")
  }

  // MARK: adapty-limit

  /// `problem` is ``AdaptyLimits/keyProblem(_:)``'s text.
  static func adaptyKey(_ problem: String) -> Self { .init(AdaptyLimit.id, "attribute " + problem) }

  static func tooManyAttributes(_ count: Int, limit: Int) -> Self {
    .init(AdaptyLimit.id, "\(count) custom attributes are declared; an Adapty profile stores at most \(limit)")
  }

  static func stringTooLong(_ length: Int, attribute: String, limit: Int) -> Self {
    .init(
      AdaptyLimit.id,
      "string of \(length) characters compared with custom attribute '\(attribute)'; Adapty stores at most \(limit)")
  }

  static func emptyStringCompared(attribute: String) -> Self {
    .init(
      AdaptyLimit.id,
      "empty string compared with custom attribute '\(attribute)'; Adapty removes an attribute set to \"\"")
  }

  // MARK: ambiguous-element, lists

  static func ambiguousElement(_ element: String, of attribute: String) -> Self {
    .init(
      AmbiguousElement.id,
      "element '\(element)' of '\(attribute)' has no screen, but other declarations read the same element id")
  }

  /// `subject op []`: what an empty list means depends on the operator.
  static func emptyList(_ subject: String, _ op: OperatorSyntax) -> Self {
    let effect: String
    switch op {
    case .notInList, .notContains: effect = "matches every profile"
    case .hasAll, .has: effect = "matches every profile with a value for '\(subject)'"
    default: effect = "never matches"
    }
    return .init(EmptyList.id, "empty list: '\(subject) \(op.spelling) []' \(effect)")
  }

  // MARK: confusable-literal

  static func bidiControlInLiteral(_ scalar: Unicode.Scalar) -> Self {
    .init(
      ConfusableLiteral.id,
      "literal holds \(Confusables.named(scalar)), a bidirectional control: it reads in another order than it compares")
  }

  static func invisibleInLiteral(_ scalar: Unicode.Scalar) -> Self {
    .init(
      ConfusableLiteral.id,
      "literal holds \(Confusables.named(scalar)), an invisible character: it compares as other text than it shows")
  }

  /// `word` mixes the letters of `scripts` (the usual one, then the odd one); `odd` is the first odd letter.
  static func mixedScripts(_ word: String, _ scripts: (String, String), odd: Unicode.Scalar) -> Self {
    .init(
      ConfusableLiteral.id,
      "\"\(word)\" mixes \(scripts.0) and \(scripts.1) letters: '\(odd)' is \(Confusables.describe(odd))")
  }

  /// `excluding`: the list is of `not in`, where `""` excludes the profiles it would match.
  static func emptyStringInList(of subject: String, excluding: Bool) -> Self {
    .init(
      EmptyStringInList.id,
      "empty string in the list of '\(subject)' \(excluding ? "excludes" : "matches") only the value \"\", not a missing one"
    )
  }

  /// `element` is the repeated element as written.
  static func listedTwice(_ element: String) -> Self { .init(DuplicateListElement.id, "\(element) is listed twice") }

  static func duplicateRowSegment(_ segment: String, placement: String) -> Self {
    .init(DuplicateRowSegment.id, "segment '\(segment)' already has a row in placement '\(placement)'")
  }

  // MARK: schedules, caps, layers

  static func capInTest(_ row: String, placement: String, test: String) -> Self {
    .init(
      CapInTest.id,
      "\(row) of placement '\(placement)' caps test '\(test)': capped profiles never enter it, which skews its split")
  }

  static func neverLive(_ row: String, placement: String, schedule: Schedule) -> Self {
    .init(
      ScheduleEnded.id,
      "\(row) of placement '\(placement)' is never live: its schedule and its test's do not overlap (\(schedule))")
  }

  /// `until` is the end as written.
  static func prerequisiteNeverHolds(_ condition: String) -> Self {
    .init(
      PrerequisiteNeverHolds.id,
      "'\(condition)' never holds: only rows outside their schedule give what it asks for")
  }

  static func scheduleEnded(_ row: String, placement: String, until: String) -> Self {
    .init(
      ScheduleEnded.id,
      "\(row) of placement '\(placement)' was scheduled until \(until): it has ended and never matches again")
  }

  /// `since` is the last step's instant as written.
  static func stalledRamp(_ segment: String, percent: String, since: String) -> Self {
    .init(
      StalledRamp.id,
      "the ramp of segment '\(segment)' has held its last step, \(percent) %, since \(since): it will not grow further")
  }

  /// `both` is when the two rows are live together (empty: always).
  static func overlappingSchedules(_ row: String, _ first: String, placement: String, segment: String, both: Schedule)
    -> Self
  {
    .init(
      OverlappingSchedules.id,
      "\(row) and \(first) of placement '\(placement)' have segment '\(segment)' and overlapping schedules: "
        + "\(first) decides \(both.description.isEmpty ? "always" : both.description)")
  }

  /// The layer's shares (disjoint) and what is left of its buckets.
  static func layerAllocation(_ layer: LayerDefinition) -> Self {
    let count = layer.allocations.count
    let shares = layer.allocations.map { "\($0.test) \(LayerShare.describe($0.buckets))" }.joined(separator: ", ")
    let allocated =
      count == 0
      ? "allocates nothing"
      : "allocates \(LayerShare.percent(layer.allocatedBuckets))% to \(count) test"
        + (count == 1 ? " (\(shares))" : "s with disjoint shares (\(shares))")
    let gaps = layer.unallocated
    let rest =
      gaps.isEmpty
      ? "nothing is left for the rows below"
      : "\(LayerShare.percent(LayerShare.bucketCount - layer.allocatedBuckets))% unallocated ("
        + gaps.map(LayerShare.describe).joined(separator: ", ") + ") enters no test of the layer"
    return .init(LayerAllocation.id, "layer '\(layer.name)' \(allocated); \(rest)")
  }

  // MARK: unused-segment, unused-attribute, invalid-suppression

  static func unusedSegment(_ segment: String) -> Self {
    .init(UnusedSegment.id, "segment '\(segment)' is not used by any row or segment")
  }

  static func unusedAttribute(_ attribute: String) -> Self {
    .init(UnusedAttribute.id, "attribute '\(attribute)' is declared but no segment tests it")
  }

  /// `problem` is ``SuppressionDirective/problem``'s text.
  static func invalidSuppression(_ problem: String) -> Self {
    .init(InvalidSuppression.id, "invalid suppression comment: \(problem)")
  }

  static func compilerCodeSuppressed(_ code: String) -> Self {
    .init(InvalidSuppression.id, "'\(code)' is a compiler diagnostic and cannot be suppressed")
  }

  static func unknownLintCode(_ code: String) -> Self {
    .init(InvalidSuppression.id, "unknown lint code '\(code)' in a suppression comment")
  }
}

import PlacementCore

/// The lint rules' notes and fix-its, as functions of typed arguments, by rule (shared ones are in
/// `Diagnostics/SharedNotes.swift`). Rules use these, never a string literal, so the wording of every note lives
/// in one place.
extension Note {
  // MARK: unreachable-row

  /// At a row that decides first.
  static func decidesFirst(_ row: String, at span: SourceSpan) -> Note { Note("\(row) decides first", at: span) }

  static var moveNarrowerRow: Note { Note("move the narrower row above the wider one, or remove it") }

  /// After a placement too large to check every row.
  static func rowBudget(_ comparisons: Int) -> Note {
    Note(
      "the analysis stops after \(comparisons) row comparisons per placement; split the table or check the rest "
        + "with 'placement test'")
  }

  /// After a row whose reachability the linter cannot decide: the tests that left it undecided, when known.
  static func undecidableTests(_ limit: ReasoningLimit) -> Note {
    guard let tests = limit.undecidedTests else {
      return Note("the conditions use tests the linter cannot decide")
    }
    return Note("the linter cannot decide \(tests)")
  }

  /// After a row whose conditions are too large to analyse.
  static func analysisTooLarge(alternatives: Int, steps: Int) -> Note {
    Note("the normal form exceeds \(alternatives) alternatives or the search \(steps) steps")
  }

  // MARK: overlapping-rows, negation-over-answer

  /// At the earlier row, with a profile both rows match; `witness` is ``Witness/describe(_:)``'s text.
  static func overlapWitness(_ row: String, _ earlier: String, witness: String, at span: SourceSpan) -> Note {
    Note("example profile matching \(row) and \(earlier), which decides it: \(witness)", at: span)
  }

  static func requireAnswerHint(_ attribute: String) -> Note {
    Note("hint: add 'and \(attribute) is set' unless profiles without an answer are meant to match")
  }

  static func unansweredWitness(segment: String, witness: String) -> Note {
    Note("example profile without an answer that matches segment '\(segment)': \(witness)")
  }

  static func requireAttributeHint(_ attribute: String) -> Note {
    Note(
      "hint: add 'and \(attribute) is set' unless profiles without it are meant to match, or declare 'dialect adapty'")
  }

  static func missingAttributeWitness(_ attribute: String, segment: String, witness: String) -> Note {
    Note("example profile without '\(attribute)' that matches segment '\(segment)': \(witness)")
  }

  // MARK: never-matches, always-matches

  /// The tests of one attribute that contradict each other, each already quoted.
  static func contradiction(_ attribute: String, tests: [String]) -> Note {
    Note("no value of '\(attribute)' satisfies \(tests.joined(separator: " and "))")
  }

  static var everyAlternativeContradicts: Note { Note("each of its alternatives ('or') is a contradiction") }

  static var matchesEmptyProfile: Note {
    Note("even a profile with no attributes ({}) matches; a row with it decides for everyone")
  }

  // MARK: title-instead-of-id

  static func branchOnID(_ attribute: String, _ option: String) -> Note {
    Note("flow answers carry item_ids; branch on '\(attribute) == \(option)'")
  }

  static func idAlsoTitle(_ id: String) -> Note {
    Note("the comparison uses the id '\(id)'; rename the option or its title so they cannot be confused")
  }

  // MARK: adapty-limit, empty-string-in-list

  /// At the attribute over Adapty's limit (`ordinal` is the limit + 1).
  static func attributeOrdinal(_ ordinal: Int) -> Note { Note("this is the \(ordinal)st") }

  static var noStoredValueMatches: Note { Note("no stored value can match it") }

  static func testNoValue(_ attribute: String) -> Note { Note("use '\(attribute) is not set' to test for no value") }

  static func clearedAnswersRemoved(_ attribute: String) -> Note {
    Note("a cleared answer removes '\(attribute)' rather than storing \"\"")
  }

  static var adaptyRemovesEmpty: Note { Note("Adapty removes a custom attribute set to \"\"") }

  // MARK: ambiguous-element

  static func readsElement(_ attribute: String, element: String, at span: SourceSpan) -> Note {
    Note("'\(attribute)' reads '\(element)' here", at: span)
  }

  static var elementsUniquePerScreen: Note {
    Note("element ids are unique per screen only; add 'on screen \"<instanceId>\"'")
  }

  // MARK: duplicate-row-segment

  /// At the first row of the segment; `fallsThrough` says whether that row lets its profiles on.
  static func firstRow(of segment: String, fallsThrough: Bool, at span: SourceSpan) -> Note {
    Note(
      fallsThrough
        ? "the first row falls through, so this one decides for its profiles; merge the two rows"
        : "the first row decides for every profile of '\(segment)'; this row never does",
      at: span)
  }

  // MARK: schedule-ended, overlapping-schedules

  /// The moment a schedule was judged at (ISO 8601).
  static func judgedAt(_ now: String) -> Note { Note("judged at \(now) (placement lint --now, else the clock)") }

  static var liveWhileBothSchedules: Note {
    Note("the row is live while both schedules are: from the later 'from' until the earlier 'until'")
  }

  static var finishTheRamp: Note {
    Note("add a step up to 100 % to finish the rollout, or write the plain percentage 'percent(n) salt \"…\"'")
  }

  static var removeOrReschedule: Note { Note("remove the row, or give it the next window") }

  /// After `prerequisite-never-holds`.
  static var prerequisiteOutsideSchedule: Note {
    Note("a row outside its schedule never decides: remove the condition, or ask for what the dependency still decides")
  }

  static func scheduled(_ row: String, _ schedule: Schedule, at span: SourceSpan) -> Note {
    Note("\(row) is scheduled \(schedule)", at: span)
  }

  static var untilIsExclusive: Note { Note("'until' is exclusive: end the first window where the next one starts") }

  // MARK: unused-attribute, invalid-suppression

  static var derivedByIngest: Note { Note("it is still derived from flow answers by 'placement ingest'") }

  static var compilerErrorsCannotBeSuppressed: Note {
    Note("fix the rule instead: compiler errors mean it does not work as written")
  }
}

extension FixIt {
  /// `negation-over-answer`: the negated test extended with `and <attribute> is set`.
  static func requireAnswer(at span: SourceSpan, replacement: String) -> FixIt {
    FixIt(message: "require an answer", span: span, replacement: replacement)
  }

  /// `negation-includes-missing`: the negated test extended with `and <attribute> is set`.
  static func requireAttribute(at span: SourceSpan, replacement: String) -> FixIt {
    FixIt(message: "require the attribute", span: span, replacement: replacement)
  }

  /// `duplicate-list-element`: deletes the repeated element `text` (with its comma) at `span`.
  static func removeRepeated(_ text: String, at span: SourceSpan) -> FixIt {
    FixIt(message: "remove the repeated \(text)", span: span, replacement: "")
  }

  /// One weight of a test rebalanced to sum to 100 (`balanced` are all the new weights, in percent).
  static func rebalance(to balanced: [Int], at span: SourceSpan, weight: Int) -> FixIt {
    FixIt(
      message: "rebalance the weights to " + balanced.map { "\($0)%" }.joined(separator: " + "), span: span,
      replacement: "\(weight)")
  }
}

/// A file of rule tests (`Rules/tests/*.json`, format in docs/RuleTests.md): profiles with the decision each
/// should get at named placements.
///
/// ```json
/// {"now": "2026-11-30T00:00:00Z",
///  "cases": [{"name": "pros get the pro flow", "profile": {"custom_attributes": {"experience": "pro"}},
///             "expect": {"onboarding_end": "flow pro_onboarding",
///                        "main_paywall": {"content": "paywall standard", "row": "default",
///                                         "because": [{"row": 0, "condition": "subscription_state"}]}}}]}
/// ```
package struct RuleTestFile: Sendable, Equatable {
  /// The time relative date conditions use, for every case that does not set its own.
  package var now: Instant?
  /// Every case in file order: the case, or why it cannot run (its JSON path and problem). A bad case costs that
  /// case, not the file's others.
  package var entries: [Result<RuleTestCase, RuleTestError>]
  /// The well-formed cases, in file order.
  package var cases: [RuleTestCase] { entries.compactMap { try? $0.get() } }
  /// Why each malformed case cannot run, in file order.
  package var malformedCases: [RuleTestError] {
    entries.compactMap { if case .failure(let error) = $0 { error } else { nil } }
  }
}

/// One profile and what it should get.
package struct RuleTestCase: Sendable, Equatable {
  package var name: String
  /// Where the case is in its file, e.g. `cases[2]`.
  package var path: String
  package var profile: ProfileSpec
  package var now: Instant?
  /// `"allow_overrides": true`: honour the profile's run-time `force` (``ResolveOptions/allowOverrides``).
  package var allowOverrides = false
  /// Expectations in the order the file lists them (sorted by placement name).
  package var expectations: [DecisionExpectation]
}

/// Where a test case's profile comes from. `events` (flow events, JSON Lines) are applied on top of the inline or
/// file profile, or of an empty one.
package struct ProfileSpec: Sendable, Equatable {
  /// An inline profile object.
  package var inline: JSONValue?
  /// A profile JSON file, relative to the test file.
  package var file: String?
  /// A JSON Lines file of flow events, relative to the test file.
  package var events: String?
}

/// A row of an audience table named by its 0-based priority (evaluation order) or by its name (the segment, or
/// `default`).
package enum RowReference: Sendable, Equatable, CustomStringConvertible {
  case index(Int)
  case name(String)

  package var description: String {
    switch self {
    case .index(let index): "row \(index)"
    case .name(let name): "row '\(name)'"
    }
  }

  /// True when the reference names the row at `index` called `name`.
  package func matches(index: Int, name: String) -> Bool {
    switch self {
    case .index(let expected): expected == index
    case .name(let expected): expected == name
    }
  }
}

/// What one placement should decide for a test case. Every field is optional except the placement.
package struct DecisionExpectation: Sendable, Equatable {
  package var placement: String
  /// Where the expectation is in its file, e.g. `cases[2].expect.main_paywall`.
  package var path: String
  package var content: ShownContent?
  package var row: RowReference?
  /// The A/B test that should decide, by name.
  package var test: String?
  /// The variation the profile should draw.
  package var variation: String?
  /// The decision's reason code (`"reason": "SPLIT"`).
  package var reason: DecisionReason?
  /// The decision's exposures, all of them in order (`"exposures": [{"test": "t", "outcome": "fell_through"}]`);
  /// nil when the file does not check them.
  package var exposures: [ExposureCheck]?
  /// The locale of the decision's remote config (`"locale": "de"`).
  package var locale: String?
  /// The decision's remote config (`"config": {…}`, equal as JSON; `null`: the decision carries none).
  package var config: JSONValue?
  /// Explain-level checks: why rows did or did not decide.
  package var because: [RowCheck]
}

/// An expected exposure: the test, and optionally the variation, bucket and outcome.
package struct ExposureCheck: Sendable, Equatable {
  package var test: String
  package var variation: String?
  package var bucket: Int?
  package var outcome: ExposureOutcome?

  /// True when `exposure` is of the test and has every field given.
  package func holds(for exposure: Exposure) -> Bool {
    exposure.test == test && (variation.map { $0 == exposure.variation } ?? true)
      && (bucket.map { $0 == exposure.bucket } ?? true) && (outcome.map { $0 == exposure.outcome } ?? true)
  }
}

/// An explain-level check on one row: its outcome and, for a row that did not match, substrings of the failing
/// condition and of the values seen (as in `placement resolve --explain`).
package struct RowCheck: Sendable, Equatable {
  package enum Outcome: String, Sendable, Equatable, CaseIterable {
    case notMatched = "not_matched"
    case scheduledOut = "scheduled_out"
    case capped
    case outsideLayer = "outside_layer"
    case notNewUser = "not_new_user"
    case inOtherTest = "in_other_test"
    case fellThrough = "fell_through"
    case decided
  }

  package var row: RowReference
  package var path: String
  /// Default: `not_matched`.
  package var outcome: Outcome
  package var condition: String?
  package var seen: String?
}

/// A test file that cannot be used: the JSON path of the problem and what is wrong with it.
package struct RuleTestError: Error, Sendable, Equatable, CustomStringConvertible {
  /// E.g. `cases[1].expect.main_paywall.row`; empty for the file as a whole.
  package let path: String
  package let message: String
  /// For a test file that is not valid JSON: the 1-based line and column of the error (columns in characters, a
  /// leading byte-order mark not counted), printed as `FILE:LINE:COLUMN`; nil otherwise.
  package let position: SourcePosition?

  /// Creates an error.
  /// - Parameters:
  ///   - path: The JSON path of the member at fault, empty for the file as a whole.
  ///   - message: A lower-case message.
  ///   - position: Where invalid JSON was found in the test file, if that is the error.
  package init(path: String, message: String, position: SourcePosition? = nil) {
    self.path = path
    self.message = message
    self.position = position
  }

  package var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

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
public struct RuleTestFile: Sendable, Equatable {
  /// The time relative date conditions use, for every case that does not set its own.
  public var now: Instant?
  /// Every case in file order: the case, or why it cannot run (its JSON path and problem). A bad case costs that
  /// case, not the file's others.
  public var entries: [Result<RuleTestCase, RuleTestError>]
  /// The well-formed cases, in file order.
  public var cases: [RuleTestCase] { entries.compactMap { try? $0.get() } }
  /// Why each malformed case cannot run, in file order.
  public var malformedCases: [RuleTestError] {
    entries.compactMap { if case .failure(let error) = $0 { error } else { nil } }
  }
}

/// One profile and what it should get.
public struct RuleTestCase: Sendable, Equatable {
  public var name: String
  /// Where the case is in its file, e.g. `cases[2]`.
  public var path: String
  public var profile: ProfileSpec
  public var now: Instant?
  /// `"allow_overrides": true`: honour the profile's run-time `force` (``ResolveOptions/allowOverrides``).
  public var allowOverrides = false
  /// Expectations in the order the file lists them (sorted by placement name).
  public var expectations: [DecisionExpectation]
}

/// Where a test case's profile comes from. `events` (flow events, JSON Lines) are applied on top of the inline or
/// file profile, or of an empty one.
public struct ProfileSpec: Sendable, Equatable {
  /// An inline profile object.
  public var inline: JSONValue?
  /// A profile JSON file, relative to the test file.
  public var file: String?
  /// A JSON Lines file of flow events, relative to the test file.
  public var events: String?
}

/// A row of an audience table named by its 0-based priority (evaluation order) or by its name (the segment, or
/// `default`).
public enum RowReference: Sendable, Equatable, CustomStringConvertible {
  case index(Int)
  case name(String)

  public var description: String {
    switch self {
    case .index(let index): "row \(index)"
    case .name(let name): "row '\(name)'"
    }
  }

  /// True when the reference names the row at `index` called `name`.
  public func matches(index: Int, name: String) -> Bool {
    switch self {
    case .index(let expected): expected == index
    case .name(let expected): expected == name
    }
  }
}

/// What one placement should decide for a test case. Every field is optional except the placement.
public struct DecisionExpectation: Sendable, Equatable {
  public var placement: String
  /// Where the expectation is in its file, e.g. `cases[2].expect.main_paywall`.
  public var path: String
  public var content: ShownContent?
  public var row: RowReference?
  /// The A/B test that should decide, by name.
  public var test: String?
  /// The variation the profile should draw.
  public var variation: String?
  /// The decision's reason code (`"reason": "SPLIT"`).
  public var reason: DecisionReason?
  /// The decision's exposures, all of them in order (`"exposures": [{"test": "t", "outcome": "fell_through"}]`);
  /// nil when the file does not check them.
  public var exposures: [ExposureCheck]?
  /// Explain-level checks: why rows did or did not decide.
  public var because: [RowCheck]
}

/// An expected exposure: the test, and optionally the variation, bucket and outcome.
public struct ExposureCheck: Sendable, Equatable {
  public var test: String
  public var variation: String?
  public var bucket: Int?
  public var outcome: ExposureOutcome?

  /// True when `exposure` is of the test and has every field given.
  public func holds(for exposure: Exposure) -> Bool {
    exposure.test == test && (variation.map { $0 == exposure.variation } ?? true)
      && (bucket.map { $0 == exposure.bucket } ?? true) && (outcome.map { $0 == exposure.outcome } ?? true)
  }
}

/// An explain-level check on one row: its outcome and, for a row that did not match, substrings of the failing
/// condition and of the values seen (as in `placement resolve --explain`).
public struct RowCheck: Sendable, Equatable {
  public enum Outcome: String, Sendable, Equatable, CaseIterable {
    case notMatched = "not_matched"
    case scheduledOut = "scheduled_out"
    case outsideLayer = "outside_layer"
    case fellThrough = "fell_through"
    case decided
  }

  public var row: RowReference
  public var path: String
  /// Default: `not_matched`.
  public var outcome: Outcome
  public var condition: String?
  public var seen: String?
}

/// A test file that cannot be used: the JSON path of the problem and what is wrong with it.
public struct RuleTestError: Error, Sendable, Equatable, CustomStringConvertible {
  /// E.g. `cases[1].expect.main_paywall.row`; empty for the file as a whole.
  public let path: String
  public let message: String
  /// For a test file that is not valid JSON: the 1-based line and column of the error (columns in characters, a
  /// leading byte-order mark not counted), printed as `FILE:LINE:COLUMN`; nil otherwise.
  public let position: SourcePosition?

  /// Creates an error.
  /// - Parameters:
  ///   - path: The JSON path of the member at fault, empty for the file as a whole.
  ///   - message: A lower-case message.
  ///   - position: Where invalid JSON was found in the test file, if that is the error.
  public init(path: String, message: String, position: SourcePosition? = nil) {
    self.path = path
    self.message = message
    self.position = position
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

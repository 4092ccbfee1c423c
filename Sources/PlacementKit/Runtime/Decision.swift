/// What a profile gets at a placement, and why (PRODUCT.md §2 "Decision").
public struct Decision: Sendable, Equatable {
  public let placement: String
  public let profileID: String?
  /// The row that decided.
  public let audience: Audience
  /// What to show: a flow (optionally with a paywall inside), a paywall, or a holdout.
  public let content: ShownContent
  /// The A/B assignment when the deciding row is a test.
  public let abTest: ABAssignment?
  /// Problems with the profile that did not stop the resolution (uncoercible values, skipped events).
  public let warnings: [String]
  /// With explain: every row tried, in priority order, and why it did or did not decide.
  public let explanation: [RowTrace]?
}

/// The deciding row of an audience table.
public struct Audience: Sendable, Equatable {
  /// 0-based priority (evaluation order: cross-placement rows first, then rows as written).
  public let index: Int
  /// The row's name: its segment, or `default`.
  public let name: String
  /// The segment's condition as written; nil for the default row.
  public let segment: String?
}

/// Content a profile is shown.
public enum ShownContent: Sendable, Equatable {
  case flow(id: String, paywall: String?)
  case paywall(id: String)
  /// The profile is deliberately shown nothing (a test's holdout group).
  case holdout

  /// `flow`, `paywall` or `holdout`, as in the decision JSON's `content.type`.
  public var type: String {
    switch self {
    case .flow: "flow"
    case .paywall: "paywall"
    case .holdout: "holdout"
    }
  }
}

/// The variation a profile drew in an A/B test.
public struct ABAssignment: Sendable, Equatable {
  public let name: String
  public let versionID: String
  public let variation: String
  /// 0–99, or nil when the profile has no `profile_id` (the first variation in draw order is taken).
  public let bucket: Int?
}

/// One row tried during a resolution with explain.
public struct RowTrace: Sendable, Equatable {
  public enum Outcome: Sendable, Equatable {
    /// The segment did not match: the first failing condition and the value seen.
    case notMatched(condition: String, seen: String)
    /// The segment matched but the content falls through (a stopped test, or a variation that falls through).
    case fellThrough(reason: String)
    /// This row decided; with a test, the reason names the variation drawn (and says so for a holdout).
    case decided(reason: String?)
  }

  public let index: Int
  public let name: String
  public let outcome: Outcome
}

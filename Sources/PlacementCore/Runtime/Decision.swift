/// What a profile gets at a placement, and why (docs/Product.md §2 "Decision").
public struct Decision: Sendable, Equatable {
  public let placement: String
  public let profileID: String?
  /// The row that decided.
  public let audience: Audience
  /// What to show: a flow (optionally with a paywall inside), a paywall, or a holdout.
  public let content: ShownContent
  /// The remote config of the content shown, in the locale chosen for the profile's `locale`: nil when the
  /// content declares no config, and for a holdout. For `flow <id> with paywall <id>` it is the flow's.
  public internal(set) var config: RemoteConfig? = nil
  /// The A/B assignment when the deciding row is a test.
  public let abTest: ABAssignment?
  /// Why this content: a stable code in the OpenFeature vocabulary where it fits (see ``DecisionReason``).
  public let reason: DecisionReason
  /// Every test the profile took part in on the way to this decision, in evaluation order: the arms that fell
  /// through, then the deciding row's test (empty when no row drew a variation); with, in their place in that
  /// order, the cross-placement tests whose entry rules kept the profile out (``ExposureOutcome/isKeptOut``). Log
  /// them to join results with purchases.
  public let exposures: [Exposure]
  /// Problems with the profile that did not stop the resolution (uncoercible values, skipped events).
  public let warnings: [String]
  /// With explain: every row tried, in priority order, and why it did or did not decide.
  public internal(set) var explanation: [RowTrace]?
  /// With explain, the dialect the rules declare (it gives negations their meaning); nil without one.
  package internal(set) var dialect: Dialect? = nil
  /// With explain, for a placement whose conditions read prerequisites: the decision of each placement they depend
  /// on (directly or through another), once, in dependency order, without explanation; nil otherwise.
  package internal(set) var prerequisites: [Decision]? = nil
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
  /// 0–99, or nil when no bucket was drawn: the profile has no usable `profile_id` (the first variation in draw
  /// order is taken), or its variation was forced by an override or kept from a sticky assignment.
  public let bucket: Int?
}

/// Why a decision shows what it shows: the `reason` of the decision JSON, a stable code (OpenFeature's resolution
/// reasons where one fits: `TARGETING_MATCH`, `SPLIT`, `DEFAULT`, `STATIC`, `DISABLED`; ours for the rest).
/// The first case that applies, in this order, is the reason.
public enum DecisionReason: String, Sendable, Equatable, CaseIterable {
  /// The deciding row's test variation was forced by a QA override.
  case override = "OVERRIDE"
  /// The deciding row's test kept the variation the profile carried (a sticky test).
  case sticky = "STICKY"
  /// The deciding row's test drew a holdout variation: the profile is deliberately shown nothing.
  case disabled = "DISABLED"
  /// The deciding row is an A/B test and the profile drew (or, without a `profile_id`, was given) its variation.
  case split = "SPLIT"
  /// A row above the deciding one matched the profile but was outside its schedule at `now`.
  case scheduledOut = "SCHEDULED_OUT"
  /// A row above the deciding one matched the profile but had already shown its content as often as its frequency
  /// cap allows (`limit 3 per 7 days`), counted from the profile's `shown` events.
  case capped = "CAPPED"
  /// A row above the deciding one did not match the profile only because of a prerequisite test
  /// (`content(p)`, `row(p)`, `variation(t)`): its condition is false, and would be true were every prerequisite
  /// test of it true.
  case prerequisiteFailed = "PREREQUISITE_FAILED"
  /// The placement has a single row (its default row), so every profile gets its content.
  case staticContent = "STATIC"
  /// No other row matched (or every matching row fell through): the default row decided.
  case defaultRow = "DEFAULT"
  /// The deciding row's segment matched the profile.
  case targetingMatch = "TARGETING_MATCH"
}

/// How a profile took part in a test on the way to a decision: the `outcome` of an exposure.
public enum ExposureOutcome: String, Sendable, Equatable, CaseIterable {
  /// The drawn variation decided the placement.
  case decided
  /// The drawn variation falls through: the rows below decided (the test's control arm, typically).
  case fellThrough = "fell_through"
  /// The drawn variation is a holdout: the profile is shown nothing.
  case holdout
  /// A QA override forced the variation (no bucket is drawn).
  case override
  /// The profile carried an assignment for this sticky test, and it was kept (no bucket is drawn).
  case sticky
  /// The profile is not in the cross-placement test: its first paywall came before the test's start (only new
  /// users join). No variation: ``Exposure/variation`` is empty and `null` in JSON; never count it in an arm.
  case notNewUser = "not_new_user"
  /// The profile is not in the cross-placement test: it is in another cross-placement test's window. No
  /// variation: ``Exposure/variation`` is empty and `null` in JSON; never count it in an arm.
  case inOtherTest = "in_other_test"

  /// Whether the profile got no variation of the test (``notNewUser``, ``inOtherTest``): such an exposure counts
  /// the profiles a cross-placement test kept out, and belongs to no arm.
  public var isKeptOut: Bool { self == .notNewUser || self == .inOtherTest }
}

/// One test a profile was bucketed into (or forced or kept in) during a resolution; or a cross-placement test
/// whose entry rules kept the profile out (``ExposureOutcome/isKeptOut``: no variation, no bucket).
public struct Exposure: Sendable, Equatable {
  /// The test's name.
  public let test: String
  /// The test's version id (docs/Product.md §4.9): the key of the draw and of sticky assignments.
  public let versionID: String
  /// The variation's id; empty (no variation id is) when the test kept the profile out
  /// (``ExposureOutcome/isKeptOut``).
  public let variation: String
  /// The bucket drawn, 0–99; nil when none was (no usable `profile_id`, an override, a kept assignment).
  public let bucket: Int?
  public let outcome: ExposureOutcome

  public init(test: String, versionID: String, variation: String, bucket: Int?, outcome: ExposureOutcome) {
    self.test = test
    self.versionID = versionID
    self.variation = variation
    self.bucket = bucket
    self.outcome = outcome
  }
}

/// One row tried during a resolution with explain.
public struct RowTrace: Sendable, Equatable {
  public enum Outcome: Sendable, Equatable {
    /// The segment did not match: the first failing condition and the value seen.
    case notMatched(condition: String, seen: String)
    /// The segment matched but the content falls through (a stopped test, or a variation that falls through).
    case fellThrough(reason: String)
    /// The segment matched but the row is outside its schedule at `now` (the reason gives the window).
    case scheduledOut(reason: String)
    /// The segment matched but the row's frequency cap is reached (the reason gives the count, the limit and the
    /// window: `capped (3 of 3 in the last 7 days)`).
    case capped(reason: String)
    /// The segment matched but the profile is outside its test's share of the layer (the reason gives both).
    case outsideLayer(reason: String)
    /// The segment matched, but the row's cross-placement test enters new users only, and the profile's first
    /// paywall came before the test started (the reason gives both instants).
    case notNewUser(reason: String)
    /// The segment matched, but the profile is in another cross-placement test (the reason names it and says until
    /// when its assignment stays).
    case inOtherTest(reason: String)
    /// This row decided; with a test, the reason names the variation drawn (and says so for a holdout).
    case decided(reason: String?)
  }

  public let index: Int
  public let name: String
  public let outcome: Outcome
}

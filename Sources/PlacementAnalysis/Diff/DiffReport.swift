import PlacementCore

/// What `placement diff` found between two rule sets (see ``RulesDiff``).
public struct DiffReport: Sendable {
  /// Placements present on both sides, in the new rule set's order.
  public let placements: [PlacementDiff]
  /// Placements only the new rule set has.
  public let addedPlacements: [String]
  /// Placements only the old rule set has.
  public let removedPlacements: [String]
  /// Experiment safety findings (A/B tests re-weighted, re-versioned, started, ended, or left by profiles).
  public let tests: [TestFinding]
  /// Attributes whose type changed kind (e.g. `number` to `string`): conditions over them are not compared.
  public let conflictingAttributes: [String]

  /// True when no profile can change decision at any placement, proved (no placement ``PlacementDiff/Status/unknown``
  /// or skipped), no placement was added or removed and no QA override changed.
  public var isEquivalent: Bool {
    addedPlacements.isEmpty && removedPlacements.isEmpty && placements.allSatisfy { $0.status == .equivalent }
      && !tests.contains { $0.kind == .overridesChanged }
  }

  /// Every transition of every placement.
  public var transitions: [Transition] { placements.flatMap(\.transitions) }
}

/// The comparison of one placement.
public struct PlacementDiff: Sendable {
  public enum Status: String, Sendable, Hashable {
    /// Proved: every profile gets the same decision from both rule sets.
    case equivalent
    /// Some profile gets a different decision (see ``PlacementDiff/transitions``); its QA overrides may have
    /// changed too (``PlacementDiff/overrides``).
    case changed
    /// The audience table shows no decision change (proved, or with undecided pairs), but a QA override that
    /// applies here was added, removed or rewritten (see ``PlacementDiff/overrides``): the profiles it matches
    /// get another decision.
    case overridesChanged = "overrides-changed"
    /// Not proved equivalent, and no change found: some profiles reach both rows of a pair whose decisions may
    /// differ, but the search neither found one that changes nor proved that none does (see
    /// ``PlacementDiff/undecided``). Never a proof of anything.
    case unknown
    /// Not analysed: the diff's time budget ran out first.
    case skipped
  }

  public let name: String
  public internal(set) var status: Status
  /// The decision changes some profile can make, each with a confirmed witness; sorted by old then new outcome.
  public let transitions: [Transition]
  /// What was left undecided (old row → new row, the variations and the instant), with the reason; non-empty
  /// for ``Status/unknown`` and ``Status/skipped``, and possibly beside found transitions.
  public let undecided: [String]
  /// The findings of the running tests this placement's rows hold whose draw changed under the same version (a
  /// re-assignment or a rename), with the test's exact fractions: one of them moves profiles here.
  public internal(set) var reassignments: [TestFinding] = []
  /// The A/B tests the placement's rows hold on both sides (a cross-placement test by name, an inline one as
  /// `placement/name`): the running tests a change here can take profiles out of.
  public internal(set) var runningTests: [String] = []
  /// The paywall and flow ids the new rows can show (variations included), sorted.
  public internal(set) var newContentIDs: [String] = []
  /// The QA overrides added, removed or changed that apply here (a rewritten one is removed and added): the
  /// placement's own, and the variation overrides of the tests its rows hold. Each is also an `overrides-changed` finding.
  public internal(set) var overrides: [OverrideChange] = []

  /// The comparison with the override changes that apply here; ``status`` becomes
  /// ``Status/overridesChanged`` when the audience table alone showed no change.
  func with(overrides: [OverrideChange]) -> PlacementDiff {
    var diff = self
    diff.overrides = overrides
    if !overrides.isEmpty && (status == .equivalent || status == .unknown) { diff.status = .overridesChanged }
    return diff
  }
}

/// A QA override present in one rule set only, as written (condition whitespace collapsed), or written alike in
/// both but naming a segment that changed. An override whose content, variation or condition text changed is one
/// removed and one added.
public struct OverrideChange: Sendable, CustomStringConvertible {
  public enum Kind: String, Sendable, Hashable {
    case added, removed
    /// Written alike on both sides, but a segment its condition names (directly or through other segments)
    /// changed: it matches other profiles.
    case segmentChanged = "segment-changed"
  }

  public let kind: Kind
  /// The overridden test's or placement's name.
  public let target: String
  /// The override without its keyword: `upgrade_prompt: paywall winback_discount for profile_id == "qa-winback"`.
  public let override: String
  /// The changed segments' names (``Kind/segmentChanged`` only), sorted.
  public let segments: [String]
  /// Where it is written: in the new rules when added or changed, the old when removed.
  public let span: SourceSpan

  /// `override added: 'override …'`, `override removed: 'override …'`, `override changed: 'override …'
  /// (segment 'qa_devices' changed)`.
  public var description: String {
    switch kind {
    case .added, .removed: return "override \(kind.rawValue): 'override \(override)'"
    case .segmentChanged:
      let names = segments.map { "'\($0)'" }.joined(separator: ", ")
      return "override changed: 'override \(override)' (segment\(segments.count == 1 ? "" : "s") \(names) changed)"
    }
  }
}

/// What a profile is shown at a placement: the content and, when a test decided, the test and variation.
public struct Outcome: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// `paywall winback`, `flow pro_onboarding`, `flow f with paywall p` or `holdout`.
  public let content: String
  /// The content's id (paywall or flow id; nil for a holdout), for `--fail-on content:<id>`.
  public let ids: [String]
  /// `test music_paywalls variation music_a`, when a test decided.
  public let test: String?
  /// The name of the test that decided, when one did.
  public let testName: String?

  init(_ decision: Decision) {
    switch decision.content {
    case .flow(let id, let paywall):
      content = "flow \(id)" + (paywall.map { " with paywall \($0)" } ?? "")
      ids = [id] + (paywall.map { [$0] } ?? [])
    case .paywall(let id):
      content = "paywall \(id)"
      ids = [id]
    case .holdout:
      content = "holdout"
      ids = []
    }
    test = decision.abTest.map { "test \($0.name) variation \($0.variation)" }
    testName = decision.abTest?.name
  }

  /// The outcome of a row's content as the resolver reports it: `content` itself, or variation `variation` of
  /// the test (nil for a content that is not a test); nil for a content that falls through.
  init?(_ content: Content, variation: ABVariation? = nil) {
    var shown = content
    var testName: String? = nil
    if case .test(let abTest) = content {
      guard let variation else { return nil }
      shown = variation.content
      testName = abTest.name
      test = "test \(abTest.name) variation \(variation.id)"
    } else {
      test = nil
    }
    switch shown {
    case .flow(let id, let paywall):
      self.content = "flow \(id)" + (paywall.map { " with paywall \($0)" } ?? "")
      ids = [id] + (paywall.map { [$0] } ?? [])
    case .paywall(let id):
      self.content = "paywall \(id)"
      ids = [id]
    case .holdout:
      self.content = "holdout"
      ids = []
    case .fallthrough_, .test:
      return nil
    }
    self.testName = testName
  }

  public var description: String { content + (test.map { " (\($0))" } ?? "") }

  public static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.description < rhs.description }
}

/// One reachable decision change at a placement: old outcome → new outcome, with a witness profile that the
/// runtime resolves to exactly these two decisions, and why it changed.
public struct Transition: Sendable {
  public let placement: String
  public let old: Outcome
  public let new: Outcome
  /// The witness profile as `placement resolve --profile` reads it (with a `profile_id` when a test draws).
  public let witness: String
  /// The instant the witness was resolved at when it depends on relative dates (`--now`).
  public let now: Instant?
  /// The rows that decided for the witness, old and new.
  public let oldRow: RowRef
  public let newRow: RowRef
  /// Why the decision changed (one or more: a row added above and a segment narrowed can both apply).
  public let causes: [Cause]
}

/// A row of an audience table on one side of the diff.
public struct RowRef: Sendable, Hashable {
  /// 0-based priority in the placement's evaluation order.
  public let index: Int
  /// The segment name, or `default`.
  public let name: String
  public let span: SourceSpan
}

/// Why a profile's decision changed.
public struct Cause: Sendable, Hashable, CustomStringConvertible {
  public enum Kind: String, Sendable, Hashable {
    case rowAdded = "row-added"
    case rowRemoved = "row-removed"
    case rowMoved = "row-moved"
    case segmentNarrowed = "segment-narrowed"
    case segmentWidened = "segment-widened"
    /// Narrowed for some profiles and widened for others.
    case segmentChanged = "segment-changed"
    case contentChanged = "content-changed"
    case testChanged = "test-changed"
    /// The row's schedule (or its test's) changed: it is skipped at the example's instant on one side only.
    case scheduleChanged = "schedule-changed"
    /// The row's test takes a different share of its layer (or joined or left a layer).
    case layerShareChanged = "layer-share-changed"
  }

  public let kind: Kind
  /// The row the cause is about (its new side when it has one).
  public let row: RowRef

  public var description: String {
    switch kind {
    case .rowAdded: "row '\(row.name)' added"
    case .rowRemoved: "row '\(row.name)' removed"
    case .rowMoved: "row '\(row.name)' moved"
    case .segmentNarrowed: "segment of row '\(row.name)' narrowed"
    case .segmentWidened: "segment of row '\(row.name)' widened"
    case .segmentChanged: "segment of row '\(row.name)' changed (narrowed and widened)"
    case .contentChanged: "content of row '\(row.name)' changed"
    case .testChanged: "test of row '\(row.name)' changed"
    case .scheduleChanged: "schedule of row '\(row.name)' changed"
    case .layerShareChanged: "layer share of the test of row '\(row.name)' changed"
    }
  }
}

/// An experiment safety finding about one A/B test.
public struct TestFinding: Sendable {
  public enum Kind: String, Sendable, Hashable {
    /// Profiles in the running test would see another variation with other content (re-weighted, re-versioned,
    /// or taken out).
    case reassignsRunningTest = "reassigns-running-test"
    /// Same version, and every profile keeps its content, but some change variation id: a variation renamed
    /// with its content and weight (a rename that changes the draw order moves content: a re-assignment).
    case variationRenamed = "variation-renamed"
    /// Same draw, but a variation's content changed.
    case variationContentChanged = "variation-content-changed"
    /// A `sticky` test's draw changed under the same version: profiles that carry their assignment keep it, only
    /// profiles new to the test draw with the new weights.
    case stickyReweighted = "sticky-reweighted"
    /// A QA override was added, removed or rewritten, or a segment it names changed: the profiles it matches get
    /// another decision.
    case overridesChanged = "overrides-changed"
    case testStarted = "test-started"
    case testEnded = "test-ended"
  }

  public let kind: Kind
  public let severity: Severity
  /// The test's name (`placement/test` for a test written inline in a placement).
  public let test: String
  public let message: String
  /// The fraction of the test's profiles that change variation id (exact, from the 100 buckets), when the
  /// version is kept; nil when it is not (everyone re-draws) or the finding is not about the draw.
  public let reassignedFraction: Double?
  /// The fraction of the test's profiles that change variation and, with it, content (in some placement of the
  /// test): ``reassignedFraction`` less the buckets that only change id; nil as ``reassignedFraction``.
  public internal(set) var reassignedContentFraction: Double? = nil
  /// Where: the test's row in the new rules (the old one for an ended test).
  public let span: SourceSpan?
  /// A profile that shows the change, when there is one.
  public let witness: String?
}

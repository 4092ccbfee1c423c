import PlacementCore

/// What `placement diff` found between two rule sets (see ``RulesDiff``).
package struct DiffReport: Sendable {
  /// Placements present on both sides, in the new rule set's order.
  package let placements: [PlacementDiff]
  /// Placements only the new rule set has.
  package let addedPlacements: [String]
  /// Placements only the old rule set has.
  package let removedPlacements: [String]
  /// Experiment safety findings (A/B tests re-weighted, re-versioned, started, ended, or left by profiles).
  package let tests: [TestFinding]
  /// Attributes whose type changed kind (e.g. `number` to `string`): conditions over them are not compared.
  package let conflictingAttributes: [String]
  /// The remote configs that changed, per content and locale (not decision changes: see ``ConfigChange``).
  package internal(set) var configChanges: [ConfigChange] = []
  /// The id lists whose ids changed (the caller fills it from both sides' list files: ``IdListChurn``).
  package var listChanges: [IdListChurn] = []

  /// True when no profile can change decision at any placement, proved (no placement ``PlacementDiff/Status/unknown``
  /// or skipped), no placement was added or removed and no QA override changed.
  package var isEquivalent: Bool {
    addedPlacements.isEmpty && removedPlacements.isEmpty && placements.allSatisfy { $0.status == .equivalent }
      && !tests.contains { $0.kind == .overridesChanged }
  }

  /// Every transition of every placement.
  package var transitions: [Transition] { placements.flatMap(\.transitions) }
}

/// The comparison of one placement.
package struct PlacementDiff: Sendable {
  package enum Status: String, Sendable, Hashable {
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

  package let name: String
  package internal(set) var status: Status
  /// The decision changes some profile can make, each with a confirmed witness; sorted by old then new outcome.
  package let transitions: [Transition]
  /// What was left undecided (old row → new row, the variations and the instant), with the reason; non-empty
  /// for ``Status/unknown`` and ``Status/skipped``, and possibly beside found transitions.
  package internal(set) var undecided: [String]
  /// The findings of the running tests this placement's rows hold whose draw changed under the same version (a
  /// re-assignment or a rename), with the test's exact fractions: one of them moves profiles here.
  package internal(set) var reassignments: [TestFinding] = []
  /// The A/B tests the placement's rows hold on both sides (a cross-placement test by name, an inline one as
  /// `placement/name`): the running tests a change here can take profiles out of.
  package internal(set) var runningTests: [String] = []
  /// The paywall and flow ids the new rows can show (variations included), sorted.
  package internal(set) var newContentIDs: [String] = []
  /// The QA overrides added, removed or changed that apply here (a rewritten one is removed and added): the
  /// placement's own, and the variation overrides of the tests its rows hold. Each is also an `overrides-changed` finding.
  package internal(set) var overrides: [OverrideChange] = []

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
package struct OverrideChange: Sendable, CustomStringConvertible {
  package enum Kind: String, Sendable, Hashable {
    case added, removed
    /// Written alike on both sides, but a segment its condition names (directly or through other segments)
    /// changed: it matches other profiles.
    case segmentChanged = "segment-changed"
  }

  package let kind: Kind
  /// The overridden test's or placement's name.
  package let target: String
  /// The override without its keyword: `upgrade_prompt: paywall winback_discount for profile_id == "qa-winback"`.
  package let override: String
  /// The changed segments' names (``Kind/segmentChanged`` only), sorted.
  package let segments: [String]
  /// Where it is written: in the new rules when added or changed, the old when removed.
  package let span: SourceSpan

  /// `override added: 'override …'`, `override removed: 'override …'`, `override changed: 'override …'
  /// (segment 'qa_devices' changed)`.
  package var description: String {
    switch kind {
    case .added, .removed: return "override \(kind.rawValue): 'override \(override)'"
    case .segmentChanged:
      let names = segments.map { "'\($0)'" }.joined(separator: ", ")
      return "override changed: 'override \(override)' (segment\(segments.count == 1 ? "" : "s") \(names) changed)"
    }
  }
}

/// What a profile is shown at a placement: the content and, when a test decided, the test and variation.
package struct Outcome: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// `paywall winback`, `flow pro_onboarding`, `flow f with paywall p` or `holdout`.
  package let content: String
  /// The content's id (paywall or flow id; nil for a holdout), for `--fail-on content:<id>`.
  package let ids: [String]
  /// `test music_paywalls variation music_a`, when a test decided.
  package let test: String?
  /// The name of the test that decided, when one did.
  package let testName: String?

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

  package var description: String { content + (test.map { " (\($0))" } ?? "") }

  package static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.description < rhs.description }
}

/// One reachable decision change at a placement: old outcome → new outcome, with a witness profile that the
/// runtime resolves to exactly these two decisions, and why it changed.
package struct Transition: Sendable {
  package let placement: String
  package let old: Outcome
  package let new: Outcome
  /// The witness profile as `placement resolve --profile` reads it (with a `profile_id` when a test draws).
  package let witness: String
  /// The instant the witness was resolved at when it depends on relative dates (`--now`).
  package let now: Instant?
  /// The rows that decided for the witness, old and new.
  package let oldRow: RowRef
  package let newRow: RowRef
  /// Why the decision changed (one or more: a row added above and a segment narrowed can both apply).
  package let causes: [Cause]
}

/// A row of an audience table on one side of the diff.
package struct RowRef: Sendable, Hashable {
  /// 0-based priority in the placement's evaluation order.
  package let index: Int
  /// The segment name, or `default`.
  package let name: String
  package let span: SourceSpan
}

/// Why a profile's decision changed.
package struct Cause: Sendable, Hashable, CustomStringConvertible {
  package enum Kind: String, Sendable, Hashable {
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
    /// The row reads a prerequisite (`content(p)`, `row(p)`, `variation(t)`) whose decision changed for the
    /// witness: the table is the same on both sides, the row's match is not.
    case prerequisiteChanged = "prerequisite-changed"
  }

  package let kind: Kind
  /// The row the cause is about (its new side when it has one).
  package let row: RowRef
  /// The changed placements whose decisions the row reads (``Kind/prerequisiteChanged`` only), sorted.
  package var prerequisites: [String] = []

  package var description: String {
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
    case .prerequisiteChanged:
      "row '\(row.name)' reads the decision of \(prerequisites.map { "'\($0)'" }.joined(separator: ", ")), which changed"
    }
  }
}

/// An experiment safety finding about one A/B test.
package struct TestFinding: Sendable {
  package enum Kind: String, Sendable, Hashable {
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

  package let kind: Kind
  package let severity: Severity
  /// The test's name (`placement/test` for a test written inline in a placement).
  package let test: String
  package let message: String
  /// The fraction of the test's profiles that change variation id (exact, from the 100 buckets), when the
  /// version is kept; nil when it is not (everyone re-draws) or the finding is not about the draw.
  package let reassignedFraction: Double?
  /// The fraction of the test's profiles that change variation and, with it, content (in some placement of the
  /// test): ``reassignedFraction`` less the buckets that only change id; nil as ``reassignedFraction``.
  package internal(set) var reassignedContentFraction: Double? = nil
  /// Where: the test's row in the new rules (the old one for an ended test).
  package let span: SourceSpan?
  /// A profile that shows the change, when there is one.
  package let witness: String?
}

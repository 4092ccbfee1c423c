import PlacementCore

/// Compares one placement of two rule sets. At each stretch of time whose live rows differ (``phases``), every
/// (old row, new row) pair is a possible decision change for each pair of variations the rows can give one
/// profile with different outcomes (``combos(_:_:overridesKept:)``). A pair is settled when the reasoner proves
/// that no profile is decided by both rows, or when a profile steered into that pair of variations (its
/// `profile_id` chosen for the draws, a sticky assignment, a QA override's condition) is resolved by both rule
/// sets to exactly those outcomes: a transition. Anything else is left undecided, and a placement with an
/// undecided pair and no transition is ``PlacementDiff/Status/unknown``: a search that finds nothing proves
/// nothing.
struct PlacementComparison {
  let merged: MergedModel
  let reasoners: PhaseReasoners
  let oldRules: RuleSet
  let newRules: RuleSet
  let old: PlacementDefinition
  let new: PlacementDefinition
  let now: Instant
  /// The slot of `profile_id` in the merged model.
  let profileSlot: Int
  let deadline: ContinuousClock.Instant
  /// The names of the tests whose QA overrides changed.
  let overridesChanged: Set<String>
  /// The most stretches of time compared per placement.
  static let phaseLimit = 64

  private var oldSegments: [Int?] { old.rows.map(\.segment) }
  private var newSegments: [Int?] { new.rows.map { $0.segment.map { merged.newSegment[$0] } } }

  /// What a comparison found so far: transitions by (old, new) outcome, in order found, and undecided pairs.
  struct Findings {
    var found: [String: Transition] = [:]
    var order: [String] = []
    var undecided: [String] = []

    /// A transition found again with other causes keeps the first one's example and gains the causes.
    mutating func record(_ transition: Transition) {
      let key = "\(transition.old)\u{0}\(transition.new)"
      guard let known = found[key] else {
        found[key] = transition
        order.append(key)
        return
      }
      let extra = transition.causes.filter { !known.causes.contains($0) }
      if !extra.isEmpty { found[key] = known.adding(extra) }
    }
  }

  /// Whether the two tables are the same row for row (segments, contents, schedules): every profile is then
  /// decided by the row of the same index on both sides.
  var sameTable: Bool {
    oldSegments == newSegments && zip(old.rows, new.rows).allSatisfy { Self.sameRow($0, $1) }
  }

  /// Whether every profile is decided by a row of the same name on both sides (what `row(p)` reads): the tables
  /// are the same and no row was renamed. A table proved equivalent otherwise may decide a profile by another
  /// row that shows the same content.
  var sameDecidingRows: Bool { sameTable && old.rows.map(\.name) == new.rows.map(\.name) }

  func run() -> PlacementDiff {
    let oldSegments = self.oldSegments
    let newSegments = self.newSegments
    if sameTable {
      return PlacementDiff(name: new.name, status: .equivalent, transitions: [], undecided: [])
    }
    let matching = RowMatching(old: old.rows, oldSegments: oldSegments, new: new.rows, newSegments: newSegments)
    // Rows above `prefix` are the same on both sides, so a profile one of them decides is decided alike: only
    // pairs below the common prefix can differ.
    var prefix = 0
    while prefix < min(old.rows.count, new.rows.count), oldSegments[prefix] == newSegments[prefix],
      Self.sameRow(old.rows[prefix], new.rows[prefix])
    {
      prefix += 1
    }
    var findings = Findings()
    let (phases, omitted) = Self.phases(
      now: now, old: old.rows, new: new.rows, limit: Self.phaseLimit, ramps: rampInstants)
    for phase in phases {
      let oldSide = Side(
        rows: old.rows, segments: oldSegments, live: phase.oldLive,
        overrides: old.overrides.compactMap { merged.oldOverrides[$0.condition] })
      let newSide = Side(
        rows: new.rows, segments: newSegments, live: phase.newLive,
        overrides: new.overrides.compactMap { merged.newOverrides[$0.condition] })
      let pairs = PairSearch(
        comparison: self, oldSide: oldSide, newSide: newSide, phase: phase, matching: matching,
        reasoner: reasoners.at(phase.instant))
      guard pairs.run(prefix: prefix, into: &findings) else { break }
    }
    if omitted > 0 {
      findings.undecided.append(
        "\(omitted) more stretch\(omitted == 1 ? "" : "es") of time where other windows are live were not compared")
    }
    let transitions = findings.order.compactMap { findings.found[$0] }.sorted { ($0.old, $0.new) < ($1.old, $1.new) }
    let status: PlacementDiff.Status =
      !transitions.isEmpty ? .changed : findings.undecided.isEmpty ? .equivalent : .unknown
    return PlacementDiff(name: new.name, status: status, transitions: transitions, undecided: findings.undecided)
  }

  func describe(_ rows: [AudienceRow], _ index: Int) -> String { "row \(index) '\(rows[index].name)'" }

  func ref(_ rows: [AudienceRow], _ index: Int) -> RowRef {
    RowRef(index: index, name: rows[index].name, span: rows[index].span)
  }
}

extension Transition {
  func adding(_ extra: [Cause]) -> Transition {
    Transition(
      placement: placement, old: old, new: new, witness: witness, now: now, oldRow: oldRow, newRow: newRow,
      causes: causes + extra)
  }
}

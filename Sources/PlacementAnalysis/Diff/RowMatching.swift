import PlacementCore

/// Which old row is which new row, and why a profile that moved between rows moved.
///
/// Rows are matched by segment first (after ``MergedModel`` maps a renamed or re-formatted segment onto the old
/// one), then by name (a row whose segment was edited keeps its name), and the default rows with each other.
struct RowMatching {
  let old: [AudienceRow]
  let new: [AudienceRow]
  let oldSegments: [Int?]
  let newSegments: [Int?]
  /// For each old row, the new row it became (nil: removed).
  let newOf: [Int?]
  /// For each new row, the old row it was (nil: added).
  let oldOf: [Int?]

  init(old: [AudienceRow], oldSegments: [Int?], new: [AudienceRow], newSegments: [Int?]) {
    self.old = old
    self.new = new
    self.oldSegments = oldSegments
    self.newSegments = newSegments
    var newOf = [Int?](repeating: nil, count: old.count)
    var oldOf = [Int?](repeating: nil, count: new.count)
    func pair(_ same: (Int, Int) -> Bool) {
      for i in old.indices where newOf[i] == nil {
        if let j = new.indices.first(where: { oldOf[$0] == nil && same(i, $0) }) {
          newOf[i] = j
          oldOf[j] = i
        }
      }
    }
    pair { oldSegments[$0] != nil && oldSegments[$0] == newSegments[$1] }
    pair { old[$0].name == new[$1].name }
    self.newOf = newOf
    self.oldOf = oldOf
  }

  /// The causes of a profile's move from old row `i` to new row `j`.
  /// - Parameters:
  ///   - matches: whether the profile matches a merged segment, by the runtime evaluator.
  ///   - relation: how the new segment relates to the old one (for a row whose segment changed).
  func causes(
    old i: Int, new j: Int, bothTests: Bool, matches: (Int) -> Bool,
    relation: (Int, Int) -> SegmentRelations.Relation, oldRef: (Int) -> RowRef, newRef: (Int) -> RowRef
  ) -> [Cause] {
    if newOf[i] == j {
      // The same row decided on both sides, so its segment held on both: what it shows changed.
      return [Cause(kind: bothTests ? .testChanged : .contentChanged, row: newRef(j))]
    }
    var causes: [Cause] = []
    // A matched row whose schedule changed is skipped on one side only (it now decides, or no longer does).
    if let k = newOf[i], old[i].effectiveSchedule != new[k].effectiveSchedule {
      causes.append(Cause(kind: .scheduleChanged, row: newRef(k)))
    }
    if let k = oldOf[j], k != i, old[k].effectiveSchedule != new[j].effectiveSchedule {
      causes.append(Cause(kind: .scheduleChanged, row: newRef(j)))
    }
    if oldOf[j] == nil { causes.append(Cause(kind: .rowAdded, row: newRef(j))) }
    if newOf[i] == nil { causes.append(Cause(kind: .rowRemoved, row: oldRef(i))) }
    // Old row i's counterpart no longer takes the profile: its segment changed (or a row above took it).
    if let k = newOf[i], let segment = newSegments[k], !matches(segment) {
      causes.append(Cause(kind: segmentKind(i, k, matches: matches, relation: relation), row: newRef(k)))
    }
    // New row j's former self did not take the profile: its segment changed.
    if let k = oldOf[j], let segment = oldSegments[k], !matches(segment) {
      causes.append(Cause(kind: segmentKind(k, j, matches: matches, relation: relation), row: newRef(j)))
    }
    // A matched layered row whose share changed: the profile entered or left the test by its layer bucket.
    for (k, l) in [(i, newOf[i]), (oldOf[j], j)] {
      guard let k, let l, Self.layer(old[k]) != Self.layer(new[l]) else { continue }
      causes.append(Cause(kind: .layerShareChanged, row: newRef(l)))
    }
    if causes.isEmpty { causes.append(Cause(kind: .rowMoved, row: newRef(oldOf[j] != nil ? j : (newOf[i] ?? j)))) }
    return causes
  }

  /// The layer share of a row's test (nil: no test, or a test in no layer).
  static func layer(_ row: AudienceRow) -> LayerShare? {
    if case .test(let test) = row.content { test.layer } else { nil }
  }

  /// Narrowed, widened or both for a matched row pair whose segments differ; by the proved relation when
  /// known, else by what the profile shows.
  private func segmentKind(
    _ i: Int, _ j: Int, matches: (Int) -> Bool, relation: (Int, Int) -> SegmentRelations.Relation
  ) -> Cause.Kind {
    guard let before = oldSegments[i], let after = newSegments[j] else { return .contentChanged }
    switch relation(before, after) {
    case .narrowed: return .segmentNarrowed
    case .widened: return .segmentWidened
    case .both: return .segmentChanged
    case .same, .unknown: return matches(before) && !matches(after) ? .segmentNarrowed : .segmentWidened
    }
  }
}

/// How a new segment relates to an old one, proved by the reasoner and remembered per pair.
struct SegmentRelations {
  enum Relation { case same, narrowed, widened, both, unknown }

  let reasoner: Reasoner
  private var known: [Int: Relation] = [:]

  init(reasoner: Reasoner) { self.reasoner = reasoner }

  mutating func relation(old: Int, new: Int) -> Relation {
    let key = old &* 1_000_003 &+ new
    if let relation = known[key] { return relation }
    let lost = reasoner.implication(.segment(old), .segment(new))  // a profile the old has and the new lacks
    let gained = reasoner.implication(.segment(new), .segment(old))
    let relation: Relation =
      switch (lost.isUnsatisfiable, gained.isUnsatisfiable) {
      case (true, true): .same
      case (false, true) where lost.witness != nil: .narrowed
      case (true, false) where gained.witness != nil: .widened
      case (false, false) where lost.witness != nil && gained.witness != nil: .both
      default: .unknown
      }
    known[key] = relation
    return relation
  }
}

import PlacementCore

/// How a witness is steered into a pair of variations: which mechanism gives each side its variation.
extension PairSearch {
  /// One way to give a profile the combo's variations: conditions its profile must meet besides the rows'
  /// regions (a QA override's, or none of them), the sticky assignments it carries, the buckets its
  /// `profile_id` must fall in, or no `profile_id` at all.
  struct Plan {
    var extra: [Requirement] = []
    var assignments: [String: String] = [:]
    var targets: [PlacementComparison.BucketTarget] = []
    var withoutID = false
  }

  /// The ways to the combo's variations: both drawn; without a `profile_id` (the first variation in draw
  /// order); kept from a carried assignment on a sticky side; forced by a QA override of either test.
  func plans(_ combo: PlacementComparison.Combo, _ i: Int, _ j: Int) -> [Plan] {
    let t = PlacementComparison.test(oldSide.rows[i].content)
    let u = PlacementComparison.test(newSide.rows[j].content)
    let a = combo.before
    let b = combo.after
    let merged = comparison.merged
    let free = Self.unforced(t, merged.oldOverrides) + Self.unforced(u, merged.newOverrides)
    func drawn(_ test: ABTest?, _ variation: ABVariation?) -> [PlacementComparison.BucketTarget] {
      guard let test, let variation else { return [] }
      return PlacementComparison.drawn(test, variation.id)
    }
    var plans: [Plan] = []
    if let t, let u, let a, let b, t.versionID == u.versionID,
      !PlacementComparison.bucketRange(t, a.id).overlaps(PlacementComparison.bucketRange(u, b.id))
    {
      // One bucket cannot draw both.
    } else {
      plans.append(Plan(extra: free, targets: drawn(t, a) + drawn(u, b)))
    }
    func first(_ test: ABTest?, _ variation: ABVariation?) -> Bool {
      guard let test else { return true }
      return test.layer == nil && test.variations.first?.id == variation?.id
    }
    if t != nil || u != nil, first(t, a), first(u, b) { plans.append(Plan(extra: free, withoutID: true)) }
    // A carried assignment: kept by the sticky side, kept or drawn by the other.
    if let t, let a, t.isSticky {
      if let u, u.isSticky, u.versionID == t.versionID, u.has(a.id) {
        if b?.id == a.id { plans.append(Plan(extra: free, assignments: [t.versionID: a.id])) }
      } else {
        plans.append(Plan(extra: free, assignments: [t.versionID: a.id], targets: drawn(u, b)))
      }
    }
    if let u, let b, u.isSticky {
      if let t, t.isSticky, t.versionID == u.versionID, t.has(b.id) {
        if a?.id == b.id { plans.append(Plan(extra: free, assignments: [u.versionID: b.id])) }
      } else {
        plans.append(Plan(extra: free, assignments: [u.versionID: b.id], targets: drawn(t, a)))
      }
    }
    // A QA override: forced on its side; an unchanged override of one test forces the same variation on both.
    let kept = overridesKept(i, j)
    for forced in Self.forcing(t, a, merged.oldOverrides) {
      if kept {
        if b?.id == a?.id { plans.append(Plan(extra: forced)) }
      } else {
        plans.append(Plan(extra: forced + Self.unforced(u, merged.newOverrides), targets: drawn(u, b)))
      }
    }
    if !kept {
      for forced in Self.forcing(u, b, merged.newOverrides) {
        plans.append(Plan(extra: forced + Self.unforced(t, merged.oldOverrides), targets: drawn(t, a)))
      }
    }
    return plans
  }

  /// False when no profile the plan steers by its buckets reaches both rows: a row above one of them whose
  /// segment the rows' regions require (the same segment) takes every profile in the plan's buckets, by its
  /// layer share and its draw (a row whose test has QA overrides, or keeps a carried `fallthrough` variation,
  /// may let others through: not refuted).
  func passable(_ plan: Plan, _ i: Int, _ j: Int) -> Bool {
    guard !plan.withoutID, !plan.targets.isEmpty else { return true }
    let required = Set([oldSide.segments[i], newSide.segments[j]].compactMap { $0 })
    for (side, row) in [(oldSide, i), (newSide, j)] {
      for (k, segment) in side.sometimes(above: row) where required.contains(segment) {
        guard case .test(let test) = side.rows[k].content, test.overrides.isEmpty,
          plan.assignments[test.versionID] == nil,
          !(test.isSticky && test.variations.contains { $0.content == .fallthrough_ })
        else { continue }
        let ways = PlacementComparison.passages(side.rows[k].content)
        if !ways.contains(where: { PlacementComparison.intersected(plan.targets + $0) != nil }) { return false }
      }
    }
    return true
  }

  /// "None of the test's QA overrides holds."
  static func unforced(_ test: ABTest?, _ conditions: [Int: Condition]) -> [Requirement] {
    (test?.overrides ?? []).compactMap { conditions[$0.condition] }.map { Requirement($0, holds: false) }
  }

  /// For each QA override of the test that forces `variation`: "it holds and no earlier one does".
  static func forcing(_ test: ABTest?, _ variation: ABVariation?, _ conditions: [Int: Condition])
    -> [[Requirement]]
  {
    guard let test, let variation else { return [] }
    var out: [[Requirement]] = []
    for (k, override) in test.overrides.enumerated() where test.variations[override.variation].id == variation.id {
      guard let condition = conditions[override.condition] else { continue }
      let earlier = test.overrides[..<k].compactMap { conditions[$0.condition] }.map { Requirement($0, holds: false) }
      out.append(earlier + [Requirement(condition)])
    }
    return out
  }

  /// The witness with the `profile_id` the plan needs: none, or one in the plan's buckets and through every
  /// row above that decides only sometimes and whose segment the witness matches; the witness must still meet
  /// the requirements (a condition may read `profile_id`). Nil when no such id was found.
  func realize(_ witness: Witness, _ plan: Plan, _ requirements: [Requirement], _ i: Int, _ j: Int) -> Witness? {
    let slot = comparison.profileSlot
    func with(_ id: String?) -> Witness {
      var values = witness.values
      values[slot] = id.map(Value.string)
      return Witness(values: values, now: witness.now)
    }
    if plan.withoutID {
      guard witness.values[slot] != nil else { return witness }
      let bare = with(nil)
      return reasoner.confirms(bare, requirements) ? bare : nil
    }
    var targets = plan.targets
    for (side, row) in [(oldSide, i), (newSide, j)] {
      for (k, segment) in side.sometimes(above: row) where reasoner.witness(witness, matches: segment) {
        targets += PlacementComparison.passage(side.rows[k].content) ?? []
      }
    }
    guard !targets.isEmpty else { return witness }
    if case .string(let id)? = witness.values[slot], targets.allSatisfy({ $0.holds(for: id) }) { return witness }
    let id = PlacementComparison.profileID(meeting: targets, prefix: "witness-") { id in
      reasoner.confirms(with(id), requirements)
    }
    return id.map(with)
  }
}

import PlacementCore

/// The decisions two rows can give one profile. A profile decided by old row `i` and new row `j` gets one
/// variation of each row's test (or the row's content): drawn from its bucket, the first in draw order without a
/// `profile_id`, kept from a sticky assignment it carries, or forced by a QA override. Each pair of variations
/// whose outcomes differ is a possible transition, unless no profile can get both: the same version draws one
/// bucket on both sides, so two variations whose bucket ranges are disjoint are never drawn together.
extension PlacementComparison {
  /// A pair of variations (nil: the row is not a test) and the outcomes they give.
  struct Combo {
    let before: ABVariation?
    let after: ABVariation?
    let old: Outcome
    let new: Outcome

    /// ` (variation a → b)`, naming the variations of the rows that are tests; "" when neither is.
    var label: String {
      switch (before, after) {
      case (nil, nil): ""
      case (let a?, nil): " (variation \(a.id))"
      case (nil, let b?): " (→ variation \(b.id))"
      case (let a?, let b?): " (variation \(a.id) → \(b.id))"
      }
    }
  }

  /// Every pair of variations the two contents can give one profile whose outcomes differ (fallthrough
  /// variations excluded: a profile that falls through is decided by a lower row).
  /// - Parameter overridesKept: true when the two tests are one test whose QA overrides did not change.
  static func combos(_ before: Content, _ after: Content, overridesKept: Bool) -> [Combo] {
    let t = test(before)
    let u = test(after)
    let olds: [ABVariation?] = t.map { $0.variations.filter { $0.content != .fallthrough_ } } ?? [nil]
    let news: [ABVariation?] = u.map { $0.variations.filter { $0.content != .fallthrough_ } } ?? [nil]
    var out: [Combo] = []
    for a in olds {
      guard let old = Outcome(before, variation: a) else { continue }
      for b in news {
        guard let new = Outcome(after, variation: b), old != new else { continue }
        if let t, let u, let a, let b, !feasible(t, a, u, b, overridesKept: overridesKept) { continue }
        out.append(Combo(before: a, after: b, old: old, new: new))
      }
    }
    return out
  }

  /// False when no profile can get variation `a` of `t` and `b` of `u` together (proved from the draw).
  static func feasible(_ t: ABTest, _ a: ABVariation, _ u: ABTest, _ b: ABVariation, overridesKept: Bool) -> Bool {
    // Different versions draw independent buckets.
    guard t.versionID == u.versionID else { return true }
    // One bucket, drawn on both sides.
    if bucketRange(t, a.id).overlaps(bucketRange(u, b.id)) { return true }
    // No usable profile_id: the first variation in draw order on both sides (a layered test skips the row).
    if t.layer == nil, u.layer == nil, t.variations.first?.id == a.id, u.variations.first?.id == b.id { return true }
    // A carried assignment, kept by a sticky side while its variation exists; the other side draws.
    if t.isSticky, !(u.isSticky && u.has(a.id)) || b.id == a.id { return true }
    if u.isSticky, !(t.isSticky && t.has(b.id)) || a.id == b.id { return true }
    // A QA override forces its variation; unchanged on one test, it forces the same one on both sides.
    if overridesKept { return a.id == b.id && t.forces(a.id) }
    return t.forces(a.id) || u.forces(b.id)
  }

  /// The buckets (0–99) that draw variation `id` of `test`.
  static func bucketRange(_ test: ABTest, _ id: String) -> Range<Int> {
    var lower = 0
    for (index, variation) in test.variations.enumerated() {
      let upper = index == test.variations.count - 1 ? 100 : min(100, lower + variation.weight)
      if variation.id == id { return lower..<upper }
      lower = upper
    }
    return 0..<0
  }
}

extension ABTest {
  /// True when the test has a variation of this id.
  func has(_ id: String) -> Bool { variations.contains { $0.id == id } }

  /// True when one of the test's QA overrides forces variation `id`.
  func forces(_ id: String) -> Bool { overrides.contains { variations[$0.variation].id == id } }
}

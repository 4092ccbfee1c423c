import PlacementCore

/// The sampled impact of a rules change: how many profiles of a sample change decision, per placement.
///
/// Fed one profile at a time (the decisions of both rule sets for the placements they share), it keeps, per
/// placement, the count of every (old outcome, new outcome) pair, unchanged pairs included (the full matrix),
/// and up to ``exampleCount`` example `profile_id`s per pair; memory grows with the number of distinct pairs,
/// never with the sample.
package struct SampleImpact: Sendable {
  /// One cell of a placement's matrix.
  package struct Cell: Sendable {
    package let old: Outcome
    package let new: Outcome
    package internal(set) var count: Int
    /// The first profiles (by line) with this pair: their `profile_id`, or `line <n>` without one.
    package internal(set) var examples: [String]
  }

  /// The placements compared, in the new rule set's order.
  package let placements: [String]
  /// How many example ids a cell keeps (default 3).
  package let exampleCount: Int
  /// Profiles resolved.
  package private(set) var profiles = 0
  private var cells: [[String: Cell]]

  package init(placements: [String], exampleCount: Int = 3) {
    self.placements = placements
    self.exampleCount = exampleCount
    cells = placements.map { _ in [:] }
  }

  /// Adds one profile: `old[k]` and `new[k]` are its decisions at `placements[k]`.
  /// - Parameter name: the profile's `profile_id`, or a stand-in such as `line 7`.
  package mutating func add(_ name: String, old: [Decision], new: [Decision]) {
    profiles += 1
    for index in placements.indices {
      let before = Outcome(old[index])
      let after = Outcome(new[index])
      let key = "\(before)\u{0}\(after)"
      if cells[index][key] == nil {
        cells[index][key] = Cell(old: before, new: after, count: 0, examples: [])
      }
      cells[index][key]!.count += 1
      if cells[index][key]!.examples.count < exampleCount, before != after {
        cells[index][key]!.examples.append(name)
      }
    }
  }

  /// Every cell of a placement's matrix, the most frequent first (then by outcomes).
  package func matrix(_ placement: Int) -> [Cell] {
    cells[placement].values.sorted {
      $0.count != $1.count ? $0.count > $1.count : ($0.old, $0.new) < ($1.old, $1.new)
    }
  }

  /// The cells whose decision changed, most frequent first.
  package func changes(_ placement: Int) -> [Cell] { matrix(placement).filter { $0.old != $0.new } }

  /// How many profiles change decision at a placement.
  package func changedCount(_ placement: Int) -> Int { changes(placement).reduce(0) { $0 + $1.count } }
}

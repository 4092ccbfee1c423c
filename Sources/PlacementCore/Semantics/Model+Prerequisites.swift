/// A prerequisite subject of the rule set: `content(<placement>)`, `row(<placement>)` or `variation(<test>)`,
/// typed as a `choice` attribute in its own slot. The slot is not read from profiles: before a placement's rows
/// are tried, the resolver decides the dependency for the same profile at the same `now` and writes the option
/// index (or missing) into the slot, so every operator, explanation and lint rule of a `choice` applies to it.
package struct PrerequisiteDefinition: Sendable {
  /// What the subject reads.
  package enum Kind: String, Sendable, Hashable {
    /// The id of the content the placement shows (a flow's or a paywall's); missing for a holdout.
    case content
    /// The name of the placement's deciding row (a segment name or `default`); missing when an override decides.
    case row
    /// The id of the test's variation the profile is in; missing when no resolution drew the test.
    case variation
  }

  package let kind: Kind
  /// The placement's name (``Kind/content``, ``Kind/row``) or the test's (``Kind/variation``).
  package let target: String
  /// The subject's slot in a bound profile (after the declared attributes).
  package let slot: Int
  /// The ids the subject can take, in the order of the choice's option indices.
  package let options: Options
  /// The placements (indices in ``CheckedRules/placements``) whose resolution decides the value: the placement
  /// itself, or every placement with a row of the test (the first, in declaration order, that draws it decides).
  package internal(set) var placements: [Int] = []

  /// The subject as written, `content(onboarding_end)`: also the name of its attribute.
  package var spelling: String { "\(kind.rawValue)(\(target))" }
}

/// The dependency graph of the rule set's placements through prerequisites, checked to be acyclic.
package struct PrerequisitePlan: Sendable {
  /// The prerequisites in an order where each comes after every prerequisite its placements' rows read.
  package internal(set) var prerequisites: [PrerequisiteDefinition] = []
  /// For each placement (indices in ``CheckedRules/placements``): the prerequisites (indices in ``prerequisites``,
  /// ascending) that resolving it reads, directly or through the placements it depends on.
  package internal(set) var needs: [[Int]] = []
  /// For each placement: the placements whose decisions its conditions read, directly (for `audiences`).
  package internal(set) var dependencies: [[Int]] = []

  /// Whether any condition reads a prerequisite.
  package var isEmpty: Bool { prerequisites.isEmpty }
}

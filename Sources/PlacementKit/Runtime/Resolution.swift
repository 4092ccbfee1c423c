/// What one resolution of one placement decided, as indices into the rule set: what the hot path produces.
/// ``RuleSet/decision(_:for:explanation:)`` turns it into a ``Decision`` for callers that want one; the batch
/// writer encodes it directly from pre-encoded fragments.
package struct Resolution: Sendable, Equatable {
  /// The placement's index in ``RuleSet/placements``.
  package var placement: Int32
  /// The deciding row's index in the placement's rows; -1 when no row decided (unreachable for checked rules,
  /// whose default row is last and cannot fall through).
  package var row: Int32
  /// When the deciding row is an A/B test: the drawn variation's index in ``ABTest/variations`` (draw order);
  /// -1 otherwise.
  package var variation: Int32
  /// The bucket drawn (0–99); -1 when the row is no test or the profile has no `profile_id`.
  package var bucket: Int32
}

/// What the resolver reports about each row it tries, for explain. Extends the node observer, so one observer
/// sees the whole run: rows and the conditions inside them.
protocol ResolutionObserver: EvaluationObserver {
  /// Row `row` of the placement was tried: its segment (nil for the default row) did not match, or it matched
  /// and its content (with the drawn `variation`/`bucket` of a test, -1 otherwise) fell through or decided.
  mutating func row(_ row: Int, segment: Int?, outcome: RowEvent)
}

/// A row's outcome as indices (see ``ResolutionObserver``).
enum RowEvent {
  case notMatched
  case fellThrough(variation: Int32, bucket: Int32)
  case decided(variation: Int32, bucket: Int32)
}

extension NoObserver: ResolutionObserver {
  @inline(__always)
  mutating func row(_ row: Int, segment: Int?, outcome: RowEvent) {}
}

/// Records the whole run for an explanation: every node's result and every row's outcome.
struct ExplainObserver: ResolutionObserver {
  var nodes: NodeResults
  var rows: [(row: Int, segment: Int?, outcome: RowEvent)] = []

  /// Whether node results are kept (false: rows only).
  let recordsNodes: Bool

  init(nodeCount: Int, recordsNodes: Bool = true) {
    nodes = NodeResults(nodeCount: recordsNodes ? nodeCount : 0)
    self.recordsNodes = recordsNodes
  }

  mutating func node(_ index: Int, holds: Bool) { if recordsNodes { nodes.node(index, holds: holds) } }

  mutating func row(_ row: Int, segment: Int?, outcome: RowEvent) { rows.append((row, segment, outcome)) }
}

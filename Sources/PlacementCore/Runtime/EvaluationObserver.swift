/// Watches one run of ``ProgramEvaluator`` (cel-go's `decObserveEval` pattern): the walk that decides reports
/// each node's result to its observer, so an explanation reads the run that decided instead of re-deriving it.
/// Resolution without explain uses ``NoObserver``, which the compiler removes entirely.
package protocol EvaluationObserver {
  /// Whether ``node(_:holds:)`` does anything: when false, a run does not report nodes (nor walk the chains of
  /// nodes a jump decides).
  static var observesNodes: Bool { get }
  /// Node `index` of the program was evaluated (or, for a `.segment` node, read from the memo) and gave `holds`.
  mutating func node(_ index: Int, holds: Bool)
}

extension EvaluationObserver {
  package static var observesNodes: Bool { true }
}

/// Observes nothing: the resolution hot path.
package struct NoObserver: EvaluationObserver {
  package static var observesNodes: Bool { false }

  package init() {}

  @inline(__always)
  package mutating func node(_ index: Int, holds: Bool) {}
}

/// Records the result of every node a run evaluated, for ``Explainer``. Nodes skipped by short-circuiting stay
/// unrecorded; a node evaluated is recorded once (segments are memoised, and a node's result depends only on the
/// profile and `now`, which one run holds fixed).
struct NodeResults: EvaluationObserver {
  enum State: UInt8 { case unseen, failed, held }
  /// One state per program node.
  private(set) var states: [State]

  init(nodeCount: Int) {
    states = Array(repeating: .unseen, count: nodeCount)
  }

  mutating func node(_ index: Int, holds: Bool) {
    states[index] = holds ? .held : .failed
  }

  /// What the run saw at node `index`: true, false, or nil when the run did not evaluate it.
  func result(_ index: Int) -> Bool? {
    switch states[index] {
    case .unseen: nil
    case .failed: false
    case .held: true
    }
  }
}

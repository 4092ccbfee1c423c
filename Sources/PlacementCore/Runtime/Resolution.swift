/// What one resolution of one placement decided, as indices into the rule set: what the hot path produces.
/// ``RuleSet/decision(_:for:explanation:)`` turns it into a ``Decision`` for callers that want one; the batch
/// writer encodes it directly from pre-encoded fragments.
package struct Resolution: Sendable, Equatable {
  /// The value of ``row``, ``variation``, ``bucket`` and ``override`` that means "none" (the fields are `Int32`
  /// indices, not optionals, so that a resolution stays a few packed words and is copied without a tag check).
  package static let none: Int32 = -1

  /// The placement's index in ``RuleSet/placements``.
  package var placement: Int32
  /// The deciding row's index in the placement's rows; ``none`` when no row decided (unreachable for checked rules,
  /// whose default row is last and cannot fall through).
  package var row: Int32 = Resolution.none
  /// When the deciding row is an A/B test: the drawn variation's index in ``ABTest/variations`` (draw order);
  /// ``none`` otherwise.
  package var variation: Int32 = Resolution.none
  /// The bucket drawn (0–99); ``none`` when the row is no test or no bucket was drawn (see ``Draw/bucket``).
  package var bucket: Int32 = Resolution.none
  /// How the deciding row's variation was chosen (``AssignmentSource/drawn`` when the row is no test).
  package var source: AssignmentSource = .drawn
  /// Why rows above the deciding one were skipped: empty for almost every resolution, so that the batch's
  /// common line tests one byte.
  package var skips: Skips = []
  /// The placement's QA override that decided (index in ``PlacementDefinition/overrides``; ``row`` is then ``none``);
  /// ``none`` when the rows decided.
  package var override: Int32 = Resolution.none

  package init(placement: Int32) { self.placement = placement }

  /// Whether a row decided (``row`` is an index); false when a QA override decided.
  @inline(__always) package var rowDecided: Bool { row >= 0 }
  /// Whether a QA override decided (``override`` is an index).
  @inline(__always) package var overrideDecided: Bool { override >= 0 }
  /// Whether the deciding row is an A/B test (``variation`` is an index).
  @inline(__always) package var isTest: Bool { variation >= 0 }
  /// Whether a bucket was drawn (``bucket`` is 0–99).
  @inline(__always) package var hasBucket: Bool { bucket >= 0 }

  package init(placement: Int32, row: Int32, draw: Draw?) {
    self.placement = placement
    decide(row: Int(row), draw)
  }

  /// Records that row `row` decided, with its test's draw.
  mutating func decide(row: Int, _ draw: Draw?) {
    self.row = Int32(row)
    if let draw {
      variation = draw.variation
      bucket = draw.bucket
      source = draw.source
    }
  }

  /// What skipped rows above the deciding one, each giving the decision its reason.
  package struct Skips: OptionSet, Sendable, Equatable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// A row matched but was outside its schedule (reason `SCHEDULED_OUT`).
    package static let scheduledOut = Skips(rawValue: 1)
    /// A row matched but its frequency cap was reached (reason `CAPPED`).
    package static let capped = Skips(rawValue: 2)
    /// A row did not match only because of a prerequisite test: its condition is false, and would hold with every
    /// prerequisite leaf taken as holding (reason `PREREQUISITE_FAILED`).
    package static let prerequisiteFailed = Skips(rawValue: 4)
  }

  /// Whether a row above the deciding one matched but was skipped by its schedule (reason `SCHEDULED_OUT`).
  package var scheduledOut: Bool {
    get { skips.contains(.scheduledOut) }
    set { if newValue { skips.insert(.scheduledOut) } else { skips.remove(.scheduledOut) } }
  }
  /// Whether a row above the deciding one matched but was skipped by its frequency cap (reason `CAPPED`).
  package var capped: Bool {
    get { skips.contains(.capped) }
    set { if newValue { skips.insert(.capped) } else { skips.remove(.capped) } }
  }
  /// Whether a row above the deciding one failed only on a prerequisite (reason `PREREQUISITE_FAILED`).
  package var prerequisiteFailed: Bool {
    get { skips.contains(.prerequisiteFailed) }
    set { if newValue { skips.insert(.prerequisiteFailed) } else { skips.remove(.prerequisiteFailed) } }
  }

  /// The deciding row's draw; nil when it is no test.
  var draw: Draw? {
    isTest ? Draw(variation: variation, bucket: bucket, source: source) : nil
  }
}

/// What the resolver reports about each row it tries, for explain. Extends the node observer, so one observer
/// sees the whole run: rows and the conditions inside them.
package protocol ResolutionObserver: EvaluationObserver {
  /// Row `row` of the placement was tried (`segment` is nil for the default row), with its outcome.
  mutating func row(_ row: Int, segment: Int?, outcome: RowEvent)
}

/// A row's outcome as indices (see ``ResolutionObserver``).
package enum RowEvent {
  /// The row's segment did not match.
  case notMatched
  /// The segment matched, but the row (or its test) is outside its schedule at `now`.
  case scheduledOut
  /// The segment matched, but the row's content was already shown `shown` times in its cap's window, which
  /// allows `limit` (``RowCap``).
  case capped(shown: Int, limit: Int)
  /// The segment matched, but the profile is outside the share of the row's test in its layer.
  case outsideLayer
  /// The segment matched, but the profile's first paywall came before the row's cross-placement test started.
  case notNewUser
  /// The segment matched, but the profile carries a live assignment of another cross-placement test.
  case inOtherTest
  /// The content falls through: a `fallthrough` row (no draw) or a test variation that falls through.
  case fellThrough(Draw?)
  /// The row decided, with its test's draw (nil when the row is no test).
  case decided(Draw?)
}

extension NoObserver: ResolutionObserver {
  @inline(__always)
  package mutating func row(_ row: Int, segment: Int?, outcome: RowEvent) {}
}

/// The tests one resolution drew in (or that kept the profile out), in evaluation order: what a decision's
/// exposures and warnings are made of.
/// Reusable: ``reset()`` keeps its storage, so the batch path records without allocating once it has grown.
package struct ExposureTrail: ResolutionObserver {
  /// Each test row that drew: the row, its draw, and whether the variation fell through; and each cross-placement
  /// test row whose entry rules kept the profile out, with a draw without variation (``Draw/isKeptOut``).
  package private(set) var draws: [(row: Int32, draw: Draw, fellThrough: Bool)] = []
  /// Rows whose test the profile was outside the layer share of (``RowEvent/outsideLayer``), in order.
  package private(set) var outsideLayer: [Int32] = []

  package init() {}

  @inline(__always)
  package mutating func reset() {
    // Most resolutions draw nothing: testing is cheaper than emptying (a uniqueness check and a release).
    if !draws.isEmpty { draws.removeAll(keepingCapacity: true) }
    if !outsideLayer.isEmpty { outsideLayer.removeAll(keepingCapacity: true) }
  }

  package static var observesNodes: Bool { false }

  @inline(__always)
  package mutating func node(_ index: Int, holds: Bool) {}

  @inline(__always)
  package mutating func row(_ row: Int, segment: Int?, outcome: RowEvent) {
    switch outcome {
    case .fellThrough(let draw?): draws.append((Int32(row), draw, true))
    case .decided(let draw?): draws.append((Int32(row), draw, false))
    case .outsideLayer: outsideLayer.append(Int32(row))
    case .notNewUser, .inOtherTest: if let kept = Draw.keptOut(outcome) { draws.append((Int32(row), kept, false)) }
    default: break
    }
  }
}

/// Records the whole run for an explanation: every node's result and every row's outcome.
struct ExplainObserver: ResolutionObserver {
  var nodes: NodeResults
  var rows: [(row: Int, segment: Int?, outcome: RowEvent)] = []
  var trail = ExposureTrail()

  /// Whether node results are kept (false: rows only).
  let recordsNodes: Bool

  init(nodeCount: Int, recordsNodes: Bool = true) {
    nodes = NodeResults(nodeCount: recordsNodes ? nodeCount : 0)
    self.recordsNodes = recordsNodes
  }

  mutating func node(_ index: Int, holds: Bool) { if recordsNodes { nodes.node(index, holds: holds) } }

  mutating func row(_ row: Int, segment: Int?, outcome: RowEvent) {
    rows.append((row, segment, outcome))
    trail.row(row, segment: segment, outcome: outcome)
  }
}

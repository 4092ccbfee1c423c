/// The segments' conditions compiled to flat arrays of plain data: the engine's only evaluator
/// (`ProgramEvaluator` walks it, for resolution, for explain through an observer, and for the lint reasoner's
/// witnesses). Nothing in it is reference-counted, so evaluating it neither allocates nor retains.
///
/// Each condition is a subtree of ``nodes`` stored in prefix order, one node per ``Condition`` node of the folded
/// condition (so an explanation can walk the condition and its nodes side by side): a node's children follow it,
/// and ``Node/end`` is the index just past its subtree. The nodes are the tree's shape only; what each leaf does
/// is its ``Step`` in ``steps``, at the same index. A run does not recurse through the tree: it follows the
/// ``BranchGraph``, jumps from leaf to leaf in short-circuit order, observing every node. Tests on common value
/// shapes (numbers, options, dates, booleans, release versions, string equality against literals) are steps over
/// a bound profile's ``Scalar``s; every other test, and every value the fast step cannot read, goes through
/// ``ValueTest/holds(_:now:)`` with the original test (kept in ``tests``), the one definition of a test's
/// meaning. `ProgramDifferentialTests` checks both against a naive oracle.
///
/// Segments referred to more than once (by other segments or by several rows) get a slot in a per-resolution
/// memo (``SegmentPlan/memoSlot``), so one resolution evaluates each segment at most once and its cost is
/// bounded by the size of the compiled rules (``ResolutionCost``).
///
/// A class so that bound profiles can check, by identity, that they were bound for this program's layout.
package final class Program: Sendable {
  let nodes: [Node]
  /// The root node of each segment's condition, indexed like ``RuleSet/segments``.
  let roots: [Int32]
  /// The conditions' short-circuit order as jumps between leaf nodes: what a run follows.
  let graph: BranchGraph
  /// Each node's instruction and jumps as a run reads them (``Step``), indexed like ``nodes`` (only leaves' are
  /// read).
  let steps: [Step]
  /// The original test of every `test` node (``Node/test``), for the reference path.
  let tests: [ValueTest]
  /// Rollout salts and thresholds, indexed by ``Step/rollout`` of `.rollout` steps.
  let rollouts: [(salt: String, threshold: Int)]
  /// Ramp salts and steps (in time order), indexed by ``Step/rollout`` of `.ramp` steps.
  let ramps: [(salt: String, steps: [RampStep])]
  /// Per attribute slot: the string literals that equality tests compare that slot with, and their ids
  /// (`0 ..< count`, any count). Binding stores the id of a profile's string in its scalar, so `==`/`in` becomes
  /// a bit test whatever the number of literals.
  let stringIDs: [[String: UInt64]]
  /// The words of every set of string ids spanning more than 64 (``Step/Kind/bitOfSet``), back to back.
  let stringSets: [UInt64]
  /// Placement names → index, looked up by bytes (hashing a `String` with SipHash is several times slower); names
  /// are ASCII identifiers, so bytes equal means names equal. Read through ``RuleSet/placementIndex(named:)``.
  let placementNames: ByteKeyTable
  /// Per segment, indexed like ``RuleSet/segments``: its first leaf and its bit in the memo.
  let segmentPlans: [SegmentPlan]
  /// 64-bit words of one half of the memo (a "known" bit set, then a "holds" bit set): `ceil(memoized / 64)`.
  let memoWords: Int
  /// Every placement's audience rows as the resolution loop reads them (plain data: no copy of a row's
  /// ``Content``, no retain), placement after placement; placement `p`'s are those of `placementPlans[p]`.
  let rowPlans: [RowPlan]
  /// Per placement: where its rows are in ``rowPlans``, and whether it has QA overrides.
  let placementPlans: [PlacementPlan]
  /// Per attribute slot: whether a run may read the slot's ``Value`` (a `.generic` step tests it); every other
  /// slot is read through its ``Scalar`` alone, except a value whose scalar is `.other`. A batch binds only these
  /// values (``BoundProfile/keepsEveryValue``).
  let readsValue: [Bool]
  /// The slots derived from a profile's events and their queries (``EventQuery``): a run of a profile bound with
  /// an ``EventLog`` computes them at its `now` before the walk (``Program/run(_:now:memo:observer:_:)``).
  let eventQueries: [(slot: Int, query: EventQuery)]

  package init(
    conditions: [Condition], attributeCount: Int, placements: [PlacementDefinition],
    eventQueries: [(slot: Int, query: EventQuery)] = []
  ) {
    self.eventQueries = eventQueries
    var builder = ProgramBuilder(attributeCount: attributeCount)
    roots = conditions.map { builder.emit($0) }
    nodes = builder.nodes
    graph = BranchGraph(nodes: builder.nodes, roots: roots)
    tests = builder.tests
    rollouts = builder.rollouts
    ramps = builder.ramps
    stringIDs = builder.stringIDs
    stringSets = builder.stringSets
    placementNames = ByteKeyTable(placements.enumerated().map { ($1.name, Int32($0)) })
    var references = [Int](repeating: 0, count: conditions.count)
    for node in builder.nodes where node.op == .segment { references[node.segment] += 1 }
    for placement in placements {
      for row in placement.rows { if let segment = row.segment { references[segment] += 1 } }
    }
    var next: Int32 = 0
    segmentPlans = zip(graph.entries, references).map { entry, count in
      guard count > 1 else { return SegmentPlan(entry: entry, memoSlot: SegmentPlan.noMemoSlot) }
      defer { next += 1 }
      return SegmentPlan(entry: entry, memoSlot: next)
    }
    memoWords = (Int(next) + 63) / 64
    steps = Step.linked(builder.steps, nodes: builder.nodes, graph: graph, segments: segmentPlans)
    var readsValue = [Bool](repeating: false, count: attributeCount)
    for step in builder.steps where step.kind == .generic { readsValue[Int(step.slot)] = true }
    self.readsValue = readsValue
    rowPlans = placements.flatMap { $0.rows.map(RowPlan.init) }
    var start: Int32 = 0
    placementPlans = placements.map { placement in
      defer { start += Int32(placement.rows.count) }
      return PlacementPlan(
        rowStart: start, rowEnd: start + Int32(placement.rows.count), hasOverrides: !placement.overrides.isEmpty)
    }
  }
}

/// One segment, as a run enters it: its condition's first leaf (``BranchGraph/entries``) and its bit in the
/// memo, or ``noMemoSlot`` for a segment referred to at most once (evaluated at most once per resolution
/// without one).
struct SegmentPlan: Sendable {
  /// The memo slot of a segment that has none.
  static let noMemoSlot: Int32 = -1

  let entry: Int32
  let memoSlot: Int32
}

/// One placement, as plain data: its rows are `rowPlans[rowStart..<rowEnd]` in ``Program/rowPlans``.
struct PlacementPlan: Sendable {
  let rowStart: Int32
  let rowEnd: Int32
  /// Whether the placement has QA overrides (``PlacementDefinition/overrides``), tried before its rows.
  let hasOverrides: Bool
}

/// One audience row, as plain data: its segment, what its content does, and its live range (see
/// ``AudienceRow/liveFrom``).
struct RowPlan: Sendable {
  enum Kind: UInt8, Sendable {
    /// A flow, paywall or holdout: the row decides.
    case decides
    /// `fallthrough`: the row is tried and the resolution goes on.
    case fallsThrough
    /// An A/B test: its drawn variation decides or falls through.
    case test
  }

  /// The segment of a row that has none (the default row).
  static let noSegment: Int32 = -1

  /// The row's segment, or ``noSegment`` for the default row.
  let segment: Int32
  let kind: Kind
  /// True when the row has neither a schedule nor a cap: the row loop's one test before those rare cases.
  let isPlain: Bool
  let liveFrom: Int64
  let liveUntil: Int64
  /// The derived slot counting the row's showings (``RowCap``), or ``noSegment`` for an uncapped row.
  let capSlot: Int32
  /// The showings the cap allows in its window.
  let capLimit: Int32

  init(_ row: AudienceRow) {
    segment = row.segment.map(Int32.init) ?? Self.noSegment
    capSlot = row.cap.map { Int32($0.slot) } ?? Self.noSegment
    capLimit = row.cap.map { Int32($0.limit) } ?? 0
    switch row.content {
    case .test: kind = .test
    case .fallthrough_: kind = .fallsThrough
    case .flow, .paywall, .holdout: kind = .decides
    }
    (liveFrom, liveUntil) = (row.liveFrom, row.liveUntil)
    isPlain = row.cap == nil && liveFrom == Int64.min && liveUntil == Int64.max
  }

  /// True when the row is live at `now` (always, when unscheduled): the one test of a row's live range.
  @inline(__always)
  func isLive(at now: Instant) -> Bool {
    now.millisecondsSince1970 >= liveFrom && now.millisecondsSince1970 < liveUntil
  }
}

/// One node of a condition's tree, in prefix order: its shape, which explain and the ``BranchGraph`` read.
/// What a leaf does is its ``Step`` (``Program/steps``, indexed like ``Program/nodes``). Plain data: reading one
/// never touches a reference count.
struct Node: Sendable {
  enum Op: UInt8, BitwiseCopyable, Sendable {
    /// Children follow; ``Node/childCount`` of them.
    case all, any
    /// One child follows.
    case not
    /// A leaf: a reference to segment ``Node/segment``.
    case segment
    /// A leaf: a constant.
    case constant
    /// A leaf: a rollout.
    case rollout
    /// A leaf: test ``Node/test`` (an index into ``Program/tests``) on an attribute.
    case test
  }

  var op: Op
  /// Index just past this node's subtree.
  var end: Int32 = 0
  /// The child count, segment or test index, as ``Op`` says: read it through the accessor that names it.
  private var operand: Int32

  init(_ op: Op, operand: Int = 0) {
    self.op = op
    self.operand = Int32(operand)
  }

  /// The number of children of an `all` or `any` node.
  var childCount: Int { Int(operand) }
  /// The segment a `segment` node refers to (an index into ``RuleSet/segments``).
  var segment: Int { Int(operand) }
  /// The index into ``Program/tests`` of a `test` node's original test.
  var test: Int {
    @inline(__always) get { Int(operand) }
  }
}

/// One node of a ``Program`` as a run executes it: what to test and where to jump next, in 32 bytes of plain
/// data, so that the walk reads one record per leaf and dispatches on a handful of kinds. The compiler lowers
/// each test straight to its step (``ProgramBuilder/step(for:slot:)``); this is the only encoding of a test's
/// instruction.
///
/// Most predicates come down to one of three shapes over a ``Scalar``'s bits, once the comparison is folded
/// into the bounds at compile time: a closed range (`age > 21` is `age ∈ [21.nextUp, +∞]`, `installed_at <
/// date` is `[Int64.min, ms − 1]`, `app_version >= 2.0.0` a range of packed versions, `reminders == true` the
/// range `[1, 1]`, `interests is empty` the range `[0, 0]`), one bit of a mask (`country in ["US", "GB"]`, an
/// option in a set; a set of string ids spanning more than 64 is a mask of several words), or a mask test over a
/// set of options (`has all`, `has any`). The kinds after ``Kind/segment`` are the rest, decided off the walk's
/// fast path: the tests relative to `now` and `count`, ``Kind/generic`` (which reads the original test, the one
/// definition of a test's meaning), constants and rollouts. A scalar whose tag is not a bit kind's goes the
/// generic way too, unless it is missing (every test but `is set` fails on a missing value).
struct Step: Sendable {
  enum Kind: UInt8, Sendable {
    /// `tag`'s bits as an unsigned integer in `[lower, upper]` (release versions, booleans, an empty set of
    /// options).
    case unsignedRange
    /// `tag`'s bits as an `Int64` in `[lower, upper]` (instants in milliseconds).
    case signedRange
    /// `tag`'s bits as a `Double` in `[lower, upper]`, each read as a `Double`'s bit pattern (numbers).
    case doubleRange
    /// Bit `bits − maskBase` of `mask` is set: an option's index (`maskBase` = 0), or a string literal's id when
    /// the ids tested span at most 64 (`maskBase` = the least of them), so that `==` against any literal is one
    /// bit test.
    case bitOfMask
    /// Bit `bits` is set in a set of string ids spanning more than 64: the words `setStart ..< setStart +
    /// setWordCount` of ``Program/stringSets``, whose first word holds ids from `64 × setFirstWord`.
    case bitOfSet
    /// Every bit of `mask` is set in `bits`.
    case hasAll
    /// Some bit of `mask` is set in `bits`.
    case hasAny
    /// The slot's value is not missing.
    case isSet
    /// The segment whose first leaf is `segmentEntry` and memo slot `memoSlot` holds.
    case segment
    /// `count(set) comparison literal`, on a `.choices` scalar.
    case choicesCount
    /// `within last window`, on a `.date` scalar.
    case dateWithinLast
    /// `more than window ago`, on a `.date` scalar.
    case dateOlderThan
    /// `years_since(date) comparison literal`, on a `.date` scalar.
    case yearsSince
    /// The node's original test (``Node/test``) on the slot's ``Value``.
    case generic
    /// ``Step/constant`` (also an empty `and`, which holds, and an empty `or`, which fails).
    case constant
    /// The rollout ``Step/rollout`` (an index into ``Program/rollouts``) admits the profile.
    case rollout
    /// The ramp ``Step/rollout`` (an index into ``Program/ramps``) admits the profile at the run's `now`.
    case ramp
    /// A `not`, or an `and`/`or` with children: never a leaf, so never executed.
    case interior

    /// Whether the step reads no attribute: the kinds from ``constant`` on, so that a run tells them from the
    /// tests with one comparison.
    @inline(__always)
    var readsNoAttribute: Bool { rawValue >= Kind.constant.rawValue }

    /// Whether ``Step/holds(_:sets:)`` decides a scalar of the step's tag: the kinds before ``isSet``, so that
    /// the walk tells them from the rest with one comparison.
    @inline(__always)
    var readsBits: Bool { rawValue < Kind.isSet.rawValue }
  }

  var kind: Kind
  /// The ``Scalar/Tag`` a bit kind reads.
  var tag: Scalar.Tag = .missing
  /// The comparison of ``Kind/choicesCount`` and ``Kind/yearsSince`` (the range kinds fold theirs into their
  /// bounds). It sits in what would otherwise be padding: a step stays 32 bytes.
  var comparison: Comparison = .equal
  /// The attribute slot the step reads.
  var slot: UInt32 = 0
  /// The next leaf when the step holds (fails), or ``BranchGraph/holds``/``BranchGraph/fails``.
  var onTrue: Int32 = BranchGraph.fails
  var onFalse: Int32 = BranchGraph.fails
  /// The first operand, as ``Kind`` says for each kind: read it through the accessor that names it.
  private var a: UInt64 = 0
  /// The second operand, as ``Kind`` says for each kind: read it through the accessor that names it.
  private var b: UInt64 = 0

  /// The bits of a range's lower bound (``Kind/unsignedRange``, ``Kind/signedRange``, ``Kind/doubleRange``).
  var lower: UInt64 {
    @inline(__always) get { a }
  }
  /// The bits of a range's upper bound.
  var upper: UInt64 {
    @inline(__always) get { b }
  }
  /// The mask of ``Kind/bitOfMask``, ``Kind/hasAll`` and ``Kind/hasAny``.
  var mask: UInt64 {
    @inline(__always) get { a }
  }
  /// What ``Kind/bitOfMask`` subtracts from the bits before testing the mask: 0 for an option, the least string
  /// id for a string.
  var maskBase: UInt64 {
    @inline(__always) get { b }
  }
  /// The first word in ``Program/stringSets`` of ``Kind/bitOfSet``'s set.
  var setStart: UInt64 {
    @inline(__always) get { a }
  }
  /// The number of words of ``Kind/bitOfSet``'s set.
  var setWordCount: UInt64 {
    @inline(__always) get { b & 0xFFFF_FFFF }
  }
  /// The index, in words of 64 ids, of ``Kind/bitOfSet``'s first word (its first id ÷ 64).
  var setFirstWord: UInt64 {
    @inline(__always) get { b &>> 32 }
  }
  /// The first leaf of the condition of ``Kind/segment``'s segment.
  var segmentEntry: Int {
    @inline(__always) get { Int(truncatingIfNeeded: a) }
  }
  /// The memo slot of ``Kind/segment``'s segment, or ``SegmentPlan/noMemoSlot``.
  var memoSlot: Int {
    @inline(__always) get { Int(Int64(bitPattern: b)) }
  }
  /// The value of ``Kind/constant``.
  var constant: Bool { a != 0 }
  /// The index into ``Program/rollouts`` of ``Kind/rollout``, or into ``Program/ramps`` of ``Kind/ramp``.
  var rollout: Int { Int(truncatingIfNeeded: a) }
  /// The literal of ``Kind/choicesCount`` (a count) and ``Kind/yearsSince`` (years).
  var literal: Double { Double(bitPattern: a) }
  /// The window in milliseconds of ``Kind/dateWithinLast`` and ``Kind/dateOlderThan``.
  var window: Int64 { Int64(bitPattern: a) }

  /// The step of a node that is never a leaf (``Kind/interior``).
  static let interior = Step(kind: .interior)

  /// `steps` (indexed like `nodes`) with the jumps of `graph`, and each segment reference's step holding that
  /// segment's plan (from `segments`, known once the graph is built), so that the run enters it without another
  /// read.
  static func linked(_ steps: [Step], nodes: [Node], graph: BranchGraph, segments: [SegmentPlan]) -> [Step] {
    var steps = steps
    for (index, node) in nodes.enumerated() {
      if node.op == .segment { steps[index] = Step(segment: segments[node.segment]) }
      (steps[index].onTrue, steps[index].onFalse) = (graph.edges[index].onTrue, graph.edges[index].onFalse)
    }
    return steps
  }

  /// A step of `kind` on `slot` with operands `a` and `b`, read back through the accessors `kind` names.
  init(_ kind: Kind, tag: Scalar.Tag = .missing, slot: Int, a: UInt64 = 0, b: UInt64 = 0) {
    self.kind = kind
    self.tag = tag
    self.slot = UInt32(truncatingIfNeeded: slot)
    self.a = a
    self.b = b
  }

  /// A range kind's step: `tag`'s bits on `slot` in `bounds`.
  init<T: BitPatterned>(_ kind: Kind, _ tag: Scalar.Tag, slot: Int, _ bounds: (T, T)) {
    self.init(kind, tag: tag, slot: slot, a: bounds.0.bits, b: bounds.1.bits)
  }

  /// A ``Kind/choicesCount`` or ``Kind/yearsSince`` step.
  init(_ kind: Kind, slot: Int, _ comparison: Comparison, _ literal: Double) {
    self.init(kind, slot: slot, a: literal.bitPattern)
    self.comparison = comparison
  }

  /// A ``Kind/constant`` step.
  init(constant: Bool) {
    self.init(kind: .constant, a: constant ? 1 : 0)
  }

  /// A ``Kind/rollout`` step.
  init(rollout: Int) {
    self.init(kind: .rollout, a: UInt64(rollout))
  }

  /// A ``Kind/ramp`` step.
  init(ramp: Int) {
    self.init(kind: .ramp, a: UInt64(ramp))
  }

  /// A reference to the segment planned as `plan` (``Kind/segment``), its jumps left unset.
  init(segment plan: SegmentPlan) {
    self.init(kind: .segment, a: UInt64(plan.entry), b: UInt64(bitPattern: Int64(plan.memoSlot)))
  }

  private init(kind: Kind, a: UInt64 = 0, b: UInt64 = 0) {
    self.kind = kind
    self.a = a
    self.b = b
  }

  /// Whether a scalar with this step's ``tag`` and bits `bits` passes the step: the bit kinds' one definition
  /// (``Kind/readsBits``; the walk decides the other kinds without it). `sets` is the program's
  /// ``Program/stringSets``, read by ``Kind/bitOfSet`` alone.
  @inline(__always)
  func holds<Sets: RandomAccessCollection<UInt64>>(_ bits: UInt64, sets: Sets = [UInt64]()) -> Bool
  where Sets.Index == Int {
    switch kind {
    case .unsignedRange: return lower <= bits && bits <= upper
    case .signedRange:
      let value = Int64(bitPattern: bits)
      return Int64(bitPattern: lower) <= value && value <= Int64(bitPattern: upper)
    case .doubleRange:
      let value = Double(bitPattern: bits)
      return Double(bitPattern: lower) <= value && value <= Double(bitPattern: upper)
    case .bitOfMask:
      let offset = bits &- maskBase
      return offset < 64 && mask & (1 &<< offset) != 0
    case .bitOfSet:
      let word = (bits &>> 6) &- setFirstWord
      return word < setWordCount
        && sets[sets.startIndex &+ Int(truncatingIfNeeded: setStart &+ word)] & (1 &<< (bits & 63)) != 0
    case .hasAll: return bits & mask == mask
    case .hasAny: return bits & mask != 0
    case .isSet, .segment, .constant, .rollout, .ramp, .choicesCount, .dateWithinLast, .dateOlderThan, .yearsSince,
      .generic, .interior:
      preconditionFailure("decided by the walk")
    }
  }

  /// The closed range of values `v` for which `comparison.holds(v, literal)`: the strict comparisons move the
  /// bound to the next representable value; one that has none, and a NaN literal, give `[1, 0]`, a range
  /// nothing is in.
  static func bounds<T: BitPatterned>(_ comparison: Comparison, _ literal: T) -> (T, T) {
    let empty = (T.one, T.zero)
    guard !literal.isNaN else { return empty }
    switch comparison {
    case .equal: return (literal, literal)
    case .lessEqual: return (T.lowest, literal)
    case .greaterEqual: return (literal, T.highest)
    case .less: return literal.below.map { (T.lowest, $0) } ?? empty
    case .greater: return literal.above.map { ($0, T.highest) } ?? empty
    }
  }
}

/// What ``Step/bounds(_:_:)`` needs of a literal's type.
protocol BitPatterned: Comparable {
  var bits: UInt64 { get }
  static var lowest: Self { get }
  static var highest: Self { get }
  static var zero: Self { get }
  static var one: Self { get }
  /// The greatest value below (least above) this one, nil when none.
  var below: Self? { get }
  var above: Self? { get }
  var isNaN: Bool { get }
}

extension BitPatterned where Self: FixedWidthInteger {
  static var lowest: Self { .min }
  static var highest: Self { .max }
  static var one: Self { 1 }
  var below: Self? { self == .min ? nil : self - 1 }
  var above: Self? { self == .max ? nil : self + 1 }
  var isNaN: Bool { false }
}

extension UInt64: BitPatterned {
  var bits: UInt64 { self }
}

extension Int64: BitPatterned {
  var bits: UInt64 { UInt64(bitPattern: self) }
}

extension Double: BitPatterned {
  var bits: UInt64 { bitPattern }
  static var lowest: Double { -.infinity }
  static var highest: Double { .infinity }
  static var one: Double { 1 }
  // `x < literal` holds for exactly the x up to `literal.nextDown` (no double lies between them); below -∞
  // there is nothing.
  var below: Double? { self == -.infinity ? nil : nextDown }
  var above: Double? { self == .infinity ? nil : nextUp }
}

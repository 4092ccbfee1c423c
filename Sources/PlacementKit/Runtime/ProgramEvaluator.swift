/// Evaluation of a ``Program`` against a profile bound for it. Allocation-free and retain-free: instructions and
/// scalars are plain data read through pointers taken once per call; only `.generic` instructions, and values
/// without a plain form, go through the reference `Evaluator.test`.
extension Program {
  /// Whether segment `segment`'s condition holds for `profile` (bound for this program) at `now`.
  func holds(segment: Int, _ profile: BoundProfile, now: Instant) -> Bool {
    nodes.withUnsafeBufferPointer { nodes in
      roots.withUnsafeBufferPointer { roots in
        profile.scalars.withUnsafeBufferPointer { scalars in
          let evaluator = ProgramEvaluator(program: self, nodes: nodes, roots: roots, scalars: scalars, now: now)
          return evaluator.holds(Int(roots[segment]), profile)
        }
      }
    }
  }
}

/// The evaluation of one condition tree: pointers into the program and the profile's scalars, valid for one
/// call. The profile itself is passed down as a (borrowed) argument, for the rare paths that need more than its
/// scalars (rollouts, generic tests).
struct ProgramEvaluator {
  unowned(unsafe) let program: Program
  let nodes: UnsafeBufferPointer<Node>
  let roots: UnsafeBufferPointer<Int32>
  let scalars: UnsafeBufferPointer<Scalar>
  let now: Instant

  func holds(_ index: Int, _ profile: BoundProfile) -> Bool {
    let node = nodes[index]
    switch node.op {
    case .all, .any:
      let isAll = node.op == .all
      var child = index + 1
      var remaining = Int(node.a)
      while remaining > 0 {
        if holds(child, profile) != isAll { return !isAll }
        child = Int(nodes[child].end)
        remaining -= 1
      }
      return isAll
    case .not: return !holds(index + 1, profile)
    case .segment: return holds(Int(roots[Int(node.a)]), profile)
    case .constant: return node.a != 0
    case .rollout: return rollout(node, profile)
    default: return test(node, profile)
    }
  }

  @inline(never)
  func rollout(_ node: Node, _ profile: BoundProfile) -> Bool {
    guard let id = profile.bucketingID else { return false }
    let rollout = program.rollouts[Int(node.a)]
    return Bucketing.rolloutBucket(salt: rollout.salt, profileID: id) < rollout.threshold
  }

  /// A predicate instruction; each case mirrors the same case of `Evaluator.test`.
  func test(_ node: Node, _ profile: BoundProfile) -> Bool {
    let scalar = scalars[Int(node.slot)]
    if node.op == .isSet { return scalar.tag != .missing }
    if scalar.tag == .missing { return false }
    switch (node.op, scalar.tag) {
    case (.number, .number):
      return node.comparison.holds(Double(bitPattern: scalar.bits), Double(bitPattern: node.a))
    case (.numberBetween, .number):
      let n = Double(bitPattern: scalar.bits)
      return Double(bitPattern: node.a) <= n && n <= Double(bitPattern: node.b)
    case (.bool, .bool): return scalar.bits == node.a
    case (.choiceIn, .choice): return node.a & (1 << scalar.bits) != 0
    case (.choicesHasAll, .choices): return scalar.bits & node.a == node.a
    case (.choicesHasAny, .choices): return scalar.bits & node.a != 0
    case (.choicesIsEmpty, .choices): return scalar.bits == 0
    case (.choicesCount, .choices):
      return node.comparison.holds(Double(scalar.bits.nonzeroBitCount), Double(bitPattern: node.a))
    case (.date, .date): return node.comparison.holds(Self.instant(scalar.bits), Self.instant(node.a))
    case (.dateBetween, .date):
      let d = Self.instant(scalar.bits)
      return Self.instant(node.a) <= d && d <= Self.instant(node.b)
    case (.dateWithinLast, .date):
      let d = Self.instant(scalar.bits)
      return d <= now && d >= now.adding(milliseconds: -Int64(bitPattern: node.a))
    case (.dateOlderThan, .date):
      return Self.instant(scalar.bits) < now.adding(milliseconds: -Int64(bitPattern: node.a))
    case (.yearsSince, .date):
      let years = Self.instant(scalar.bits).wholeYears(until: now)
      return node.comparison.holds(Double(years), Double(bitPattern: node.a))
    case (.stringIn, .string): return scalar.bits < 64 && node.a & (1 << scalar.bits) != 0
    case (.version, .version): return node.comparison.holds(scalar.bits, node.a)
    default: return generic(node, profile)
    }
  }

  /// The reference path for tests without a fast instruction and values without a plain form.
  @inline(never)
  func generic(_ node: Node, _ profile: BoundProfile) -> Bool {
    Evaluator.test(program.tests[Int(node.test)], profile.values[Int(node.slot)], now: now)
  }

  @inline(__always)
  static func instant(_ bits: UInt64) -> Instant { Instant(millisecondsSince1970: Int64(bitPattern: bits)) }
}

/// Evaluation of a ``Program`` against a profile bound for it. Allocation-free and retain-free: instructions and
/// scalars are plain data and every argument is borrowed; only `.generic` instructions, and values without a
/// plain form, go through the reference `Evaluator.test`.
extension Program {
  /// Whether segment `segment`'s condition holds for `profile` (bound for this program) at `now`.
  func holds(segment: Int, _ profile: BoundProfile, now: Instant) -> Bool {
    holds(node: Int(roots[segment]), profile, now: now)
  }

  func holds(node index: Int, _ profile: BoundProfile, now: Instant) -> Bool {
    let node = nodes[index]
    switch node.op {
    case .all, .any:
      let isAll = node.op == .all
      var child = index + 1
      var remaining = Int(node.a)
      while remaining > 0 {
        if holds(node: child, profile, now: now) != isAll { return !isAll }
        child = Int(nodes[child].end)
        remaining -= 1
      }
      return isAll
    case .not: return !holds(node: index + 1, profile, now: now)
    case .segment: return holds(node: Int(roots[Int(node.a)]), profile, now: now)
    case .constant: return node.a != 0
    case .rollout:
      guard let id = profile.profileID else { return false }
      let rollout = rollouts[Int(node.a)]
      return Bucketing.rolloutBucket(salt: rollout.salt, profileID: id) < rollout.threshold
    default: return test(node, profile, now: now)
    }
  }

  /// A predicate instruction; each case mirrors the same case of `Evaluator.test`.
  func test(_ node: Node, _ profile: BoundProfile, now: Instant) -> Bool {
    let scalar = profile.scalars[Int(node.slot)]
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
    default:
      return Evaluator.test(tests[Int(node.test)], profile.values[Int(node.slot)], now: now)
    }
  }

  @inline(__always)
  static func instant(_ bits: UInt64) -> Instant { Instant(millisecondsSince1970: Int64(bitPattern: bits)) }
}

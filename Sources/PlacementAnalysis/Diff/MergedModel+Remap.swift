import PlacementCore

/// Rewrites a new segment's condition into the merged model: segment references, attribute slots and
/// option masks.
struct ConditionRemap {
  let segment: [Int]
  let slot: [Int]
  /// Option index maps of the new attributes (by new slot) whose options were united.
  let options: [Int: [Int]]

  func apply(_ condition: Condition) -> Condition {
    switch condition {
    case .all(let parts): .all(parts.map(apply))
    case .any(let parts): .any(parts.map(apply))
    case .not(let inner): .not(apply(inner))
    case .segment(let index): .segment(segment[index])
    case .rollout, .constant: condition
    case .predicate(let p):
      .predicate(
        Predicate(
          slot: slot[p.slot], attribute: p.attribute, test: test(p.test, options[p.slot]), text: p.text, span: p.span,
          isWrittenNegated: p.isWrittenNegated))
    }
  }

  private func test(_ test: ValueTest, _ map: [Int]?) -> ValueTest {
    guard let map else { return test }
    func mask(_ m: UInt64) -> UInt64 {
      var out: UInt64 = 0
      for (bit, target) in map.enumerated() where m & (1 << UInt64(bit)) != 0 { out |= 1 << UInt64(target) }
      return out
    }
    switch test {
    case .choiceIn(let m): return .choiceIn(mask(m))
    case .choicesHasAll(let m): return .choicesHasAll(mask(m))
    case .choicesHasAny(let m): return .choicesHasAny(mask(m))
    case .choicesHasEach(let masks): return .choicesHasEach(masks.map(mask))
    default: return test
    }
  }
}

/// A structural key of each segment's fully expanded condition: equal keys mean the conditions are written
/// alike over attributes of the same name and type, hence match exactly the same profiles.
struct Fingerprints {
  let segments: [SegmentDefinition]
  let attributes: [AttributeDefinition]
  private var memo: [Int: String] = [:]

  init(segments: [SegmentDefinition], attributes: [AttributeDefinition]) {
    self.segments = segments
    self.attributes = attributes
  }

  mutating func of(_ index: Int) -> String {
    if let known = memo[index] { return known }
    memo[index] = "…"  // a cycle is a compile error; never recurse forever
    let print = key(segments[index].condition)
    memo[index] = print
    return print
  }

  private mutating func key(_ condition: Condition) -> String {
    switch condition {
    case .all(let parts): return "all(" + parts.map { key($0) }.joined(separator: ";") + ")"
    case .any(let parts): return "any(" + parts.map { key($0) }.joined(separator: ";") + ")"
    case .not(let inner): return "not(" + key(inner) + ")"
    case .segment(let index): return "[" + of(index) + "]"
    case .rollout(let salt, let threshold, _, let steps) where !steps.isEmpty:
      let schedule = steps.map { "\($0.threshold)@\($0.from.instant.millisecondsSince1970)" }.joined(separator: ",")
      return "ramp(\(salt.debugDescription),\(threshold),[\(schedule)])"
    case .rollout(let salt, let threshold, _, _): return "rollout(\(salt.debugDescription),\(threshold))"
    case .constant(let value): return "\(value)"
    case .predicate(let p):
      let attribute = attributes[p.slot]
      // An id list's ids are not in the text: its digest tells two versions of the list apart.
      let ids = if case .idList(_, let list) = p.test { ":" + SHA256.hex(list.digest) } else { "" }
      return "p(\(attribute.name):\(attribute.type):\(p.isWrittenNegated):\(p.text.debugDescription)\(ids))"
    }
  }
}

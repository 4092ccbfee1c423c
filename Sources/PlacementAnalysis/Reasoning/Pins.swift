import PlacementCore

/// The values a cube allows an attribute, where one positive literal names them outright (`==` or `in` over a
/// `choice`, an exact string set, a number set, a `bool`): a cheap, sound test that two segments share no
/// profile, without a search.
///
/// A positive test is false on a missing value, so a pinned attribute is present with one of the named values.
/// Two cubes that pin one attribute to disjoint sets cannot both hold; two segments are disjoint when every
/// pair of their cubes is. This only ever answers "disjoint" (a proof) or "not known": ``Reasoner`` decides
/// the rest exactly. It is what keeps `unreachable-row` and `overlapping-rows` near linear on generated tables
/// of thousands of rows over per-country segments (see docs/Performance.md).
enum Pin: Sendable, Equatable {
  case options(UInt64)
  case strings(Set<String>)
  case numbers(Set<Double>)
  case bool(Bool)

  /// The pin a positive literal sets, if it names the values outright.
  init?(_ literal: Literal) {
    guard literal.positive, let test = literal.test else { return nil }
    switch test {
    case .choiceIn(let mask): self = .options(mask)
    case .string(.equal, let literals, folded: nil): self = .strings(Set(literals))
    case .numberIn(let numbers): self = .numbers(Set(numbers))
    case .number(.equal, let number): self = .numbers([number])
    case .bool(let value): self = .bool(value)
    default: return nil
    }
  }

  /// True when no value is allowed by both pins (pins of different kinds are never proved disjoint).
  func isDisjoint(from other: Pin) -> Bool {
    switch (self, other) {
    case (.options(let a), .options(let b)): a & b == 0
    case (.strings(let a), .strings(let b)): a.isDisjoint(with: b)
    case (.numbers(let a), .numbers(let b)): a.isDisjoint(with: b)
    case (.bool(let a), .bool(let b)): a != b
    default: false
    }
  }

  /// The pins of each cube of a normal form, by attribute slot (the first pinning literal of a slot).
  static func of(_ cubes: [Cube]) -> [[Int: Pin]] {
    cubes.map { cube in
      var pins: [Int: Pin] = [:]
      for literal in cube {
        guard let slot = literal.slot, pins[slot] == nil, let pin = Pin(literal) else { continue }
        pins[slot] = pin
      }
      return pins
    }
  }

  /// True when every cube of `a` pins some attribute to values disjoint from what every cube of `b` pins it to.
  static func disjoint(_ a: [[Int: Pin]], _ b: [[Int: Pin]]) -> Bool {
    a.allSatisfy { left in
      b.allSatisfy { right in
        let (small, large) = left.count <= right.count ? (left, right) : (right, left)
        return small.contains { slot, pin in large[slot].map(pin.isDisjoint) ?? false }
      }
    }
  }
}

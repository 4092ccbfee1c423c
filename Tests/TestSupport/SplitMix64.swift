/// SplitMix64: a tiny deterministic generator for generated tests, so any failure reproduces exactly from its
/// seed.
public struct SplitMix64: RandomNumberGenerator {
  public var state: UInt64

  public init(state: UInt64) { self.state = state }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SplitMix64 {
  /// A number in `0..<bound` (0 when `bound` is not positive, without drawing).
  public mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }

  /// One of `items`, which must not be empty.
  public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

  /// True with a chance of `percent` in 100.
  public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

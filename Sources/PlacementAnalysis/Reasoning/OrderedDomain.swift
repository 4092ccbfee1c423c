import PlacementCore

/// A totally ordered value domain with a least element and a successor for every value, so that open
/// bounds can be made closed and emptiness decided exactly (`(1.0.0, 1.0.1-0)` holds no version;
/// `(x, x.nextUp)` holds no `Double`).
protocol OrderedDomain: Comparable, Sendable {
  /// The least value of the domain.
  static var minimum: Self { get }
  /// The least value greater than `self` (at the top of a bounded domain: `self` or an unreachable value).
  var successor: Self { get }
}

extension Double: OrderedDomain {
  static var minimum: Double { -Double.greatestFiniteMagnitude }
  var successor: Double { nextUp }
}

extension Instant: OrderedDomain {
  /// Dates are read within ±8.64e15 ms (``Instant/parsedRangeLimit``).
  static var minimum: Instant { Instant(millisecondsSince1970: -Instant.parsedRangeLimit) }
  var successor: Instant { adding(milliseconds: 1) }
}

extension SemanticVersion: OrderedDomain {
  /// `0.0.0-0`: `0` is the least pre-release identifier and one identifier is less than several.
  static var minimum: SemanticVersion { SemanticVersion(major: 0, prerelease: [.numeric(0)]) }

  /// `1.2.3` → `1.2.4-0`; `1.2.3-rc` → `1.2.3-rc.0` (nothing lies between a version and these).
  var successor: SemanticVersion {
    if isPrerelease {
      return SemanticVersion(major: major, minor: minor, patch: patch, prerelease: prerelease + [.numeric(0)])
    }
    if patch < UInt64.max {
      return SemanticVersion(major: major, minor: minor, patch: patch + 1, prerelease: [.numeric(0)])
    }
    return SemanticVersion(major: major, minor: minor &+ 1, patch: 0, prerelease: [.numeric(0)])
  }
}

/// A non-empty-or-empty interval `[lower, upper]` / `[lower, upper)` / `[lower, ∞)`; the lower bound is
/// always closed (an open one is replaced by its successor).
struct Interval<T: OrderedDomain>: Sendable {
  var lower: T
  /// nil: unbounded above.
  var upper: T?
  var upperInclusive: Bool

  var isEmpty: Bool {
    guard let upper else { return false }
    return upperInclusive ? lower > upper : lower >= upper
  }

  func contains(_ value: T) -> Bool {
    guard value >= lower else { return false }
    guard let upper else { return true }
    return upperInclusive ? value <= upper : value < upper
  }

  func intersection(_ other: Interval) -> Interval {
    let low = max(lower, other.lower)
    switch (upper, other.upper) {
    case (nil, _): return Interval(lower: low, upper: other.upper, upperInclusive: other.upperInclusive)
    case (_, nil): return Interval(lower: low, upper: upper, upperInclusive: upperInclusive)
    case (let a?, let b?):
      if a < b { return Interval(lower: low, upper: a, upperInclusive: upperInclusive) }
      if b < a { return Interval(lower: low, upper: b, upperInclusive: other.upperInclusive) }
      return Interval(lower: low, upper: a, upperInclusive: upperInclusive && other.upperInclusive)
    }
  }
}

/// A set of values as sorted, disjoint, non-empty intervals; closed under intersection and complement.
struct IntervalSet<T: OrderedDomain>: Sendable {
  private(set) var intervals: [Interval<T>]

  init(_ intervals: [Interval<T>]) {
    self.intervals = intervals.filter { !$0.isEmpty }.sorted { $0.lower < $1.lower }
  }

  static var all: IntervalSet { IntervalSet([Interval(lower: T.minimum, upper: nil, upperInclusive: false)]) }

  /// Exactly the listed values.
  static func points(_ values: [T]) -> IntervalSet {
    var unique: [T] = []
    for value in values.sorted() where unique.last != value { unique.append(value) }
    return IntervalSet(unique.map { Interval(lower: $0, upper: $0, upperInclusive: true) })
  }

  /// Values `v` with `v <op> bound`.
  static func compared(_ comparison: Comparison, _ bound: T) -> IntervalSet {
    switch comparison {
    case .equal: points([bound])
    case .less: IntervalSet([Interval(lower: T.minimum, upper: bound, upperInclusive: false)])
    case .lessEqual: IntervalSet([Interval(lower: T.minimum, upper: bound, upperInclusive: true)])
    case .greater: IntervalSet([Interval(lower: bound.successor, upper: nil, upperInclusive: false)])
    case .greaterEqual: IntervalSet([Interval(lower: bound, upper: nil, upperInclusive: false)])
    }
  }

  /// `low ≤ v ≤ high`.
  static func between(_ low: T, _ high: T) -> IntervalSet {
    IntervalSet([Interval(lower: low, upper: high, upperInclusive: true)])
  }

  var isEmpty: Bool { intervals.isEmpty }

  func contains(_ value: T) -> Bool { intervals.contains { $0.contains(value) } }

  func intersection(_ other: IntervalSet) -> IntervalSet {
    var result: [Interval<T>] = []
    for a in intervals {
      for b in other.intervals {
        let both = a.intersection(b)
        if !both.isEmpty { result.append(both) }
      }
    }
    return IntervalSet(result)
  }

  /// Every value of the domain not in this set.
  var complement: IntervalSet {
    var result: [Interval<T>] = []
    var cursor: T? = T.minimum
    for interval in intervals {
      guard let start = cursor else { break }
      result.append(Interval(lower: start, upper: interval.lower, upperInclusive: false))
      if let upper = interval.upper {
        cursor = interval.upperInclusive ? upper.successor : upper
      } else {
        cursor = nil
      }
    }
    if let start = cursor { result.append(Interval(lower: start, upper: nil, upperInclusive: false)) }
    return IntervalSet(result)
  }
}

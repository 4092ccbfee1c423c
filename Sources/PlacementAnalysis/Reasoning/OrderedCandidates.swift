import PlacementCore

/// Readable example values for witnesses: the constants the conditions mention and their neighbours, then a
/// few defaults. The solver takes the first that lies in the admitted set, so a witness reads `age: 31` rather
/// than `age: 30.000000000000004`.
enum OrderedCandidates {
  static func numbers(_ tests: [ValueTest]) -> [Double] {
    var constants: [Double] = []
    for test in tests {
      switch test {
      case .number(_, let value): constants.append(value)
      case .numberIn(let values): constants += values
      case .numberBetween(let low, let high): constants += [low, high]
      default: break
      }
    }
    let shifted = constants.flatMap { [$0 + 1, $0 - 1, ($0 + 0.5).rounded(.down) + 0.5] }
    return constants + shifted + [0, 1, 25, 100]
  }

  static func versions(_ tests: [ValueTest]) -> [SemanticVersion] {
    var constants: [SemanticVersion] = []
    for test in tests {
      switch test {
      case .version(_, let value): constants.append(value)
      case .versionIn(let values): constants += values
      default: break
      }
    }
    var neighbours: [SemanticVersion] = []
    for v in constants {
      neighbours.append(SemanticVersion(major: v.major, minor: v.minor, patch: v.patch &+ 1))
      neighbours.append(SemanticVersion(major: v.major, minor: v.minor &+ 1))
      neighbours.append(SemanticVersion(major: v.major &+ 1))
      if v.isPrerelease { neighbours.append(SemanticVersion(major: v.major, minor: v.minor, patch: v.patch)) }
      if v.patch > 0 { neighbours.append(SemanticVersion(major: v.major, minor: v.minor, patch: v.patch - 1)) }
      if v.minor > 0 { neighbours.append(SemanticVersion(major: v.major, minor: v.minor - 1)) }
      if v.major > 0 { neighbours.append(SemanticVersion(major: v.major - 1)) }
    }
    return constants + neighbours + [SemanticVersion(major: 1), SemanticVersion(major: 0, minor: 1)]
  }

  /// Dates: the constants and their neighbours, then dates placed for the relative tests at `now`
  /// (inside or just outside a `within last` window, just past a `more than … ago` bound, a few whole years
  /// around a `years_since` bound).
  static func dates(_ tests: [ValueTest], now: Instant) -> [Instant] {
    var constants: [Instant] = []
    var relative: [Instant] = []
    for test in tests {
      switch test {
      case .date(_, let value): constants.append(value)
      case .dateBetween(let low, let high): constants += [low, high]
      case .dateWithinLast(let window):
        relative += [
          now.adding(milliseconds: -window / 2), now.adding(milliseconds: -window - Instant.millisecondsPerDay),
        ]
      case .dateOlderThan(let window):
        relative += [
          now.adding(milliseconds: -window - Instant.millisecondsPerDay), now.adding(milliseconds: -window / 2),
        ]
      case .yearsSince(_, let years):
        let whole = Int64(max(0, min(years.rounded(.down), 10_000)))
        for k in [whole, whole + 1, max(0, whole - 1), whole + 2] {
          // Half a year past k whole years: k whole years until now, whatever the leap days.
          relative.append(now.adding(days: -(k * 365 + k / 4 + 182)))
        }
      default: break
      }
    }
    let day = Instant.millisecondsPerDay
    let shifted = constants.flatMap { [$0.adding(milliseconds: day), $0.adding(milliseconds: -day), $0.successor] }
    // 2025-01-01T00:00:00Z as a neutral default.
    return constants + shifted + relative + [Instant(millisecondsSince1970: 1_735_689_600_000), now]
  }
}

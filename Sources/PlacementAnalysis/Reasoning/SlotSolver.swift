import PlacementCore

/// What one attribute can be under a conjunction of literals.
enum SlotOutcome: Sendable {
  /// This value (possibly `.missing`) satisfies every literal.
  case satisfiable(Value)
  /// No value, present or missing, satisfies them all (proved).
  case unsatisfiable
  /// Neither proved nor refuted: these literals use something the reasoner does not model.
  case unknown([Literal])
}

/// Decides a conjunction of literals on one attribute exactly where the attribute's values are modelled:
/// finite domains (`bool`, `choice`, `choices`, string literal sets) by enumeration or set algebra, `number`,
/// `version` and `date` by interval sets. Missing is its own point: every positive test is false on it,
/// `is set` included, so it satisfies exactly the conjunctions without a positive literal.
struct SlotSolver {
  let type: AttributeType
  /// The time relative date tests are checked at (a witness that needs one holds at this instant).
  let now: Instant
  /// Candidate values for a string attribute tested `in list` (``Reasoner/listIds``).
  var listIds: [String] = []

  func solve(_ literals: [Literal]) -> SlotOutcome {
    if !literals.contains(where: \.positive) { return .satisfiable(.missing) }
    if literals.contains(where: { !$0.positive && Self.isPresence($0) }) { return .unsatisfiable }
    let constraints = literals.filter { !Self.isPresence($0) }
    switch type {
    case .bool:
      return Self.enumerate([.bool(false), .bool(true)], constraints, now: now)
    case .choice(let options):
      return Self.enumerate(options.ids.indices.map { Value.choice($0) }, constraints, now: now)
    case .choices(let options):
      return ChoicesSolver(optionCount: options.ids.count).solve(constraints)
    case .string:
      return StringSolver(now: now, listIds: listIds).solve(constraints)
    case .number:
      return OrderedSolver<Double>(
        model: OrderedModels.number, candidates: OrderedCandidates.numbers, wrap: { .number($0) }, now: now
      ).solve(constraints)
    case .version:
      return OrderedSolver<SemanticVersion>(
        model: OrderedModels.version, candidates: OrderedCandidates.versions, wrap: { .version($0) }, now: now
      ).solve(constraints)
    case .date:
      return OrderedSolver<Instant>(
        model: { OrderedModels.date($0, now: now) }, candidates: { OrderedCandidates.dates($0, now: now) },
        wrap: { .date($0) }, now: now
      ).solve(constraints)
    }
  }

  static func isPresence(_ literal: Literal) -> Bool {
    if case .isSet = literal.test { return true }
    return false
  }

  /// True when `value` gives every literal its polarity (``ValueTest/holds(_:now:)``, the one meaning of a test, so the models cannot drift).
  static func satisfies(_ value: Value, _ literals: [Literal], now: Instant = .epoch) -> Bool {
    literals.allSatisfy { literal in
      guard let test = literal.test else { return false }
      return test.holds(value, now: now) == literal.positive
    }
  }

  /// Exact for a finite domain: the first value that satisfies every literal.
  static func enumerate(_ domain: [Value], _ literals: [Literal], now: Instant) -> SlotOutcome {
    for value in domain where satisfies(value, literals, now: now) { return .satisfiable(value) }
    return .unsatisfiable
  }
}

/// Interval models of the ordered tests; nil for a test the reasoner does not model (`years_since`, whose
/// calendar years are not a fixed length).
enum OrderedModels {
  static func number(_ test: ValueTest) -> IntervalSet<Double>? {
    switch test {
    case .number(let comparison, let value): .compared(comparison, value)
    case .numberIn(let values): .points(values)
    case .numberBetween(let low, let high): .between(low, high)
    default: nil
    }
  }

  static func version(_ test: ValueTest) -> IntervalSet<SemanticVersion>? {
    switch test {
    case .version(let comparison, let value): .compared(comparison, value)
    case .versionIn(let values): .points(values)
    default: nil
    }
  }

  /// A window relative to `now` (`within last 7 days`, `more than 30 days ago`) is the interval it admits at
  /// `now`, with the bounds ``ValueTest/holds(_:now:)`` computes.
  static func date(_ test: ValueTest, now: Instant) -> IntervalSet<Instant>? {
    switch test {
    case .date(let comparison, let value): .compared(comparison, value)
    case .dateBetween(let low, let high): .between(low, high)
    case .dateWithinLast(let window): .between(now.adding(milliseconds: -window), now)
    case .dateOlderThan(let window): .compared(.less, now.adding(milliseconds: -window))
    default: nil
    }
  }
}

/// Intersects the interval models of the literals (complements for negative ones) and picks a readable
/// value from the result. Literals without a model (`years_since`) are checked on the candidates at `now`: a
/// candidate that passes is a witness; none passing is "unknown".
///
/// Windows relative to `now` are intersected apart from fixed bounds. The windows alone move with `now`, so
/// their intersection is empty at every instant when it is empty at `now` (a proof); a window and a fixed
/// date that miss each other at `now` may meet at another instant, so that is "unknown", never a proof.
struct OrderedSolver<T: OrderedDomain> {
  let model: (ValueTest) -> IntervalSet<T>?
  /// Readable example values derived from the literals' constants, in order of preference.
  let candidates: ([ValueTest]) -> [T]
  let wrap: (T) -> Value
  let now: Instant

  func solve(_ literals: [Literal]) -> SlotOutcome {
    var fixed = IntervalSet<T>.all
    var relative = IntervalSet<T>.all
    var unmodeled: [Literal] = []
    for literal in literals {
      guard let test = literal.test, let part = model(test) else {
        unmodeled.append(literal)
        continue
      }
      let admitted = literal.positive ? part : part.complement
      if Reasoner.isRelative(test) {
        relative = relative.intersection(admitted)
      } else {
        fixed = fixed.intersection(admitted)
      }
      if fixed.isEmpty || relative.isEmpty { return .unsatisfiable }
    }
    let set = fixed.intersection(relative)
    if set.isEmpty { return .unknown(literals) }
    let all = candidates(literals.compactMap(\.test))
    if !unmodeled.isEmpty {
      let found = all.first { set.contains($0) && SlotSolver.satisfies(wrap($0), unmodeled, now: now) }
      return found.map { .satisfiable(wrap($0)) } ?? .unknown(unmodeled)
    }
    let preferred = all.first { set.contains($0) }
    guard let value = preferred ?? set.intervals.first?.lower else { return .unsatisfiable }
    return .satisfiable(wrap(value))
  }
}

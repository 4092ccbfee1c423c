import PlacementCore

/// Exact reasoning over segment conditions: satisfiability, implication, overlap, with example profiles.
///
/// Each requirement is put in disjunctive normal form (negations pushed down, segments expanded, at most
/// ``cap`` cubes); a depth-first search then picks one cube per requirement, deciding each partial choice per
/// attribute (see `SlotSolver`) so that contradictions prune early. A "satisfiable" answer always carries a
/// witness that the engine has confirmed (bound and run by the compiled program); "unsatisfiable" is a proof over the models; where the
/// proof would need something not modelled (patterns, `starts_with`, rollouts, `years_since`) the answer is
/// ``Satisfiability/unknown(_:)``.
package struct Reasoner: Sendable {
  package let model: CheckedRules
  /// The cap on the number of cubes of one normal form (default 1,024).
  package let cap: Int
  /// The most partial choices one search may decide before giving up (``ReasoningLimit/tooLarge``).
  package let searchBudget: Int
  /// The instant at which relative date tests (`within last`, `years_since`) are checked when a witness needs
  /// them; default 2026-01-01T00:00:00Z, so findings are reproducible.
  package let now: Instant
  /// Strings tried as values of an attribute tested `in list` (a list holds only hashes, so its members cannot
  /// be enumerated): `diff` passes the ids that entered or left a changed list, so a profile with one of them
  /// witnesses the change.
  package let listIds: [String]
  let forms: NormalForm
  private let conditions: [Condition]
  /// The segments compiled as resolution compiles them, to confirm witnesses with.
  private let program: Program
  /// Answers to questions about segments only, shared by the rules of one lint run.
  private let answers = Memo<String, Satisfiability>()
  /// The ``Pin``s of each segment's normal form (nil when the form is not available), computed once.
  private let pins = Memo<Int, [[Int: Pin]]?>()

  package static let defaultNow = Instant(millisecondsSince1970: 1_767_225_600_000)

  package init(
    model: CheckedRules, cap: Int = 1_024, searchBudget: Int = 20_000, now: Instant = Reasoner.defaultNow,
    listIds: [String] = []
  ) {
    self.model = model
    self.listIds = listIds
    self.cap = cap
    self.searchBudget = searchBudget
    self.now = now
    self.forms = NormalForm(segments: model.segments, cap: cap, now: now)
    self.conditions = model.segments.map(\.condition)
    self.program = Self.program(conditions, model)
  }

  /// A condition that must hold (`holds == true`) or must not hold.
  package struct Requirement: Sendable {
    package let condition: Condition
    package let holds: Bool

    package init(_ condition: Condition, holds: Bool = true) {
      self.condition = condition
      self.holds = holds
    }
  }

  /// The answer to "can one profile meet all these requirements?".
  package enum Satisfiability: Sendable {
    /// No profile can; `conflicts` lists attributes whose tests contradict each other in the alternatives tried.
    case unsatisfiable(conflicts: [Conflict])
    /// This profile does (confirmed by evaluating the conditions on it).
    case satisfiable(Witness)
    /// Not decided, and why.
    case unknown(ReasoningLimit)
  }

  /// Whether one profile can satisfy every requirement.
  package func check(_ requirements: [Requirement]) -> Satisfiability {
    guard let key = Self.key(requirements) else { return decide(requirements) }
    if let known = answers[key] { return known }
    let answer = decide(requirements)
    answers[key] = answer
    return answer
  }

  /// `3,-5,-7` for "segment 3 and not segment 5 and not segment 7"; nil when a requirement is not a segment.
  private static func key(_ requirements: [Requirement]) -> String? {
    var parts: [String] = []
    for requirement in requirements {
      guard case .segment(let index) = requirement.condition else { return nil }
      parts.append(requirement.holds ? "\(index)" : "-\(index)")
    }
    return parts.joined(separator: ",")
  }

  private func decide(_ requirements: [Requirement]) -> Satisfiability {
    var forms: [[Cube]] = []
    do {
      for requirement in requirements {
        forms.append(try self.forms.cubes(requirement.condition, positive: requirement.holds))
      }
    } catch {
      return .unknown(error)
    }
    if forms.contains(where: \.isEmpty) { return .unsatisfiable(conflicts: []) }
    // Requirements over disjoint attributes are independent: each group is searched on its own, which keeps
    // the search linear in the number of groups instead of multiplying their alternatives.
    var values: [Int: Value] = [:]
    var relative = false
    var limit: ReasoningLimit?
    for group in Self.groups(forms) {
      var search = Search(
        forms: group.map { forms[$0] }.sorted { $0.count < $1.count },
        solver: CubeSolver(attributes: model.attributes, now: now, listIds: listIds), budget: searchBudget, now: now)
      if let witness = search.run() {
        values.merge(witness.values) { first, _ in first }
        relative = relative || witness.now != nil
      } else if search.exhausted {
        limit = .tooLarge
      } else if search.undecided {
        if case .unmodeled(let tests) = limit {
          limit = .unmodeled(tests: tests + search.undecidedTests.filter { !tests.contains($0) })
        } else if limit == nil {
          limit = .unmodeled(tests: search.undecidedTests)
        }
      } else {
        return .unsatisfiable(conflicts: search.conflicts)
      }
    }
    if let limit { return .unknown(limit) }
    // The models are exact, so this always holds; it keeps a modelling slip from ever becoming a false finding.
    let witness = Witness(values: values, now: relative ? now : nil)
    return confirms(witness, requirements) ? .satisfiable(witness) : .unknown(.unmodeled(tests: []))
  }

  /// The ``Pin``s of each cube of segment `segment` (memoized; nil when its normal form is not available).
  func pins(of segment: Int) -> [[Int: Pin]]? {
    if let known = pins[segment] { return known }
    let found = (try? forms.cubes(.segment(segment), positive: true)).map(Pin.of)
    pins[segment] = .some(found)
    return found
  }

  /// Whether every profile matching `condition` also matches `other` (checked as "`condition` and not
  /// `other`" being unsatisfiable; a witness is a profile matching `condition` but not `other`).
  package func implication(_ condition: Condition, _ other: Condition) -> Satisfiability {
    check([Requirement(condition), Requirement(other, holds: false)])
  }

  /// True when the engine agrees that the witness meets every requirement: the witness is bound like any
  /// profile and the requirements are run by the compiled program, the one evaluator resolution uses.
  /// Requirements that are all segments run in the program of every segment; any other condition is compiled
  /// with the segments it reaches alone (``RequirementProgram``), at the cost of the requirements, not of the
  /// rule set.
  func confirms(_ witness: Witness, _ requirements: [Requirement]) -> Bool {
    let segments = requirements.compactMap { requirement -> Int? in
      guard case .segment(let index) = requirement.condition else { return nil }
      return index
    }
    if segments.count == requirements.count {
      return holds(witness, program) { run, profile in
        zip(requirements, segments).allSatisfy { run.segment($1, profile) == $0.holds }
      }
    }
    let partial = RequirementProgram(requirements, segments: conditions, attributeCount: model.attributes.count)
    return holds(witness, partial.program) { run, profile in
      zip(requirements, partial.roots).allSatisfy { run.segment($1, profile) == $0.holds }
    }
  }

  /// Whether the witness matches segment `index`, by the engine (bound and run by the compiled program).
  package func witness(_ witness: Witness, matches segment: Int) -> Bool {
    holds(witness, program) { run, profile in run.segment(segment, profile) }
  }

  /// Binds the witness for `program` and asks `body` inside one run at ``now``.
  private func holds(
    _ witness: Witness, _ program: Program, _ body: (inout ProgramEvaluator<NoObserver>, BoundProfile) -> Bool
  ) -> Bool {
    let bound = BoundProfile(
      witness.profile(model.attributes), attributes: model.attributes, program: program, boundBy: nil, limits: .default)
    var observer = NoObserver()
    return program.run(bound, now: now, observer: &observer) { run, bound in body(&run, copy bound) }
  }

  /// The program of the model's segment conditions (placements play no part in the reasoner's questions).
  static func program(_ conditions: [Condition], _ model: CheckedRules) -> Program {
    Program(conditions: conditions, attributeCount: model.attributes.count, placements: [])
  }

  static func isRelative(_ test: ValueTest?) -> Bool {
    switch test {
    case .dateWithinLast, .dateOlderThan, .yearsSince: true
    default: false
    }
  }
}

extension Reasoner.Satisfiability {
  /// True for a proved ``unsatisfiable(conflicts:)``.
  package var isUnsatisfiable: Bool {
    if case .unsatisfiable = self { return true }
    return false
  }

  /// The witness of a ``satisfiable(_:)`` answer.
  package var witness: Witness? {
    if case .satisfiable(let witness) = self { return witness }
    return nil
  }
}

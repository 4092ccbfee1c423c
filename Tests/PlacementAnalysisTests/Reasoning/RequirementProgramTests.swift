import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// The program a witness of requirements other than segments is confirmed with holds those requirements and
/// the segments they reach, nothing else: its size does not grow with the rule set, and it decides like the
/// program of every segment.
@Suite struct RequirementProgramTests {
  static let rules =
    quizAttributes + """

      segment adults = age >= 18
      segment adult_pros = adults and experience == pro
      segment not_pros = experience != pro and not reminders
      segment either = adult_pros or (not_pros and age < 30)
      segment anyone = either or experience is set
      segment senior_not_pros = age >= 65 and experience != pro

      """

  /// `rules` with `count` more segments that no requirement reaches.
  static func padded(_ count: Int) -> String {
    rules + (0..<count).map { "segment other_\($0) = age > \($0)\n" }.joined()
  }

  static func index(_ model: CheckedRules, _ name: String) -> Int {
    model.segments.firstIndex { $0.name == name }!
  }

  /// `experience is set`, as `negation-over-answer` requires it not to hold.
  static func answered(_ model: CheckedRules) -> Condition {
    let experience = model.attributes.first { $0.name == "experience" }!
    return NegationOverAnswer.isSet(experience, model.segments[0].span)
  }

  @Test func onlyTheSegmentsTheRequirementsReachAreCompiled() {
    for padding in [0, 1_000] {
      let model = compile(Self.padded(padding)).model
      #expect(model.segments.count == 6 + padding)
      let requirements = [
        Reasoner.Requirement(.segment(Self.index(model, "either"))),
        Reasoner.Requirement(Self.answered(model), holds: false),
      ]
      let partial = RequirementProgram(
        requirements, segments: model.segments.map(\.condition), attributeCount: model.attributes.count)
      // either, adult_pros, not_pros, adults: four segments, then the two requirements.
      #expect(partial.program.roots.count == 6)
      #expect(partial.roots == [4, 5])
    }
  }

  /// Each segment, and each segment's condition given as a requirement of its own (its references compiled with
  /// it), holds in the partial program exactly when it holds in the program of every segment, on every
  /// combination of the values the conditions tell apart.
  @Test func decidesLikeTheProgramOfEverySegment() {
    let model = compile(Self.padded(20)).model
    let conditions = model.segments.map(\.condition)
    let extra = [Self.answered(model)] + conditions.prefix(6)
    let full = Program(conditions: conditions + extra, attributeCount: model.attributes.count, placements: [])
    let requirements =
      (0..<6).map { Reasoner.Requirement(.segment($0)) } + extra.map { Reasoner.Requirement($0) }
    let partial = RequirementProgram(requirements, segments: conditions, attributeCount: model.attributes.count)
    let fullRoots = Array(0..<6) + extra.indices.map { conditions.count + $0 }
    let ages: [JSONValue?] = [nil, .number(10), .number(18), .number(29), .number(45), .number(70)]
    let experiences: [JSONValue?] = [nil, .string("beginner"), .string("pro")]
    let reminders: [JSONValue?] = [nil, .bool(true), .bool(false)]
    var compared = 0
    var held = 0
    for age in ages {
      for experience in experiences {
        for reminder in reminders {
          var custom: [String: JSONValue] = [:]
          if let experience { custom["experience"] = experience }
          if let reminder { custom["reminders"] = reminder }
          let profile = Profile(builtins: age.map { ["age": $0] } ?? [:], customAttributes: custom)
          for (root, fullRoot) in zip(partial.roots, fullRoots) {
            let expected = Self.holds(full, fullRoot, profile, model)
            #expect(Self.holds(partial.program, root, profile, model) == expected, "\(profile) at \(root)")
            compared += 1
            if expected { held += 1 }
          }
        }
      }
    }
    #expect(compared == 54 * 13)
    // Both outcomes occur, so the comparison can fail.
    #expect(held > 0 && held < compared)
  }

  static func holds(_ program: Program, _ root: Int, _ profile: Profile, _ model: CheckedRules) -> Bool {
    let bound = BoundProfile(profile, attributes: model.attributes, program: program, boundBy: nil, limits: .default)
    return program.holds(segment: root, bound, now: Reasoner.defaultNow)
  }

  /// A `negation-over-answer` finding beside many other segments: the same finding and example profile as
  /// alone (its witness confirmed by the partial program).
  @Test func negationFindingsDoNotDependOnOtherSegments() {
    let alone = findings(Self.rules, NegationOverAnswer.id)
    let padded = findings(Self.padded(500), NegationOverAnswer.id)
    #expect(
      alone.map(\.message) == [
        "'experience != pro' also matches profiles that never answered 'experience'",
        "'not reminders' also matches profiles that never answered 'reminders'",
        "'experience != pro' also matches profiles that never answered 'experience'",
      ])
    #expect(padded.map(\.message) == alone.map(\.message))
    #expect(padded.map(witnessJSON) == alone.map(witnessJSON))
    // The profile without answers matches `not_pros`; `senior_not_pros` needs an age as well.
    #expect(alone.map(witnessJSON) == ["{}", "{}", #"{"age":65}"#])
  }
}

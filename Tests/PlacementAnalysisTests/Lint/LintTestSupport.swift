import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// Every finding of a lint run over one in-memory file `test.rules`, suppressed ones included.
func lintRun(_ rules: String) -> LintResult {
  Linter.run(compile(rules))
}

/// The unsuppressed findings with `code`.
func findings(_ rules: String, _ code: DiagnosticCode) -> [Diagnostic] {
  lintRun(rules).diagnostics.filter { $0.code == code }
}

/// Lints marked rules and checks that the findings with `code` start exactly at the markers, in order.
/// - Returns: those findings, for checks on their messages.
@discardableResult
func expectFindings(
  _ marked: String, _ code: DiagnosticCode, sourceLocation: SourceLocation = #_sourceLocation
) -> [Diagnostic] {
  let rules = MarkedRules(marked)
  let found = findings(rules.text, code)
  #expect(positions(found) == rules.positions, sourceLocation: sourceLocation)
  return found
}

/// The `{…}` JSON profile of the first note that contains one.
func witnessJSON(_ diagnostic: Diagnostic) -> String? {
  for note in diagnostic.notes {
    guard let start = note.message.firstIndex(of: "{"), let end = note.message.lastIndex(of: "}") else { continue }
    return String(note.message[start...end])
  }
  return nil
}

/// Whether segment `name` of compiled `rules` matches the JSON profile (bound and run by the engine).
func segment(_ name: String, of rules: String, matches profileJSON: String, now: Instant = Reasoner.defaultNow) throws
  -> Bool
{
  let ruleSet = try #require(compile(rules).ruleSet)
  let index = try #require(ruleSet.segments.firstIndex { $0.name == name })
  let bound = try ruleSet.bind(jsonBytes: Array(profileJSON.utf8))
  return ruleSet.program.holds(segment: index, bound, now: now)
}

/// The quiz attributes most tests use.
let quizAttributes = """
  attribute experience: choice(beginner "I'm just starting", amateur "I train for fun", pro "I train professionally") from quiz "experience"
  attribute interests: choices(sports, music, yoga, running) from quiz "interests"
  attribute reminders: bool from toggle "reminders"
  """

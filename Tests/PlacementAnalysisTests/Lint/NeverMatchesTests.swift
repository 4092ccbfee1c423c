import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct NeverMatchesTests {
  @Test func contradictoryAgeBoundsNeverMatchAndTheNoteNamesTheTests() throws {
    let found = expectFindings("segment 1️⃣teen_seniors = age < 18 and age > 30", NeverMatches.id)
    let finding = try #require(found.first)
    #expect(finding.message == "segment 'teen_seniors' never matches: no profile satisfies 'age < 18 and age > 30'")
    #expect(finding.notes.map(\.message) == ["no value of 'age' satisfies 'age < 18' and 'age > 30'"])
  }

  @Test func negatedOperatorsAreQuotedAsWritten() throws {
    let found = expectFindings(
      "\(quizAttributes)\nsegment 1️⃣s = experience in [pro, amateur] and experience != pro and experience not in [amateur]",
      NeverMatches.id)
    #expect(
      found.first?.notes.map(\.message) == [
        "no value of 'experience' satisfies 'experience in [pro, amateur]' and 'experience != pro' and 'experience not in [amateur]'"
      ])
  }

  @Test(arguments: [
    "experience == pro and experience == amateur",
    "interests has music and interests is empty",
    "count(interests) > 4",
    "app_version > 1.0.0 and app_version < 1.0.1-0",
    "country in [\"US\"] and country not in [\"US\", \"CA\"]",
    "(age < 18 or age > 65) and age between 20 and 60",
    "experience is not set and experience == pro",
    "reminders and not reminders",
    "created_at before \"2025-01-01\" and created_at after \"2025-01-01\"",
  ])
  func contradictionsNeverMatch(condition: String) {
    expectFindings("\(quizAttributes)\nsegment 1️⃣s = \(condition)", NeverMatches.id)
  }

  @Test(arguments: [
    "age > 17 and age < 18",
    "app_version > 1.0.0 and app_version < 1.0.1",
    "country != \"US\" and country != \"CA\"",
    "count(interests) == 4",
    "email ends_with \"@gmail.com\" and email starts_with \"a\"",
    "experience != pro and experience is set",
  ])
  func satisfiableConditionsAreNotReported(condition: String) {
    expectFindings("\(quizAttributes)\nattribute email: string\nsegment s = \(condition)", NeverMatches.id)
  }

  @Test func alternativesThatAreAllContradictionsAreCounted() throws {
    let found = expectFindings(
      "segment 1️⃣s = (age < 18 and age > 30) or (country == \"US\" and country == \"CA\")", NeverMatches.id)
    #expect(found.first?.notes.map(\.message) == ["each of its alternatives ('or') is a contradiction"])
  }

  @Test func segmentWithACompileErrorIsNotReported() {
    #expect(findings("segment s = agee < 18 and age > 30", NeverMatches.id).isEmpty)
  }
}

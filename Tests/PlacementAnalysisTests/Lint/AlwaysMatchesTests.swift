import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct AlwaysMatchesTests {
  @Test(arguments: [
    "app_version >= 2.0 or app_version < 2.0 or app_version is not set",
    "country is set or country is not set",
    "experience != pro or experience != amateur",
    "not (age < 18 and age > 30)",
    "interests has music or not (interests has music)",
  ])
  func tautologiesAlwaysMatch(condition: String) throws {
    let found = expectFindings("\(quizAttributes)\nsegment 1️⃣s = \(condition)", AlwaysMatches.id)
    #expect(found.first?.message == "segment 's' always matches: every profile satisfies '\(condition)'")
  }

  @Test(arguments: [
    // A profile without age matches neither side: missing is its own case.
    "age >= 18 or age < 18",
    "app_version >= 2.0 or app_version < 2.0",
    "experience in [beginner, amateur, pro]",
    "country != \"US\"",
  ])
  func missingValuesBreakApparentTautologies(condition: String) {
    expectFindings("\(quizAttributes)\nsegment s = \(condition)", AlwaysMatches.id)
  }
}

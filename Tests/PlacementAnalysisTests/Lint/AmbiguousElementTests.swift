import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct AmbiguousElementTests {
  @Test func unqualifiedSourceSharingAnElementIdIsAnError() throws {
    let rules = """
      attribute goal_start: choice(lose, gain) from quiz "goal" on screen "scr_start"
      attribute goal_end: choice(lose, gain) 1️⃣from quiz "goal"
      attribute goal_again: choice(lose, gain) 2️⃣from quiz "goal"
      """
    let found = expectFindings(rules, AmbiguousElement.id)
    let first = try #require(found.first)
    #expect(first.severity == .error)
    #expect(
      first.message == "element 'goal' of 'goal_end' has no screen, but other declarations read the same element id")
    #expect(first.notes.compactMap { $0.span?.location.description } == ["1:42", "3:42"])
  }

  @Test func qualifiedOrUniqueSourcesAreFine() {
    let rules = """
      attribute goal_start: choice(lose, gain) from quiz "goal" on screen "scr_start"
      attribute goal_end: choice(lose, gain) from quiz "scr_end/goal"
      attribute email: string from input "email"
      """
    #expect(findings(rules, AmbiguousElement.id).isEmpty)
  }
}

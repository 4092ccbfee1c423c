import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct EmptyListTests {
  @Test func emptyListsAreErrorsSayingWhatTheyDo() {
    let rules = """
      \(quizAttributes)
      segment a = country in 1️⃣[]
      segment b = country not in 2️⃣[]
      segment c = interests has all 3️⃣[]
      segment d = interests has any 4️⃣[ ]
      """
    let found = expectFindings(rules, EmptyList.id)
    #expect(
      found.map(\.message) == [
        "empty list: 'country in []' never matches",
        "empty list: 'country not in []' matches every profile",
        "empty list: 'interests has all []' matches every profile with a value for 'interests'",
        "empty list: 'interests has any []' never matches",
      ])
    #expect(found.allSatisfy { $0.severity == .error })
  }

  @Test func nonEmptyListsPass() {
    #expect(findings("segment a = country in [\"US\"]", EmptyList.id).isEmpty)
  }
}

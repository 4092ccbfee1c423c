import Testing

@testable import PlacementCore

@Suite struct AdaptyLimitsTests {
  @Test func keys() {
    #expect(AdaptyLimits.keyProblem("experience") == nil)
    #expect(AdaptyLimits.keyProblem("a.b_c-d9") == nil)
    #expect(AdaptyLimits.keyProblem(String(repeating: "k", count: 30)) == nil)
    #expect(
      AdaptyLimits.keyProblem(String(repeating: "k", count: 31))
        == "key '\(String(repeating: "k", count: 31))' has 31 characters; Adapty allows 1 to 30")
    #expect(AdaptyLimits.keyProblem("") == "key '' has 0 characters; Adapty allows 1 to 30")
    #expect(AdaptyLimits.keyProblem("e mail") == "key 'e mail' may only use letters, digits, '.', '_' and '-'")
    #expect(AdaptyLimits.keyProblem("café") != nil)
  }

  @Test func values() {
    #expect(AdaptyLimits.valueProblem("k", .string(String(repeating: "x", count: 50))) == nil)
    #expect(AdaptyLimits.valueProblem("k", .string("  " + String(repeating: "x", count: 50) + "  ")) == nil)
    #expect(
      AdaptyLimits.valueProblem("k", .string(String(repeating: "x", count: 51)))
        == "'k': string of 51 characters; Adapty stores at most 50")
    #expect(AdaptyLimits.valueProblem("k", .string("  ")) == "'k': an empty string removes the attribute in Adapty")
    #expect(AdaptyLimits.valueProblem("k", .number(2.5)) == nil)
    #expect(AdaptyLimits.valueProblem("k", .array([])) != nil)
    #expect(AdaptyLimits.valueProblem("k", .bool(true)) != nil)
  }

  @Test func count() {
    let thirty = Dictionary(uniqueKeysWithValues: (0..<30).map { ("k\($0)", JSONValue.number(1)) })
    #expect(AdaptyLimits.problems(thirty) == [])
    var thirtyOne = thirty
    thirtyOne["k30"] = .number(1)
    #expect(AdaptyLimits.problems(thirtyOne) == ["31 custom attributes; Adapty stores at most 30 per profile"])
  }
}

import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct AdaptyLimitTests {
  @Test func keyLongerThan30CharactersWarns() {
    let name = String(repeating: "k", count: 31)
    let found = expectFindings("attribute 1️⃣\(name): string\nattribute \(name.dropLast()): string", AdaptyLimit.id)
    #expect(found.first?.message == "attribute key '\(name)' has 31 characters; Adapty allows 1 to 30")
  }

  @Test func stringLiteralOver50CharactersComparedWithACustomAttributeWarns() {
    let long = String(repeating: "a", count: 51)
    let fifty = String(repeating: "b", count: 50)
    let rules = """
      attribute note: string
      segment a = note == 1️⃣"\(long)"
      segment b = note starts_with 2️⃣"  \(long)  "
      segment c = note == "\(fifty)"
      segment d = country == "\(long)"
      segment e = note == 3️⃣"  "
      """
    let found = expectFindings(rules, AdaptyLimit.id)
    #expect(
      found.first?.message == "string of 51 characters compared with custom attribute 'note'; Adapty stores at most 50")
    #expect(
      found.last?.message
        == "empty string compared with custom attribute 'note'; Adapty removes an attribute set to \"\"")
  }

  @Test func the31stCustomAttributeWarnsOnce() {
    let declarations = (1...32).map { i in i == 31 ? "attribute 1️⃣a\(i): number" : "attribute a\(i): number" }
    let found = expectFindings(declarations.joined(separator: "\n"), AdaptyLimit.id)
    #expect(found.first?.message == "32 custom attributes are declared; an Adapty profile stores at most 30")
  }

  @Test(arguments: ["score", "a.b-c_d", "x"])
  func validKeysPass(key: String) {
    #expect(AdaptyLimit.keyProblem(key) == nil)
  }

  @Test func keysOutsideTheCharacterSetAreNamed() {
    #expect(
      AdaptyLimit.keyProblem("naïve")?.text
        == "attribute key 'naïve' may only use letters, digits, '.', '_' and '-'")
    #expect(AdaptyLimit.keyProblem("")?.text.contains("0 characters") == true)
  }
}

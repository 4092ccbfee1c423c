import TestSupport
import Testing

@testable import PlacementCore

/// With one evaluator there is no fallback for a profile bound by another rule set (the tree evaluator it used
/// crashed with "Index out of range" or answered wrongly): resolving it throws, whatever the two layouts.
@Suite struct BoundElsewhereTests {
  static func ruleSet(_ attributes: String) throws -> RuleSet {
    let text =
      attributes + """

        segment named = nick == "bob"
        placement home: flow {
          named -> flow b
          default -> flow c
        }
        """
    return try #require(Compilation.compile([RuleSource(name: "r.rules", text: text)]).ruleSet)
  }

  @Test func aProfileBoundByAnotherRuleSetThrowsInsteadOfCrashing() throws {
    let small = try Self.ruleSet("attribute nick: string")
    let large = try Self.ruleSet("attribute a: number\nattribute b: number\nattribute nick: string")
    let reordered = try Self.ruleSet("attribute nick: string\nattribute zz: number")
    let profile = Profile(customAttributes: ["nick": .string("bob")])
    let bound = small.bind(profile)
    #expect(
      try small.resolve("home", for: bound, options: ResolveOptions(now: .epoch)).content
        == .flow(id: "b", paywall: nil))
    for other in [large, reordered] {
      let mismatch = ResolveError.boundForAnotherRuleSet(boundBy: small.version, resolvingWith: other.version)
      #expect(throws: mismatch) {
        try other.resolve("home", for: bound, options: ResolveOptions(now: .epoch))
      }
      #expect(throws: mismatch) { try other.resolveAll(for: bound, options: ResolveOptions(now: .epoch)) }
      // Rebinding with the resolving rule set is the fix.
      #expect(
        try other.resolve("home", for: other.bind(profile), options: ResolveOptions(now: .epoch)).content
          == .flow(id: "b", paywall: nil))
    }
    // A profile bound without any rule set belongs to none.
    let unowned = BoundProfile(profile, attributes: small.attributes)
    #expect(throws: ResolveError.boundForAnotherRuleSet(boundBy: nil, resolvingWith: small.version)) {
      try small.resolve("home", for: unowned, options: ResolveOptions(now: .epoch))
    }
  }
}

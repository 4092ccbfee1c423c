import TestSupport
import Testing

@testable import PlacementCore

/// A bound profile belongs to the rule set that bound it. Resolving it with
/// another throws an error naming both versions; it used to crash ("Index out of range") or answer wrongly.
@Suite struct BoundProfileOwnershipTests {
  static let oneAttribute = BindingFixtures.oneAttribute
  static let threeAttributes = BindingFixtures.threeAttributes

  static func ruleSet(_ text: String, file: String = "test.rules") -> RuleSet {
    Compilation.compile([RuleSource(name: file, text: text)]).ruleSet!
  }

  static let options = ResolveOptions(now: Instant(millisecondsSince1970: 0))
  static let bob = BindingFixtures.bob

  func expectRefused(_ bound: BoundProfile, by ruleSet: RuleSet, boundBy: String?) {
    #expect(throws: ResolveError.boundForAnotherRuleSet(boundBy: boundBy, resolvingWith: ruleSet.version)) {
      try ruleSet.resolve("p", for: bound, options: Self.options)
    }
    #expect(throws: ResolveError.boundForAnotherRuleSet(boundBy: boundBy, resolvingWith: ruleSet.version)) {
      try ruleSet.resolveAll(for: bound, options: Self.options)
    }
  }

  @Test func boundByOneAttributeResolvedByThree() throws {
    let small = Self.ruleSet(Self.oneAttribute)
    let large = Self.ruleSet(Self.threeAttributes)
    #expect(small.version != large.version)
    for bound in [try small.bind(jsonBytes: Self.bob), small.bind(try Profile(jsonBytes: Self.bob))] {
      #expect(bound.ruleSetVersion == small.version)
      expectRefused(bound, by: large, boundBy: small.version)
      #expect(try small.resolve("p", for: bound, options: Self.options).content == .flow(id: "b", paywall: nil))
    }
    let message = ResolveError.boundForAnotherRuleSet(boundBy: small.version, resolvingWith: large.version)
      .description
    #expect(message.contains("bound by rule set version \(small.version)"))
    #expect(message.contains("resolved with rule set version \(large.version)"))
  }

  @Test func sameAttributesInTheOppositeOrder() throws {
    let forward = Self.ruleSet("attribute nick: string\nattribute city: string\n" + Self.oneAttribute.dropFirst(23))
    let backward = Self.ruleSet("attribute city: string\nattribute nick: string\n" + Self.oneAttribute.dropFirst(23))
    let bound = try forward.bind(jsonBytes: Self.bob)
    expectRefused(bound, by: backward, boundBy: forward.version)
    #expect(
      try backward.resolve("p", for: backward.bind(jsonBytes: Self.bob), options: Self.options).content
        == .flow(id: "b", paywall: nil))
  }

  @Test func theSameFilesCompiledAgainAreTheSameRuleSet() throws {
    let first = Self.ruleSet(Self.oneAttribute)
    let again = Self.ruleSet(Self.oneAttribute)
    #expect(first.version == again.version)
    #expect(first.version.count == 12)
    let bound = try first.bind(jsonBytes: Self.bob)
    #expect(try again.resolve("p", for: bound, options: Self.options).content == .flow(id: "b", paywall: nil))
    // Another file name is another rule set (diagnostics and spans would differ).
    #expect(Self.ruleSet(Self.oneAttribute, file: "other.rules").version != first.version)
  }

  @Test func aProfileBoundWithoutARuleSetIsRefused() throws {
    let ruleSet = Self.ruleSet(Self.oneAttribute)
    let bare = BoundProfile(try Profile(jsonBytes: Self.bob), attributes: ruleSet.attributes)
    #expect(bare.ruleSetVersion == nil)
    expectRefused(bare, by: ruleSet, boundBy: nil)
  }

}

import PlacementKit
import Testing

/// ``PlacementHandle``: a placement looked up by name once, then resolved without a lookup (the CLI's batch
/// and `diff --sample` resolve through handles). Public API only.
@Suite struct PlacementHandleTests {
  static func ruleSet(_ placements: String) throws -> RuleSet {
    let text = """
      attribute nick: string
      segment named = nick == "bob"

      """ + placements
    return try RuleSet.compile(text: text).get()
  }

  static let both = """
    placement home: flow {
      named -> flow b
      default -> flow c
    }
    placement shop: paywall {
      default -> paywall p
    }
    """

  @Test func handlesAreThePlacementsInDeclarationOrder() throws {
    let rules = try Self.ruleSet(Self.both)
    #expect(rules.placementHandles.map(\.name) == ["home", "shop"])
    #expect(rules.placementHandle(named: "shop") == rules.placementHandles[1])
    #expect(rules.placementHandle(named: "hom") == nil)
  }

  @Test func aHandleResolvesAsItsNameDoes() throws {
    let rules = try Self.ruleSet(Self.both)
    let options = ResolveOptions(now: Instant(millisecondsSince1970: 0))
    var profile = Profile(id: "p1")
    profile.customAttributes["nick"] = "bob"
    let bound = rules.bind(profile)
    for handle in rules.placementHandles {
      let byHandle = try rules.resolve(handle, for: bound, options: options)
      #expect(byHandle == (try rules.resolve(handle.name, for: bound, options: options)))
    }
    #expect(
      try rules.resolve(#require(rules.placementHandle(named: "home")), for: bound, options: options).content
        == .flow(id: "b", paywall: nil))
  }

  @Test func aHandleOfAnotherRuleSetResolvesItsPlacementByNameOrIsRefusedWhenTheNameIsGone() throws {
    let both = try Self.ruleSet(Self.both)
    let shopOnly = try Self.ruleSet("placement shop: paywall {\n  default -> paywall p\n}\n")
    let options = ResolveOptions(now: Instant(millisecondsSince1970: 0))
    // 'shop' is at index 1 in `both` and at index 0 here: the handle still means 'shop' (it used to be refused
    // as "unknown placement 'shop'; did you mean 'shop'?").
    let shop = try #require(both.placementHandle(named: "shop"))
    #expect(
      try shopOnly.resolve(shop, for: shopOnly.bind(Profile(id: "p1")), options: options).content
        == .paywall(id: "p"))
    let home = try #require(both.placementHandle(named: "home"))
    #expect(throws: ResolveError.unknownPlacement("home", known: ["shop"], suggestion: nil)) {
      try shopOnly.resolve(home, for: shopOnly.bind(Profile(id: "p1")), options: options)
    }
    // Same name at the same index: the handle is accepted, and the profile must still be bound by this rule set.
    let homeFirst = try Self.ruleSet("placement home: flow {\n  default -> flow c\n}\n")
    #expect(
      try homeFirst.resolve(home, for: homeFirst.bind(Profile(id: "p1")), options: options).content
        == .flow(id: "c", paywall: nil))
    #expect(throws: ResolveError.boundForAnotherRuleSet(boundBy: both.version, resolvingWith: homeFirst.version)) {
      try homeFirst.resolve(home, for: both.bind(Profile(id: "p1")), options: options)
    }
  }
}

import PlacementKit
import TestSupport
import Testing

/// The store's one-call API: it binds and resolves on one snapshot, and honours forced variations only when the
/// caller allows overrides.
@Suite struct RuleStoreResolveTests {
  @Test func theStoreBindsAndResolvesOnOneSnapshot() throws {
    let store = RuleStore(try #require(ruleSet(BindingFixtures.oneAttribute)))
    #expect(try store.resolve("p", jsonBytes: BindingFixtures.bob).content == .flow(id: "b", paywall: nil))
    // A profile bound before a reload is refused afterwards, never misread.
    let before = try store.ruleSet.bind(jsonBytes: BindingFixtures.bob)
    #expect(
      store.reload(sources: [RuleSource(name: "test.rules", text: BindingFixtures.threeAttributes)]).outcome == .applied
    )
    #expect(throws: ResolveError.self) {
      try store.ruleSet.resolve("p", for: before, options: ResolveOptions(now: Instant(millisecondsSince1970: 0)))
    }
    // The one-call API binds with the new rules: `a` and `b` are set now, so `bob` no longer matches.
    #expect(try store.resolve("p", jsonBytes: BindingFixtures.bob).content == .flow(id: "c", paywall: nil))
    #expect(try store.resolveAll(jsonBytes: BindingFixtures.bob).map(\.placement) == ["p"])
    #expect(throws: RequestError.self) { try store.resolve("p", jsonBytes: Array("[1]".utf8)) }
    do {
      _ = try store.resolve("q", jsonBytes: BindingFixtures.bob)
      Issue.record("an unknown placement must throw")
    } catch {
      guard case .resolve(.unknownPlacement("q", _, _)) = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
  }

  /// An id whose own bucket draws variation `b` of `home-1`, so a forced `a` is seen to win.
  static let drawsB = profileID(withBucket: 93, in: "home-1")

  /// A request's invalid JSON is reported with its position, so a 400 built from the error can point at it.
  @Test func aBadRequestProfileNamesWhereTheJSONIsInvalid() throws {
    let store = RuleStore(try #require(ruleSet(BindingFixtures.oneAttribute)))
    do {
      _ = try store.resolve("p", jsonBytes: Array(#"{"profile_id": "u", }"#.utf8))
      Issue.record("invalid JSON must throw")
    } catch {
      #expect(error.description == "bad profile: invalid JSON: expected a string key (line 1, column 21)")
    }
  }

  @Test func forceAlsoWorksOnProfilesBuiltInCodeAndThroughTheStore() throws {
    let rules = try #require(ruleSet(ABFixtures.overrides))
    var profile = Profile(profileID: Self.drawsB)
    profile.force = ["home_copy": "a"]
    let store = RuleStore(rules)
    #expect(try store.resolve("home", for: profile, options: ResolveOptions(now: pinnedNow)).abTest?.variation == "b")
    let forced = try store.resolve("home", for: profile, options: ResolveOptions(now: pinnedNow, allowOverrides: true))
    #expect(forced.abTest?.variation == "a")
    #expect(forced.reason == .override)
    let json = Array(#"{"profile_id":"\#(Self.drawsB)","force":{"home_copy":"a"}}"#.utf8)
    #expect(
      try store.resolve("home", jsonBytes: json, options: ResolveOptions(now: pinnedNow)).abTest?.variation == "b")
    #expect(
      try store.resolve("home", jsonBytes: json, options: ResolveOptions(now: pinnedNow, allowOverrides: true)).abTest?
        .variation
        == "a")
  }
}

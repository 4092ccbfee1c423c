import TestSupport
import Testing

@testable import PlacementCore

/// Deciding prerequisites resolves each placement they read once, and an explained decision lists the decisions
/// deciding recorded: for `variation(t)`, the placement whose draw gave the variation.
@Suite struct PrerequisiteRecordTests {
  static let rules = ABFixtures.prerequisiteReads

  /// p1 (no goal): `banner` decides its default row, `main` draws `spring` (b, bucket 89). p2 (calm): both draw
  /// `spring` (b, bucket 64), `banner` first. A calm profile without id: `banner` draws `a` without a bucket.
  static let p1 = #"{"profile_id": "p1"}"#
  static let p2 = #"{"profile_id": "p2", "custom_attributes": {"goal": "calm"}}"#
  static let nobody = "{}"

  static let bannerDefault =
    #"{"placement":"banner","audience":{"index":1,"name":"default","segment":null},"#
    + #""content":{"type":"paywall","id":"banner_plain"},"ab_test":null,"reason":"DEFAULT"}"#
  static let bannerB =
    #"{"placement":"banner","audience":{"index":0,"name":"calm","segment":"goal == calm"},"#
    + #""content":{"type":"paywall","id":"banner_b"},"#
    + #""ab_test":{"name":"spring","version_id":"spring","variation":"b","bucket":64},"reason":"SPLIT"}"#
  static func mainB(bucket: Int) -> String {
    #"{"placement":"main","audience":{"index":0,"name":"everyone","segment":"profile_id is set"},"#
      + #""content":{"type":"paywall","id":"main_b"},"#
      + #""ab_test":{"name":"spring","version_id":"spring","variation":"b","bucket":\#(bucket)},"reason":"SPLIT"}"#
  }
  static let mainDefault =
    #"{"placement":"main","audience":{"index":1,"name":"default","segment":null},"#
    + #""content":{"type":"paywall","id":"standard"},"ab_test":null,"reason":"DEFAULT"}"#

  static func prerequisitesJSON(_ profile: String, _ placement: String) throws -> String? {
    let json = try decide(rules, profile, placement: placement, explain: true).jsonString
    guard let start = json.range(of: #","prerequisites":"#) else { return nil }
    return String(json[start.upperBound...].dropLast())
  }

  @Test func variationListsThePlacementItWasReadFrom() throws {
    // p1: `banner` does not draw `spring`, `main` does: the variation is `main`'s.
    #expect(try Self.prerequisitesJSON(Self.p1, "promo") == "[\(Self.mainB(bucket: 89))]")
    // p2: `banner` draws first; `main` is not resolved for `variation(spring)`.
    #expect(try Self.prerequisitesJSON(Self.p2, "promo") == "[\(Self.bannerB)]")
    // No id, no goal: no placement draws `spring`; both decisions say why it is missing.
    #expect(try Self.prerequisitesJSON(Self.nobody, "promo") == "[\(Self.bannerDefault),\(Self.mainDefault)]")
  }

  @Test func eachPlacementIsListedOnceInDependencyOrder() throws {
    // `follow` reads `variation(spring)`, `content(main)` and `row(main)`: `main` gives all three for p1.
    #expect(try Self.prerequisitesJSON(Self.p1, "follow") == "[\(Self.mainB(bucket: 89))]")
    #expect(try Self.prerequisitesJSON(Self.p2, "follow") == "[\(Self.bannerB),\(Self.mainB(bucket: 64))]")
    #expect(try Self.prerequisitesJSON(Self.nobody, "follow") == "[\(Self.bannerDefault),\(Self.mainDefault)]")
    #expect(try Self.prerequisitesJSON(Self.p1, "main") == nil)
    #expect(try decide(Self.rules, Self.p1, placement: "follow").prerequisites == nil)
  }

  @Test func decidingResolvesEachPlacementOnce() throws {
    let rules = try #require(compile(Self.rules).ruleSet)
    let (banner, main, follow) = (0, 1, 2)
    for (profile, resolved) in [(Self.p1, [banner, main]), (Self.p2, [banner, main]), (Self.nobody, [banner, main])] {
      let bound = try rules.bind(jsonBytes: Array(profile.utf8))
      // Every prerequisite of the rules (as a batch decides them), and those of one placement.
      for decided in [
        rules.decidingPrerequisites(bound, now: testNow),
        rules.decidingPrerequisites(bound, for: follow, now: testNow, keepingRecord: true),
      ] {
        let record = try #require(decided.prerequisiteRecord)
        #expect(record.resolved.map(\.placement) == resolved, "\(profile)")
      }
    }
    // A profile whose prerequisites are decided is not decided again, nor resolved again to explain.
    let decided = rules.decidingPrerequisites(try rules.bind(jsonBytes: Array(Self.p1.utf8)), now: testNow)
    #expect(
      rules.decidingPrerequisites(decided, for: follow, now: testNow, keepingRecord: true).prerequisiteRecord?
        .resolved.count == 2)
    // Only a caller that explains keeps the record: the others save its storage.
    let bound = try rules.bind(jsonBytes: Array(Self.p1.utf8))
    #expect(rules.decidingPrerequisites(bound, options: ResolveOptions(now: testNow)).prerequisiteRecord == nil)
    #expect(
      rules.decidingPrerequisites(bound, options: ResolveOptions(now: testNow, explain: true)).prerequisiteRecord?
        .resolved.count == 2)
    let explained = rules.resolve(follow, for: decided, options: ResolveOptions(now: testNow, explain: true))
    #expect(explained.prerequisites?.map(\.placement) == ["main"])
  }

  @Test func aProfileWithoutPrerequisitesHasNoRecord() throws {
    let rules = try #require(compile("placement p: flow {\n  default -> flow a\n}").ruleSet)
    let bound = try rules.bind(jsonBytes: Array(Self.p1.utf8))
    #expect(rules.decidingPrerequisites(bound, now: testNow).prerequisiteRecord == nil)
  }
}

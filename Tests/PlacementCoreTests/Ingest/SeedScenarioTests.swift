import Foundation
import TestSupport
import Testing

@testable import PlacementCore

/// The seed document's events through the shipped rules.
@Suite struct SeedScenarioTests {
  static let rules: RuleSet = try! shippedRuleSet()

  static func seedProfile() throws -> Profile {
    let url = fixturesFolder.appendingPathComponent("seed-events.jsonl")
    var profile = Profile(profileID: "seed")
    for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
      profile.apply(event: try JSONReader.parse(Array(line.utf8)))
    }
    return profile
  }

  func value(_ name: String, _ profile: Profile) -> Value {
    let rules = Self.rules
    let attribute = rules.attributes.first { $0.name == name }!
    return rules.bind(profile).values[attribute.slot]
  }

  @Test func seedEventsDeriveEveryAttribute() throws {
    let profile = try Self.seedProfile()
    let interests = Self.rules.attributes.first { $0.name == "interests" }!.type.options!
    #expect(
      value("experience", profile).display(Self.rules.attributes.first { $0.name == "experience" }!.type) == "pro")
    #expect(
      value("interests", profile)
        == .choices(1 << UInt64(interests.index(of: "sports")!) | 1 << UInt64(interests.index(of: "music")!)))
    #expect(value("birthday", profile) == .date(Instant(millisecondsSince1970: 645_408_000_000)))
    #expect(Instant(millisecondsSince1970: 645_408_000_000).iso8601 == "1990-06-15T00:00:00Z")
    #expect(value("reminders", profile) == .bool(true))
    #expect(value("email", profile) == .string("jane@example.com"))
    #expect(Self.rules.bind(profile).warnings == [])
  }

  @Test func seedProfileResolvesToProOnboarding() throws {
    let decision = try Self.rules.resolve(
      "onboarding_end", for: Self.rules.bind(try Self.seedProfile()), options: ResolveOptions(now: testNow))
    #expect(decision.content == .flow(id: "pro_onboarding", paywall: nil))
    #expect(decision.audience == Audience(index: 0, name: "pros", segment: "experience == pro"))
  }

  func event(
    _ element: String, _ type: String, _ payload: String, screen: String = "scr_J260KU5q",
    name: String = "flow_user_input"
  ) throws -> JSONValue {
    try JSONReader.parse(
      #"{"name":"\#(name)","instanceId":"\#(screen)","element_id":"\#(element)","element_type":"\#(type)",\#(payload)}"#
    )
  }

  @Test func lastValueWins() throws {
    var profile = Profile(profileID: "p")
    profile.apply(
      event: try event("experience", "single_choice", #""item_ids":["beginner"],"item_titles":["I'm just starting"]"#))
    profile.apply(
      event: try event("experience", "single_choice", #""item_ids":["amateur"],"item_titles":["I train for fun"]"#))
    #expect(value("experience", profile) == .choice(1))
  }

  @Test func emptyStringRemovesEmail() throws {
    var profile = Profile(profileID: "p")
    profile.apply(event: try event("email", "email_input", #""value":"jane@example.com""#, screen: "scr_registration"))
    profile.apply(event: try event("email", "email_input", #""value":"""#, screen: "scr_registration"))
    #expect(value("email", profile) == .missing)
  }

  @Test func deselectingAllInterestsGivesEmptySet() throws {
    var profile = Profile(profileID: "p")
    profile.apply(event: try event("interests", "multi_choice", #""item_ids":["music"],"item_titles":["Music"]"#))
    profile.apply(event: try event("interests", "multi_choice", #""item_ids":[],"item_titles":[]"#))
    #expect(value("interests", profile) == .choices(0))
    let declarations = #"attribute interests: choices(sports, music) from quiz "interests""#
    let json =
      #"{"profile_id":"p","events":[{"name":"flow_user_input","instanceId":"s","element_id":"interests","element_type":"multi_choice","item_ids":["music"],"item_titles":["Music"]},{"name":"flow_user_input","instanceId":"s","element_id":"interests","element_type":"multi_choice","item_ids":[],"item_titles":[]}]}"#
    #expect(try matches(declarations, "interests is empty", json))
    #expect(try !matches(declarations, "interests has music", json))
  }

  @Test func nonInputEventsChangeNothing() throws {
    var profile = Profile(profileID: "p")
    profile.apply(event: try event("experience", "single_choice", #""item_ids":["pro"]"#, name: "flow_screen_showed"))
    #expect(profile.answers.isEmpty)
    #expect(profile.warnings.isEmpty)
  }

  @Test func wrongValueTypeIsReportedAndSkipped() throws {
    let json =
      #"{"profile_id":"p","events":[{"name":"flow_user_input","instanceId":"s","element_id":"reminders","element_type":"toggle","value":"yes"},{"name":"flow_user_input","instanceId":"s","element_id":"experience","element_type":"single_choice","item_ids":["pro"]}]}"#
    let profile = try Profile(jsonBytes: Array(json.utf8))
    #expect(profile.warnings.count == 1)
    #expect(profile.warnings[0].hasPrefix("events[0]: skipped event: "))
    #expect(profile.warnings[0].contains("'value'"))
    #expect(value("reminders", profile) == .missing)
    #expect(value("experience", profile) == .choice(2))
  }
}

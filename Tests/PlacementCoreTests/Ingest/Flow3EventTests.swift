import Foundation
import TestSupport
import Testing

@testable import PlacementCore

/// SDK 3.x onboarding payloads (`onStateUpdatedAction`) and the onboarding analytics events, one fixture per
/// shape (`Fixtures/flow3/`), through the shipped rules and small rule sets.
@Suite struct Flow3EventTests {
  static let rules: RuleSet = try! shippedRuleSet()

  static func lines(_ fixture: String) throws -> [JSONValue] {
    let url = fixturesFolder.appendingPathComponent("flow3/\(fixture)")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
      try JSONReader.parse(Array($0.utf8))
    }
  }

  static func profile(_ fixtures: String...) throws -> Profile {
    var profile = Profile(profileID: "p")
    for fixture in fixtures { for event in try lines(fixture) { profile.apply(event: event) } }
    return profile
  }

  static func value(_ name: String, _ profile: Profile, in rules: RuleSet = rules) -> String {
    let attribute = rules.attributes.first { $0.name == name }!
    return rules.bind(profile).values[attribute.slot].display(attribute.type)
  }

  static func ruleSet(_ text: String) throws -> RuleSet {
    let compilation = compile(text)
    guard let ruleSet = compilation.ruleSet else {
      throw HarnessError(message: DiagnosticRenderer().render(compilation.diagnostics))
    }
    return ruleSet
  }

  @Test func selectReadsTheOptionValueByDefault() throws {
    let profile = try Self.profile("select.jsonl")
    #expect(Self.value("experience", profile) == "pro")
    #expect(Self.rules.bind(profile).warnings == [])
    let event = try FlowEvent.decode(try Self.lines("select.jsonl")[0])!
    #expect(event.screenID == "scr_experience")
    #expect(event.onboardingID == "onb_fitness")
    #expect(event.elementKind == .singleChoice)
    #expect(event.change == .set(.option(FlowOption(id: "option_3", value: "pro"))))
  }

  @Test func keyIDReadsTheOptionID() throws {
    let rules = try Self.ruleSet(
      #"attribute experience: choice(option_1, option_2, option_3) from quiz "experience" key id"#)
    #expect(Self.value("experience", try Self.profile("select.jsonl"), in: rules) == "option_3")
    let byValue = try Self.ruleSet(
      #"attribute experience: choice(option_1, option_2, option_3) from quiz "experience" key value"#)
    let bound = byValue.bind(try Self.profile("select.jsonl"))
    #expect(
      bound.warnings == [
        "attribute 'experience': answer \"pro\" treated as missing: not an option id (option_1, option_2, option_3)"
      ])
  }

  @Test func multiSelectReadsEveryOptionOnce() throws {
    let profile = try Self.profile("multi-select.jsonl")
    #expect(Self.value("interests", profile) == "[sports, music]")
    let rules = try Self.ruleSet(#"attribute interests: choices(option_1, option_2) from quiz "interests" key id"#)
    #expect(Self.value("interests", profile, in: rules) == "[option_1, option_2]")
  }

  @Test func inputOfEachType() throws {
    let profile = try Self.profile("input.jsonl")
    #expect(Self.value("email", profile) == "\"jane@example.com\"")
    let rules = try Self.ruleSet(
      """
      attribute nickname: string from input "nickname"
      attribute weight: number from input "weight"
      """)
    var more = Profile(profileID: "p")
    more.apply(events: [
      try JSONReader.parse(
        #"{"name":"onStateUpdatedAction","elementId":"nickname","params":{"type":"input","value":{"type":"text","value":"Jo"}}}"#
      ),
      try JSONReader.parse(
        #"{"name":"onStateUpdatedAction","elementId":"weight","params":{"type":"input","value":{"type":"number","value":"72,5"}}}"#
      ),
    ])
    #expect(Self.value("nickname", more, in: rules) == "\"Jo\"")
    #expect(Self.value("weight", more, in: rules) == "72.5")
    more.apply(events: [
      try JSONReader.parse(
        #"{"name":"onStateUpdatedAction","elementId":"nickname","params":{"type":"input","value":{"type":"text","value":""}}}"#
      )
    ])
    #expect(rules.bind(more).values[rules.attributes.first { $0.name == "nickname" }!.slot] == .missing)
  }

  /// A civil date is 00:00 UTC of that day: the instant an SDK 4 date picker sends from a device in UTC.
  @Test func datePickerIsMidnightUTC() throws {
    let profile = try Self.profile("date-picker.jsonl")
    let birthday = Self.rules.attributes.first { $0.name == "birthday" }!
    #expect(Self.rules.bind(profile).values[birthday.slot] == .date(Instant(millisecondsSince1970: 645_408_000_000)))
    #expect(CivilDate.daysSinceEpoch(year: 1970, month: 1, day: 1) == 0)
    #expect(CivilDate.daysSinceEpoch(year: 2000, month: 3, day: 1) == 11_017)
    #expect(CivilDate.daysSinceEpoch(year: 1969, month: 12, day: 31) == -1)
    #expect(CivilDate.days(inMonth: 2, of: 2000) == 29)
    #expect(CivilDate.days(inMonth: 2, of: 1900) == 28)
  }

  @Test func badShapesCostTheirEventOnly() throws {
    let profile = try Self.profile("bad-shapes.jsonl", "select.jsonl")
    #expect(
      profile.warnings == [
        "skipped event: onStateUpdatedAction event: missing 'elementId'",
        "skipped event: event 'experience': missing 'params.value.value'",
        "skipped event: event 'interests': 'params.value' must be an array of {id, value, label} objects, found "
          + "object",
        "skipped event: event 'birthday': 'params.value' 1990-2-30 is not a calendar date (year 1–9999)",
        "skipped event: event 'email': unknown 'params.value.type' \"phone\" (expected one of: text, email, number)",
        "skipped event: event 'experience': unknown 'params.type' \"slider\" (expected one of: select, multiSelect, "
          + "input, datePicker)",
        "skipped event: screen_presented event: 'meta.screen_cid' must be a string, found number",
      ])
    #expect(Self.value("experience", profile) == "pro")
  }

  @Test func analyticsEventsAreRecognisedAndAnswerNothing() throws {
    let profile = try Self.profile("analytics.jsonl")
    #expect(profile.warnings == [])
    #expect(profile.answers.isEmpty)
    #expect(profile.answers.wasPresented(screen: "scr_experience"))
    #expect(!profile.answers.wasPresented(screen: "scr_interests"))
    #expect(profile.answers.flowCompleted == true)
    #expect(Self.value("flow_completed", profile) == "true")
    #expect(Self.value("experience", profile) == "missing")
  }

  static let presetRules = """
    attribute experience: choice(beginner, amateur, pro) from quiz "experience" default amateur if screen "scr_experience" presented
    segment finished = flow_completed
    segment left_early = flow_completed == false
    segment finished_amateur = finished and experience == amateur
    placement p: flow {
      finished_amateur -> flow finished_amateur
      left_early -> flow win_back
      default -> flow other
    }
    """

  @Test func presentedScreenAppliesTheDefault() throws {
    let rules = try Self.ruleSet(Self.presetRules)
    let presented = try Self.profile("analytics.jsonl")
    #expect(Self.value("experience", presented, in: rules) == "amateur")
    let answered = try Self.profile("analytics.jsonl", "select.jsonl")
    #expect(Self.value("experience", answered, in: rules) == "pro")
    #expect(Self.value("experience", try Self.profile("select.jsonl"), in: rules) == "pro")
    #expect(Self.value("experience", Profile(profileID: "p"), in: rules) == "missing")
    let decision = try rules.resolve("p", for: rules.bind(presented), options: ResolveOptions(now: testNow))
    #expect(decision.content == .flow(id: "finished_amateur", paywall: nil))
  }

  @Test func flowCompletedFollowsTheLastOnboarding() throws {
    let rules = try Self.ruleSet(Self.presetRules)
    var left = Profile(profileID: "p")
    left.apply(events: Array(try Self.lines("analytics.jsonl").dropLast()))
    #expect(left.answers.flowCompleted == false)
    let decision = try rules.resolve("p", for: rules.bind(left), options: ResolveOptions(now: testNow))
    #expect(decision.content == .flow(id: "win_back", paywall: nil))
    var next = try Self.profile("analytics.jsonl")
    next.apply(events: [try JSONReader.parse(#"{"name":"onboarding_started","meta":{"onboarding_id":"onb_2"}}"#)])
    #expect(next.answers.flowCompleted == false)
    // Inputs alone do not say: the top-level member decides, as for any built-in.
    let inputsOnly = try readProfile(#"{"profile_id":"p","flow_completed":true}"#)
    #expect(Self.value("flow_completed", inputsOnly, in: rules) == "true")
    #expect(Self.value("flow_completed", try Self.profile("select.jsonl"), in: rules) == "missing")
  }

  /// `RuleSet.ingest` folds the 3.x answers and keeps the analytics events, so binding the printed profile gives
  /// every attribute, `flow_completed` included, the value the events gave.
  @Test func ingestFoldsAnswersAndKeepsAnalyticsEvents() throws {
    let rules = try Self.ruleSet(
      Self.presetRules + "\nattribute interests: choices(sports, music) from quiz \"interests\"\n")
    var ingested: [IngestedEvent] = []
    for fixture in ["analytics.jsonl", "multi-select.jsonl"] {
      for json in try Self.lines(fixture) {
        ingested.append(IngestedEvent(json: json, event: try FlowEvent.decode(json)!))
      }
    }
    let printed = rules.ingest(ingested, into: [:], profile: Profile())
    #expect(
      printed.customAttributes == [
        "experience": .string("amateur"), "interests": .array([.string("sports"), .string("music")]),
      ])
    guard case .array(let kept)? = printed.members["events"] else {
      Issue.record("no events kept")
      return
    }
    #expect(kept == (try Self.lines("analytics.jsonl")))
    let rebound = rules.bind(try Profile(json: .object(printed.members)))
    var events = try Self.profile("analytics.jsonl", "multi-select.jsonl")
    events.profileID = nil
    let direct = rules.bind(events)
    #expect(rebound.values == direct.values)
    #expect(Self.value("flow_completed", try Profile(json: .object(printed.members)), in: rules) == "true")
  }

  /// An answer to a quiz with a presented default is not folded away: the kept `screen_presented` event would
  /// apply the default over it when the printed profile is bound.
  @Test func ingestKeepsTheAnswersOfAQuizWithAPresentedDefault() throws {
    let rules = try Self.ruleSet(Self.presetRules)
    for extra in [
      #"{"name":"onStateUpdatedAction","elementId":"experience","params":{"type":"select","value":{"id":"o","value":"pro","label":"P"}}}"#,
      #"{"name":"onStateUpdatedAction","elementId":"experience","params":{"type":"select","value":null}}"#,
    ] {
      var ingested: [IngestedEvent] = []
      for json in try Self.lines("analytics.jsonl") + [try JSONReader.parse(extra)] {
        ingested.append(IngestedEvent(json: json, event: try FlowEvent.decode(json)!))
      }
      let printed = rules.ingest(ingested, into: [:], profile: Profile())
      var direct = Profile()
      for event in ingested { direct.answers.apply(event.event) }
      let rebound = rules.bind(try Profile(json: .object(printed.members)))
      #expect(rebound.values == rules.bind(direct).values, "\(extra)")
    }
  }

  /// The JSON-bytes binder decides as the reference path does.
  @Test func bytesPathAgrees() throws {
    let rules = try Self.ruleSet(Self.presetRules)
    let events = try String(
      contentsOf: fixturesFolder.appendingPathComponent("flow3/analytics.jsonl"), encoding: .utf8
    ).split(separator: "\n").joined(separator: ",")
    for json in [
      #"{"profile_id":"p","events":[\#(events)]}"#,
      #"{"profile_id":"p","flow_completed":"yes","events":[\#(events)]}"#,
      #"{"profile_id":"p","flow_completed":false}"#,
    ] {
      let bytes = try rules.bind(jsonBytes: Array(json.utf8))
      let reference = rules.bind(try readProfile(json))
      #expect(bytes.values == reference.values, "\(json)")
      #expect(bytes.warnings == reference.warnings, "\(json)")
    }
  }

  @Test func clausesAreCheckedAtCompileTime() {
    let cases: [(String, String)] = [
      (
        #"attribute e: choice(a, b) from quiz "e" default c if screen "s" presented"#,
        "the default 'c' is not one of the attribute's options (a, b)"
      ),
      (#"attribute e: choice(a, b) from quiz "e" default a if screen "" presented"#, "the screen id cannot be empty"),
      (#"attribute e: choice(a, b) from quiz "e" key label"#, "unknown option key 'label': expected id or value"),
      (#"attribute e: string from input "e" key id"#, "'key' applies to a quiz source, not to input"),
      (
        #"attribute e: string from input "e" default a if screen "s" presented"#,
        "'default' applies to a quiz source, not to input"
      ),
    ]
    for (rules, message) in cases {
      let diagnostics = compile(rules).diagnostics.filter { $0.severity == .error }
      #expect(diagnostics.map(\.message) == [message], "\(rules)")
    }
    let unfinished = compile(#"attribute e: choice(a, b) from quiz "e" default a if screen "s""#).diagnostics
    #expect(unfinished.filter { $0.severity == .error }.map(\.message) == ["expected 'presented', found end of file"])
  }
}

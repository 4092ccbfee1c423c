import TestSupport
import Testing

@testable import PlacementCore

/// Event conditions (`count(event …)`, `first_at(…)`, `last_at(…)`) read the profile's behavioural events at the
/// resolution's `now`; a row's cap (`limit 3 per 7 days`) skips it once this placement showed that content as often
/// as allowed in the window.
@Suite struct EventConditionTests {
  static let now = Instant(iso8601: "2026-12-10T12:00:00Z")!

  static let rules = """
    segment fatigued = count(event "paywall_shown" where placement == "main_paywall" within last 7 days) >= 3
    segment never_onboarded = count(event "onboarding_completed") == 0
    segment lapsed_buyer = last_at(event "purchase_attempt") more than 30 days ago
    segment new_user = first_at(event "app_open") is not set
    placement fatigue: paywall {
      fatigued -> paywall light
      default -> paywall standard
    }
    placement onboarding: flow {
      never_onboarded -> flow intro
      default -> flow none
    }
    placement winback: paywall {
      lapsed_buyer -> paywall winback
      new_user -> paywall welcome
      default -> paywall standard
    }
    """

  /// An event JSON object `days` before ``now`` (negative: after it).
  static func event(_ name: String, daysAgo days: Double, _ properties: String = "") -> String {
    let at = now.millisecondsSince1970 - Int64(days * 86_400_000)
    let props = properties.isEmpty ? "" : #", "properties": {\#(properties)}"#
    return #"{"name": "\#(name)", "at": \#(at)\#(props)}"#
  }

  static func profile(_ events: [String], extra: String = "") -> String {
    #"{"profile_id": "p-1", "events": [\#(events.joined(separator: ", "))]\#(extra)}"#
  }

  /// Resolves on both binding paths (the batch's fast binder and the reference path) and checks they agree.
  func decide(_ rules: String, _ json: String, placement: String, explain: Bool = false) throws -> Decision {
    let ruleSet = try #require(compile(rules).ruleSet)
    let options = ResolveOptions(now: Self.now, explain: explain)
    let reference = try ruleSet.resolve(placement, for: ruleSet.bind(readProfile(json)), options: options)
    let fast = try ruleSet.resolve(placement, for: ruleSet.bind(jsonBytes: Array(json.utf8)), options: options)
    #expect(fast == reference)
    return reference
  }

  @Test(arguments: [
    ([0.5, 1, 6.9], "light"),  // three showings in the window
    ([0.5, 1], "standard"),  // two
    ([0.5, 1, 7.5], "standard"),  // three, one older than the window
    ([0.5, 1, 7], "light"),  // three, one exactly 7 days before `now`: the window includes both ends
    ([0.5, 1, -1], "standard"),  // three, one after `now`: does not count
  ])
  func countWithinAWindow(_ days: [Double], _ paywall: String) throws {
    let events = days.map { Self.event("paywall_shown", daysAgo: $0, #""placement": "main_paywall""#) }
    let decision = try decide(Self.rules, Self.profile(events), placement: "fatigue")
    #expect(decision.content == .paywall(id: paywall))
  }

  @Test func theWherePropertyMustMatch() throws {
    let events = [0.5, 1, 2].map { Self.event("paywall_shown", daysAgo: $0, #""placement": "settings""#) }
    #expect(try decide(Self.rules, Self.profile(events), placement: "fatigue").content == .paywall(id: "standard"))
  }

  @Test func neverCompletedOnboarding() throws {
    #expect(
      try decide(Self.rules, Self.profile([]), placement: "onboarding").content == .flow(id: "intro", paywall: nil))
    let done = Self.profile([Self.event("onboarding_completed", daysAgo: 3)])
    #expect(try decide(Self.rules, done, placement: "onboarding").content == .flow(id: "none", paywall: nil))
  }

  @Test func countersGiveTheWholeHistoryCount() throws {
    let counted = Self.profile([], extra: #", "counters": {"onboarding_completed": 1}"#)
    #expect(try decide(Self.rules, counted, placement: "onboarding").content == .flow(id: "none", paywall: nil))
  }

  @Test(arguments: [
    ([45.0], "winback"),  // last attempt 45 days ago
    ([45, 10], "standard"),  // the last one was 10 days ago
    ([], "welcome"),  // no app_open: first_at is not set; no attempt: last_at is missing
  ])
  func lastAndFirstOccurrence(_ days: [Double], _ paywall: String) throws {
    var events = days.map { Self.event("purchase_attempt", daysAgo: $0) }
    if !days.isEmpty { events.append(Self.event("app_open", daysAgo: 50)) }
    #expect(try decide(Self.rules, Self.profile(events), placement: "winback").content == .paywall(id: paywall))
  }

  @Test func isoInstantsAndUnorderedEvents() throws {
    let json = #"""
      {"profile_id": "p-1", "events": [
        {"name": "purchase_attempt", "at": "2026-10-01T00:00:00+02:00"},
        {"name": "app_open", "at": "2026-09-01T00:00:00Z"}]}
      """#
    #expect(try decide(Self.rules, json, placement: "winback").content == .paywall(id: "winback"))
  }

  @Test func aBadEventCostsThatEventWithALocatedWarning() throws {
    let json = #"""
      {"profile_id": "p-1", "events": [{"name": "purchase_attempt", "at": "yesterday"},
        {"name": "purchase_attempt", "at": 1, "properties": [1]}, {"name": "app_open", "at": "2026-12-01T00:00:00Z"}]}
      """#
    let decision = try decide(Self.rules, json, placement: "winback")
    #expect(decision.content == .paywall(id: "standard"))
    #expect(
      decision.warnings == [
        "events[0]: 'at' must be an ISO 8601 instant with an offset or Unix milliseconds; event skipped",
        "events[1]: 'properties' must be an object, found array; event skipped",
      ])
  }

  @Test func aBareDateIsNotAnInstant() throws {
    let json = #"{"profile_id": "p-1", "events": [{"name": "app_open", "at": "2026-12-01"}]}"#
    let decision = try decide(Self.rules, json, placement: "winback")
    #expect(decision.content == .paywall(id: "welcome"))
    #expect(
      decision.warnings == [
        "events[0]: 'at' must be an ISO 8601 instant with an offset or Unix milliseconds; event skipped"
      ])
  }

  @Test func theMostRecentEventsAreKept() throws {
    let events = (0..<(EventLog.maxEvents + 5)).map { Self.event("paywall_shown", daysAgo: 400 - Double($0) / 10) }
    let rules = """
      segment many = count(event "paywall_shown") >= 1000
      placement p: paywall {
        many -> paywall many
        default -> paywall few
      }
      """
    let decision = try decide(rules, Self.profile(events), placement: "p")
    #expect(decision.content == .paywall(id: "many"))
    #expect(decision.warnings == ["events: 1005 events, more than 1000; the 1000 most recent are kept"])
  }

  @Test func explainShowsTheQuery() throws {
    let decision = try decide(Self.rules, Self.profile([]), placement: "fatigue", explain: true)
    let trace = try #require(decision.explanation?.first)
    guard case .notMatched(let condition, _) = trace.outcome else {
      Issue.record("\(trace)")
      return
    }
    #expect(condition.contains(#"count(event "paywall_shown""#))
  }

  /// Each event query costs a pass over the profile's events in every resolution: the compile-time bound counts
  /// it, so enough distinct queries make a placement too costly.
  @Test func eventQueriesCountInTheResolutionCost() {
    let segments = (0..<600).map { #"segment s\#($0) = count(event "e\#($0)" where k == v) > 0"# }
    let rows = (0..<600).map { "  s\($0) -> paywall a" }
    let rules = (segments + ["placement p: paywall {"] + rows + ["  default -> paywall b", "}"]).joined(separator: "\n")
    let codes = compile(rules).diagnostics.filter { $0.severity == .error }.map(\.code.id)
    #expect(codes == ["placement-too-costly"])
    let fewer =
      (segments.prefix(100) + ["placement p: paywall {"] + rows.prefix(100) + ["  default -> paywall b", "}"])
    #expect(compile(fewer.joined(separator: "\n")).ruleSet != nil)
  }

  @Test func anUnquotedEventNameIsReportedAsSuch() {
    let errors = compile(segmentRules("", "count(event paywall_shown) > 1")).diagnostics.filter {
      $0.severity == .error
    }
    #expect(
      errors.map(\.message) == ["expected an event name as a string, e.g. \"paywall_shown\", found 'paywall_shown'"])
    #expect(compile(segmentRules("attribute event: choices(a, b)", "count(event) > 1")).ruleSet != nil)
    let bare = compile(segmentRules("", #"count(event "x")"#)).diagnostics.filter { $0.severity == .error }
    #expect(bare.map(\.message) == ["expected a comparison after 'count(event …)', found the end of the line"])
  }

  @Test func badQueriesAreReportedWhereWritten() {
    let errors = compile(
      """
      segment a = count(event "x" within last 3 fortnights) > 1
      segment b = count(event "x" where k == [1, 2]) > 1
      segment c = count(event "x" within last 0 days) > 1
      placement p: paywall {
        a -> paywall a
        b -> paywall b
        c -> paywall c
        default -> paywall d
      }
      """
    ).diagnostics.filter { $0.severity == .error }
    #expect(positions(errors) == ["1:43", "2:40", "3:41"])
  }
}

/// `limit <n> per <m> <unit>`: the row is skipped once the placement showed the row's content `n` times in the
/// window, as the profile's `shown` events say.
@Suite struct FrequencyCapTests {
  static let rules = """
    segment lapsed = country == "US"
    placement main_paywall: paywall {
      lapsed limit 3 per 7 days -> paywall winback
      default -> paywall standard
    }
    """

  static func shown(daysAgo days: Double, content: String = "winback", placement: String = "main_paywall") -> String {
    EventConditionTests.event(
      "shown", daysAgo: days, #""placement": "\#(placement)", "content": "\#(content)""#)
  }

  func decide(_ events: [String], explain: Bool = false) throws -> Decision {
    try EventConditionTests().decide(
      Self.rules, EventConditionTests.profile(events, extra: #", "country": "US""#), placement: "main_paywall",
      explain: explain)
  }

  @Test func theFourthShowingIsSkipped() throws {
    let three = try decide([1, 2, 3].map { Self.shown(daysAgo: $0) }, explain: true)
    #expect(three.content == .paywall(id: "standard"))
    #expect(three.reason == .capped)
    #expect(three.explanation?.first?.outcome == .capped(reason: "capped (3 of 3 in the last 7 days)"))
  }

  @Test func aOneUnitWindowIsExplainedInTheSingular() throws {
    let rules = Self.rules.replacingOccurrences(of: "limit 3 per 7 days", with: "limit 1 per 1 days")
    let capped = try EventConditionTests().decide(
      rules, EventConditionTests.profile([Self.shown(daysAgo: 0.5)], extra: #", "country": "US""#),
      placement: "main_paywall", explain: true)
    #expect(capped.explanation?.first?.outcome == .capped(reason: "capped (1 of 1 in the last 1 day)"))
  }

  @Test func twoShowingsShowAThird() throws {
    let two = try decide([1, 2].map { Self.shown(daysAgo: $0) })
    #expect(two.content == .paywall(id: "winback"))
    #expect(two.reason == .targetingMatch)
  }

  @Test func aShowingOlderThanTheWindowDoesNotCount() throws {
    let decision = try decide([1, 2, 8].map { Self.shown(daysAgo: $0) })
    #expect(decision.content == .paywall(id: "winback"))
  }

  @Test func otherContentsAndPlacementsDoNotCount() throws {
    let events = [
      Self.shown(daysAgo: 1, content: "standard"), Self.shown(daysAgo: 2, placement: "settings"),
      Self.shown(daysAgo: 3),
    ]
    #expect(try decide(events).content == .paywall(id: "winback"))
  }

  @Test func theDefaultRowCannotBeCapped() {
    let errors = compile(
      """
      placement p: paywall {
        default limit 1 per 1 days -> paywall x
      }
      """
    ).diagnostics.filter { $0.severity == .error }
    #expect(positions(errors) == ["2:11"])
  }

  @Test func aZeroLimitOrWindowIsReportedWithItsRange() {
    let errors = compile(
      """
      segment us = country == "US"
      segment none = count(event "x" within last 0 days) > 1
      placement p: paywall {
        us limit 0 per 7 days -> paywall a
        none limit 3 per 0 days -> paywall b
        default -> paywall d
      }
      """
    ).diagnostics.filter { $0.severity == .error }
    #expect(
      errors.map(\.message) == [
        "an event query's window must be a whole number from 1 to 100000",
        "a cap's limit must be a whole number of showings from 1 to 1000000",
        "a cap's window must be a whole number from 1 to 100000",
      ])
  }
}

/// One text for a number, in explanations and in event properties: a `where count == 3` filter matches the
/// property the profile sent as `3` or `3.0`, and an explanation shows `3`.
@Suite struct NumberTextTests {
  @Test func wholeNumbersHaveNoFraction() {
    #expect(Value.text(of: 3) == "3")
    #expect(Value.text(of: -0.0) == "0")
    #expect(Value.text(of: 2.5) == "2.5")
    #expect(Value.text(of: 1e15) == "1000000000000000.0")
    #expect(Value.number(3).display(.number) == Value.text(of: 3.0))
  }

  @Test func theShownIdIsTheFlowsOrThePaywalls() {
    #expect(Content.flow(id: "onboarding", paywall: "pro").shownID == "onboarding")
    #expect(Content.paywall(id: "pro").shownID == "pro")
    #expect(Content.holdout.shownID == nil)
  }
}

import TestSupport
import Testing

@testable import PlacementCore

/// Dates (docs/Product.md §4.2, §4.4) through compile → bind → resolve, with a pinned `now`.
@Suite struct DateSemanticsTests {
  static func custom(_ members: String) -> String { #"{"profile_id": "p", "custom_attributes": {\#(members)}}"# }
  static func at(_ iso: String) -> Instant { Instant(iso8601: iso)! }

  @Test func unixSecondsUnderASecondsDeclaration() throws {
    let declarations = "attribute renews: date unit seconds"
    let after = #"renews after "2025-05-12T11:38:00Z""#
    #expect(try matches(declarations, after, Self.custom(#""renews": 1836277747"#)))
    #expect(try matches(declarations, after, Self.custom(#""renews": "1836277747""#)))
    #expect(
      try !matches(
        declarations, #"renews before "2025-05-12T11:38:00Z""#, Self.custom(#""renews": 1836277747"#)))
    // 1836277747 s is 2028-03-10T05:09:07Z: equality with the ISO literal holds to the millisecond.
    #expect(
      try matches(
        declarations, #"renews == "2028-03-10T05:09:07Z""#, Self.custom(#""renews": 1836277747"#)))
    // Number literals use the declared unit too.
    #expect(
      try matches(declarations, "renews == 1836277747", Self.custom(#""renews": "2028-03-10T05:09:07Z""#)))
  }

  @Test func unixMillisecondsUnderTheDefaultDeclaration() throws {
    let declarations = "attribute renews: date"
    let after = #"renews after "2025-05-12T11:38:00Z""#
    #expect(try matches(declarations, after, Self.custom(#""renews": 1836277747000"#)))
    #expect(try matches(declarations, after, Self.custom(#""renews": "1836277747000""#)))
    #expect(
      try matches(
        "attribute renews: date unit milliseconds", after, Self.custom(#""renews": 1836277747000"#)))
    // The bug the declaration prevents: seconds read as milliseconds are a day in January 1970.
    #expect(try !matches(declarations, after, Self.custom(#""renews": 1836277747"#)))
    #expect(
      try matches(declarations, #"renews before "1970-01-31""#, Self.custom(#""renews": 1836277747"#)))
  }

  @Test func offsetsAreNormalisedToInstants() throws {
    let declarations = "attribute at: date"
    let profile = Self.custom(#""at": "2025-05-12T13:38:00+02:00""#)
    #expect(try matches(declarations, #"at == "2025-05-12T11:38:00Z""#, profile))
    #expect(try matches(declarations, #"at == "2025-05-12T06:38:00-05:00""#, profile))
    #expect(try !matches(declarations, #"at after "2025-05-12T11:38:00Z""#, profile))
    // YYYY-MM-DD is 00:00 UTC.
    #expect(
      try matches(declarations, #"at == "2025-05-12""#, Self.custom(#""at": "2025-05-12T00:00:00Z""#)))
    // A date-time without an offset is not an instant: missing, with a warning.
    let decision = try decide(
      segmentRules(declarations, #"at before "2030-01-01""#),
      Self.custom(#""at": "2025-05-12T11:38:00""#))
    #expect(decision.content == .flow(id: "no", paywall: nil))
    #expect(decision.warnings.count == 1)
    #expect(
      decision.warnings.first?.hasPrefix(#"attribute 'at': value "2025-05-12T11:38:00" treated as missing"#) == true)
  }

  @Test func invalidDateLiteralIsACompileError() {
    for literal in [#""2025-13-01""#, #""2025-05-12T11:38:00""#, #""yesterday""#, "true"] {
      #expect(!compileErrors("attribute at: date", "at before \(literal)").isEmpty, "\(literal)")
    }
  }

  @Test func betweenIsInclusiveOnBothEnds() throws {
    let declarations = "attribute at: date"
    let condition = #"at between "2025-01-01" and "2025-12-31""#
    let cases = [
      ("2025-01-01T00:00:00Z", true), ("2025-12-31T00:00:00Z", true), ("2025-06-15T12:00:00Z", true),
      ("2024-12-31T23:59:59.999Z", false), ("2025-12-31T00:00:00.001Z", false),
    ]
    for (value, expected) in cases {
      #expect(
        try matches(declarations, condition, Self.custom(#""at": "\#(value)""#)) == expected, "\(value)")
    }
  }

  @Test func withinLastIsInclusiveAndNeverInTheFuture() throws {
    // now = 2026-11-30T00:00:00Z
    let condition = "last_seen_at within last 7 days"
    let cases = [
      ("2026-11-23T00:00:00Z", true), ("2026-11-29T23:59:59Z", true), ("2026-11-30T00:00:00Z", true),
      ("2026-11-22T23:59:59.999Z", false), ("2026-11-30T00:00:00.001Z", false),
    ]
    for (value, expected) in cases {
      #expect(try matches("", condition, #"{"last_seen_at": "\#(value)"}"#) == expected, "\(value)")
    }
    #expect(
      try matches("", "last_seen_at within last 36 hours", #"{"last_seen_at": "2026-11-28T12:00:00Z"}"#))
    #expect(
      try !matches("", "last_seen_at within last 30 minutes", #"{"last_seen_at": "2026-11-29T23:29:59Z"}"#)
    )
    #expect(
      try matches("", "last_seen_at within last 2 weeks", #"{"last_seen_at": "2026-11-16T00:00:00Z"}"#))
  }

  @Test func moreThanAgoIsStrict() throws {
    let condition = "installed_at more than 30 days ago"
    #expect(try !matches("", condition, #"{"installed_at": "2026-10-31T00:00:00Z"}"#))
    #expect(try matches("", condition, #"{"installed_at": "2026-10-30T23:59:59.999Z"}"#))
    #expect(try !matches("", condition, #"{"profile_id": "p"}"#))
  }

  @Test func relativeWindowsFollowThePinnedNow() throws {
    let rules = segmentRules("", "installed_at within last 7 days")
    let json = #"{"installed_at": "2026-01-10T00:00:00Z"}"#
    #expect(
      try decide(rules, readProfile(json), now: Self.at("2026-01-12T00:00:00Z")).content
        == .flow(id: "yes", paywall: nil))
    #expect(
      try decide(rules, readProfile(json), now: Self.at("2026-01-17T00:00:00.001Z")).content
        == .flow(id: "no", paywall: nil))
  }

  @Test func yearsSinceCountsWholeYears() throws {
    let declarations = "attribute birthday: date"
    let born = Self.custom(#""birthday": "2000-06-15""#)
    let rules = segmentRules(declarations, "years_since(birthday) >= 26")
    #expect(
      try decide(rules, readProfile(born), now: Self.at("2026-06-14T23:59:59.999Z")).content
        == .flow(id: "no", paywall: nil))
    #expect(
      try decide(rules, readProfile(born), now: Self.at("2026-06-15T00:00:00Z")).content
        == .flow(id: "yes", paywall: nil))
    // A 29 February birthday turns a year older on 1 March in common years.
    let leap = Self.custom(#""birthday": "2004-02-29""#)
    let exactly22 = segmentRules(declarations, "years_since(birthday) == 22")
    #expect(
      try decide(exactly22, readProfile(leap), now: Self.at("2026-02-28T12:00:00Z")).content
        == .flow(id: "no", paywall: nil))
    #expect(
      try decide(exactly22, readProfile(leap), now: Self.at("2026-03-01T00:00:00Z")).content
        == .flow(id: "yes", paywall: nil))
    // Missing birthday: false for every comparison, true for the complement.
    #expect(try !matches(declarations, "years_since(birthday) < 200", Self.custom("")))
    #expect(try matches(declarations, "years_since(birthday) != 18", Self.custom("")))
  }

  @Test func dateOperatorsAreFalseOnMissingAndComplementsTrue() throws {
    let declarations = "attribute at: date"
    let none = Self.custom("")
    for condition in [
      #"at before "2030-01-01""#, #"at after "1970-01-01""#, #"at between "1970-01-01" and "2100-01-01""#,
      "at within last 100000 weeks", "at more than 0 days ago",
    ] {
      #expect(try !matches(declarations, condition, none), "\(condition)")
      #expect(try matches(declarations, "not (\(condition))", none), "not (\(condition))")
    }
  }
}

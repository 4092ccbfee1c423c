import TestSupport
import Testing

@testable import PlacementCore

/// The binder at the edges: per-value limits, cleared fields, blank ids, a byte-order mark, duplicate and
/// canonically equivalent members, limit messages that name the size and the limit. Each is checked on both binding paths (JSON bytes, and a `Profile`).
@Suite struct EdgeBindingTests {
  static let ruleSet = Compilation.compile([
    RuleSource(
      name: "edges.rules",
      text: """
        attribute email: string from input "email"
        attribute feedback: string from input "feedback"
        attribute level: choice(beginner, pro) from quiz "level"
        attribute nick: string
        attribute Karma: number
        segment has_email = email is set
        segment pros = level == pro
        segment nameless = nick == ""
        segment karmic = Karma == 2
        segment lucky = percent(50) salt "s"
        placement p: flow {
          has_email -> flow email
          pros      -> flow pro
          nameless  -> flow nameless
          karmic    -> flow karmic
          lucky     -> flow lucky
          default   -> test t version "v1" { flow x 50%, flow y 50% }
        }
        """)
  ]).ruleSet!

  static let options = ResolveOptions(now: Instant(millisecondsSince1970: 0))

  /// The decision and warnings of `json` through `bind(jsonBytes:)`, checked equal to `Profile(jsonBytes:)` + `bind`.
  func decide(_ json: String) throws -> Decision {
    let ruleSet = Self.ruleSet
    let fast = try ruleSet.bind(jsonBytes: Array(json.utf8))
    let reference = ruleSet.bind(try Profile(jsonBytes: Array(json.utf8)))
    #expect(fast.values == reference.values, "\(json)")
    #expect(fast.warnings == reference.warnings, "\(json)")
    let decision = try ruleSet.resolve("p", for: fast, options: Self.options)
    #expect(decision == (try ruleSet.resolve("p", for: reference, options: Self.options)))
    return decision
  }

  static func event(_ element: String, _ type: String, _ value: String) -> String {
    #"{"name":"flow_user_input","instanceId":"s1","element_id":"\#(element)","element_type":"\#(type)",\#(value)}"#
  }

  @Test func aLongValueCostsOnlyItsAttribute() throws {
    let long = String(repeating: "x", count: 1_500)
    let stored = try decide(#"{"profile_id":"p","custom_attributes":{"email":"\#(long)","level":"pro"}}"#)
    #expect(stored.content == .flow(id: "pro", paywall: nil))
    #expect(
      stored.warnings == ["attribute 'email': value of 1500 bytes is over the limit of 1024 bytes; treated as missing"])
    let answer = Self.event("feedback", "text_input", #""value":"\#(long)""#)
    let typed = try decide(#"{"profile_id":"p","custom_attributes":{"level":"pro"},"events":[\#(answer)]}"#)
    #expect(typed.content == .flow(id: "pro", paywall: nil))
    #expect(
      typed.warnings == [
        "attribute 'feedback': answer of 1500 bytes is over the limit of 1024 bytes; treated as missing"
      ])
    // A long id is no id: it is not bucketed, and the decision says so.
    let id = try decide(#"{"profile_id":"\#(long)","custom_attributes":{"nick":"n"}}"#)
    #expect(id.profileID == nil)
    #expect(
      id.warnings == [
        "profile_id of 1500 bytes is over the limit of 1024 bytes; the profile has no id",
        "profile has no profile_id: test 't' cannot bucket it; first variation in draw order taken",
      ])
    // A whole-document limit still fails the profile, naming its size and the limit.
    #expect(throws: ProfileError.tooLarge(size: 60, limit: 50)) {
      try Self.ruleSet.bind(
        jsonBytes: Array(#"{"profile_id":"p","custom_attributes":{"nick":"0123456789"}}"#.utf8),
        limits: ProfileLimits(json: JSONLimits(maxBytes: 50)))
    }
  }

  @Test func aClearedFieldRemovesTheStoredValue() throws {
    let stored = #""custom_attributes":{"email":"jane@example.com","level":"pro"}"#
    let clearEmail = Self.event("email", "email_input", #""value":"""#)
    let cleared = try decide(#"{"profile_id":"p",\#(stored),"events":[\#(clearEmail)]}"#)
    #expect(cleared.content == .flow(id: "pro", paywall: nil))
    let clearLevel = Self.event("level", "single_choice", #""item_ids":[],"item_titles":[]"#)
    let both = try decide(#"{"profile_id":"p",\#(stored),"events":[\#(clearEmail),\#(clearLevel)]}"#)
    #expect(both.audience.name == "lucky" || both.audience.name == "default")
    // Events apply in order on top of the stored value: cleared, then typed again.
    let typed = Self.event("email", "email_input", #""value":"j@x.org""#)
    let again = try decide(#"{"profile_id":"p",\#(stored),"events":[\#(clearEmail),\#(typed)]}"#)
    #expect(again.content == .flow(id: "email", paywall: nil))
    // `""` in custom_attributes is a present value.
    #expect(try decide(#"{"profile_id":"p","custom_attributes":{"nick":""}}"#).audience.name == "nameless")
  }

  @Test func aBlankIdIsNotBucketed() throws {
    for id in ["", " ", "\t\u{3000}"] {
      let escaped = id.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
      let decision = try decide(#"{"profile_id":"\#(escaped)","custom_attributes":{"nick":"n"}}"#)
      // The rollout excludes it and the test takes the first variation in draw order, with a warning.
      #expect(decision.audience.name == "default")
      #expect(decision.abTest?.variation == "x")
      #expect(decision.abTest?.bucket == nil)
      #expect(
        decision.warnings == [
          "profile has an empty or blank profile_id: test 't' cannot bucket it; first variation in draw order taken"
        ])
      #expect(decision.profileID == id)
    }
    // Bucketing itself still hashes any string, as the conformance vectors say.
    #expect(Bucketing.bucket(versionID: "v1", profileID: "") == Bucketing.bucket(versionID: "v1", profileID: ""))
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let line = [0xEF, 0xBB, 0xBF] + Array(#"{"profile_id":"p","custom_attributes":{"level":"pro"}}"#.utf8)
    let bound = try Self.ruleSet.bind(jsonBytes: line)
    #expect(try Self.ruleSet.resolve("p", for: bound, options: Self.options).content == .flow(id: "pro", paywall: nil))
    #expect(try Profile(jsonBytes: line).profileID == "p")
    // Columns do not count the BOM: `}` is the 6th character a user sees (the 9th byte).
    let bad = [0xEF, 0xBB, 0xBF] + Array(#"{"a":}"#.utf8)
    #expect(throws: ProfileError.self) { try Profile(jsonBytes: bad) }
    do { _ = try Profile(jsonBytes: bad) } catch {
      #expect(error.message == "invalid JSON: expected a value")
      #expect(error.position?.description == "1:6")
    }
    do { _ = try Self.ruleSet.bind(jsonBytes: bad) } catch { #expect(error.position?.description == "1:6") }
  }

  @Test func duplicateMembersLastWinsAndSaysSoWhenItReplacesAnObject() throws {
    let twice = try decide(
      #"{"profile_id":"a","profile_id":"b","custom_attributes":{"email":"e@x"},"custom_attributes":{"nick":""}}"#)
    #expect(twice.profileID == "b")
    #expect(twice.audience.name == "nameless")
    #expect(
      twice.warnings == [
        "member 'custom_attributes' appears twice: the later object replaces the earlier one entirely (the last wins)"
      ])
  }

  @Test func aCanonicallyEquivalentNameDoesNotBindSilently() throws {
    // U+212A KELVIN SIGN: canonically equivalent to "K", so a Swift dictionary key equal to "Karma".
    let kelvin = try decide(#"{"profile_id":"p","custom_attributes":{"\u212Aarma":2}}"#)
    #expect(kelvin.audience.name != "karmic")
    #expect(
      kelvin.warnings.first
        == "custom_attributes member '\u{212A}arma' is canonically equivalent to the attribute 'Karma' but spelled with different bytes; ignored"
    )
    let both = try decide(#"{"profile_id":"p","custom_attributes":{"Karma":1,"\u212Aarma":2}}"#)
    #expect(both.audience.name == "karmic")
    #expect(
      both.warnings.first?.hasPrefix(
        "member names 'custom_attributes.Karma' and 'custom_attributes.\u{212A}arma' are canonically equivalent")
        == true)
  }
}

import Foundation
import TestSupport
import Testing

@testable import PlacementCore

/// The fast JSON → bound profile reader (`ProfileBinder`, behind `RuleSet.bind(jsonBytes:)`) must give exactly
/// what the reference path gives (`Profile(jsonBytes:)` then `bind`): the same values, scalars, warnings and
/// decisions, or the same error.
@Suite(.tags(.slow), .notInQuickLane) struct ProfileBinderTests {
  let ruleSet = BinderFixture.ruleSet

  @Test func generatedProfilesBindAsTheReferencePathDoes() throws {
    var random = SplitMix64(state: 7)
    var accepted = 0
    for _ in 0..<3_000 {
      let line = BinderFixture.profileLine(&random)
      try expectSameBinding(line)
      if BinderFixture.isFast(line, in: ruleSet) { accepted += 1 }
    }
    // Many generated lines are of the common shape; the fast reader must take them, or it measures nothing.
    #expect(accepted > 900, "fast path taken for \(accepted) of 3000 lines")
  }

  /// The batch binds every line into one reused profile (`bind(jsonBytes:limits:into:)`): nothing of an earlier
  /// line may survive into a later one (a value its line lacks, a warning, `force`, the id), whichever path each
  /// line takes. Each reused binding must equal a fresh one of the same line.
  @Test func bindingIntoAReusedProfileEqualsAFreshBinding() throws {
    var random = SplitMix64(state: 11)
    var reused = ruleSet.emptyProfile()
    var lines = (0..<1_500).map { _ in BinderFixture.profileLine(&random) }
    // Lines that set every kind of member, then lines that set almost nothing, so stale values would show.
    lines += [
      #"{"profile_id":"full","country":"US","app_version":"2.4.0-beta.1","force":{"t":"a"},"custom_attributes":{"experience":"pro","interests":["music"]}}"#,
      "{}", #"{"profile_id":"p","events":[]}"#, #"{"profile_id":"dup","profile_id":"dup2"}"#, "{}",
    ]
    // Member-name guesses (`BoundProfile.memberHints`) learnt from one line and wrong for the next: a longer
    // name, a prefix, an escape after the guessed name, another order, a line cut inside a guessed name.
    let trained =
      #"{"profile_id":"t","country":"US","platform":"ios","custom_attributes":{"experience":"pro","interests":["music"]}}"#
    // A line the fast path stops in half-way (it has set `country` when it meets the bad value), that the
    // reference path then rejects: the next reset must clear what it wrote before it stopped.
    lines += [
      #"{"profile_id":"full","country":"US","custom_attributes":{"experience":"pro","interests":["music"]}}"#,
      #"{"country":"US","custom_attributes":{"experience":"pro","interests":[tru"#, "{}",
      #"{"country":"US","custom_attributes":{"experience":"pro","experience":"pro"}}"#, "{}",
    ]
    for next in [
      #"{"profile_id":"t","countryX":"US"}"#, #"{"profile_id":"t","count":"US"}"#,
      #"{"profile_id":"t","country ":"US"}"#, #"{"profile_id":"t","country":"FR"}"#,
      #"{"platform":"ios","profile_id":"t","country":"US"}"#, #"{"profile_id":"t","coun"#,
      #"{"profile_id":"t","country"#,
      #"{"profile_id":"t","custom_attributes":{"interests":["music"],"experience":"pro"}}"#,
      #"{"profile_id":"t","custom_attributes":{"experiencE":"pro","experience":"amateur"}}"#,
      #"{"profile_id":"t","country":"US","country":"FR"}"#,
    ] {
      lines += [trained, next]
    }
    // Two guesses per position (the last two names seen after it): shapes that alternate take the second, a
    // third shape replaces the older one, and a name that matches neither is looked up by hashing.
    let shapes = [
      #"{"profile_id":"a","country":"US","custom_attributes":{"experience":"pro","city":"Lyon"}}"#,
      #"{"profile_id":"b","platform":"ios","custom_attributes":{"city":"Lyon","experience":"amateur"}}"#,
      #"{"profile_id":"c","age":30,"custom_attributes":{"reminders":true,"weight":70}}"#,
    ]
    lines += [shapes[0], shapes[1], shapes[0], shapes[1], shapes[2], shapes[0], shapes[2], shapes[1], shapes[1]]
    for line in lines {
      let bytes = Array(line.utf8)
      let fresh = Result { () throws(ProfileError) in try ruleSet.bind(jsonBytes: bytes) }
      let again = Result { () throws(ProfileError) in
        try bytes.withUnsafeBufferPointer { buffer throws(ProfileError) in
          try ruleSet.bind(jsonBytes: buffer, limits: .default, into: &reused)
        }
      }
      switch (fresh, again) {
      case (.success(let fresh), .success):
        #expect(reused.profileID == fresh.profileID, "\(line)")
        #expect(reused.values == fresh.values, "\(line)")
        #expect(reused.scalars == fresh.scalars, "\(line)")
        #expect(reused.warnings == fresh.warnings, "\(line)")
        #expect(reused.force == fresh.force, "\(line)")
        #expect(reused.assignments == fresh.assignments, "\(line)")
      case (.failure(let a), .failure(let b)): #expect(a == b, "\(line)")
      default: Issue.record("one binding failed and the other did not: \(line)")
      }
    }
  }

  @Test func plainProfilesTakeTheFastPath() {
    let lines = [
      #"{"profile_id":"p1","country":"US","app_version":"2.4.0","custom_attributes":{"experience":"pro"}}"#,
      #" { "profile_id" : "p2" , "age" : 31 , "custom_attributes" : { "interests" : [ "music" ] } } "#,
      #"{"custom_attributes":{"weight":"72.5","unknown":[1,true,null,"x"]},"last_seen_at":"2026-11-20"}"#,
      #"{"profile_id":null,"custom_attributes":null,"events":null,"platform":"iOS"}"#,
      #"{"country":"\u0055S","custom_attributes":{"city":"Z\u00fcrich"}}"#,  // escapes in values are read in place
      "{}",
    ]
    for line in lines {
      let fast = BinderFixture.isFast(line, in: ruleSet)
      #expect(fast, "\(line)")
    }
  }

  @Test(arguments: [
    #"{"profile_id":"p1","profile_id":"p2"}"#,  // duplicate member: the last wins on the reference path
    #"{"custom_attributes":{"experience":"pro","experience":"amateur"}}"#,
    #"{"device_id":1,"device_id":2}"#, #"{"dev\u0069ce_id":1,"device_id":2}"#,  // one unknown member, twice
    #"{"profile\u005fid":"p1","profile_id":"p2"}"#,
    // A non-ASCII name may be canonically equivalent to a declared one.
    #"{"pa\u00eds":"FR"}"#, "{\"pa\u{00ED}s\":\"FR\"}",
    #"{"device":{"os":{},"os":1}}"#,  // a duplicate member inside that replaces an object: a warning
    // A member of `custom_attributes` that declines the line, in an object left open: not read on from as if it
    // were a top-level member.
    #"{"country":"US","custom_attributes":{"experience":"pro","experience":"pro","signup":"2019-01-01"}"#,
    #"{"country":"US","custom_attributes":{"age":"x","experience":{"a":1,"a":{}},"n":1}"#,
    #"{"profile_id":5}"#, #"{"force":{"t":1}}"#,  // warnings of the profile's own members
    #"{"custom_attributes":{"nested":{"a":1}}}"#,
    #"{"events":{}}"#,
    #"[1]"#,
    #"{"profile_id":"p1"} x"#,
  ])
  func unusualProfilesFallBackAndStillMatch(line: String) throws {
    let fast = BinderFixture.isFast(line, in: ruleSet)
    #expect(!fast)
    try expectSameBinding(line)
  }

  /// The common warnings stay on the fast path (a line with one costs about what a clean line costs, see
  /// docs/Performance.md): an unknown top-level member, a value that cannot be coerced, an escaped member name,
  /// `events`. The warnings are the reference path's, in its order.
  @Test(arguments: [
    #"{"coutry":"US"}"#, #"{"profile_id":"p","device_id":"d-1","country":"US"}"#,
    #"{"device":{"os":"ios","ids":[1,[2,{"a":null}]]},"tags":[],"n":null,"x":true}"#,
    #"{"d\u0000v\u001b":1}"#, #"{"\u0064evice_id":"d","\"quoted\"":2}"#,
    #"{"custom_attributes":{"experience":"expert"}}"#,  // unknown option: missing, with a warning
    #"{"custom_attributes":{"interests":["music","chess"]}}"#,  // partly used
    #"{"custom_attributes":{"interests":["music",1]}}"#, #"{"custom_attributes":{"interests":{"a":[]}}}"#,
    #"{"custom_attributes":{"weight":"heavy","reminders":"yes","birthday":"soon","signup":[],"build":"x"}}"#,
    #"{"app_version":"v2.0","age":"unknown","country":7,"last_seen_at":{},"total_revenue_usd":true}"#,
    #"{"profile\u005fid":"p-1","c\u006funtry":"US","custom_attributes":{"experi\u0065nce":"pro"}}"#,
    #"{"profile_id":"p","events":[]}"#, #"{"events":[ ]}"#,
    #"{"events":[{"name":"flow_user_input","element_id":"experience","element_type":"single_choice","item_ids":["pro"]}]}"#,
    #"{"events":[{"name":"app_open"},{"name":"flow_user_input"},{"name":"flow_user_input","element_id":"weight","element_type":"number_input","value":"x"}]}"#,
  ])
  func linesWithWarningsStayOnTheFastPath(line: String) throws {
    #expect(BinderFixture.isFast(line, in: ruleSet))
    try expectSameBinding(line)
  }

  @Test func warningsComeInTheReferencePathsOrder() throws {
    // Top-level members' warnings by member name, then attributes' by slot (builtins first, then `experience`,
    // `weight` in declaration order), whatever the order of the line.
    let line =
      #"{"zeta":1,"custom_attributes":{"weight":"heavy","experience":"expert"},"age":"unknown","alpha":[2],"#
      + #""events":[{"name":"flow_user_input"}]}"#
    #expect(BinderFixture.isFast(line, in: ruleSet))
    let bound = try ruleSet.bind(jsonBytes: Array(line.utf8))
    #expect(
      bound.warnings == [
        "unknown profile member 'alpha' ignored (custom attributes go in 'custom_attributes')",
        "events[0]: skipped event: flow_user_input event: missing 'element_id'",
        "unknown profile member 'zeta' ignored (custom attributes go in 'custom_attributes')",
        #"attribute 'age': value "unknown" treated as missing: expected a number or a numeric string, found a string"#,
        "attribute 'experience': value \"expert\" treated as missing: not an option id (beginner, amateur, pro)",
        #"attribute 'weight': value "heavy" treated as missing: expected a number or a numeric string, found a string"#,
      ])
    try expectSameBinding(line)
    // More than `BoundProfile.maxWarnings`: capped as on the reference path.
    let many = "{" + (0..<25).map { #""u\#($0)":\#($0)"# }.joined(separator: ",") + #","age":"x"}"#
    #expect(BinderFixture.isFast(many, in: ruleSet))
    let capped = try ruleSet.bind(jsonBytes: Array(many.utf8))
    #expect(capped.warnings.count == 21)
    #expect(capped.warnings.last == "6 more warnings not shown")
    try expectSameBinding(many)
  }

  /// An answer in `events` decides an attribute with a flow source before its `custom_attributes` member, whose
  /// value (and warning) then does not count; an answer on several screens or a cleared field leaves it missing.
  @Test func answersInEventsDecideOnTheFastPath() throws {
    func event(_ element: String, _ type: String, _ value: String, screen: String = "s1") -> String {
      #"{"name":"flow_user_input","instanceId":"\#(screen)","element_id":"\#(element)","element_type":"\#(type)",\#(value)}"#
    }
    let pro = event("experience", "single_choice", #""item_ids":["pro"]"#)
    let answered = #"{"custom_attributes":{"experience":"expert","weight":"72"},"events":[\#(pro)]}"#
    #expect(BinderFixture.isFast(answered, in: ruleSet))
    let bound = try ruleSet.bind(jsonBytes: Array(answered.utf8))
    #expect(bound.warnings == [])
    #expect(bound.values[ruleSet.attributes.first { $0.name == "experience" }!.slot] == .choice(2))
    let weight = event("weight", "number_input", #""value":"80""#)
    let amateur = event("experience", "single_choice", #""item_ids":["amateur"]"#, screen: "s2")
    let cleared = event("weight", "number_input", #""value":"""#)
    for line in [
      answered, #"{"custom_attributes":{"weight":"heavy"},"events":[\#(weight)]}"#,
      #"{"custom_attributes":{"experience":"pro"},"events":[\#(pro),\#(amateur)]}"#,  // two screens: ambiguous
      #"{"custom_attributes":{"weight":90},"events":[\#(weight),\#(cleared)]}"#,  // cleared
      #"{"events":[\#(event("weight", "number_input", #""value":"heavy""#))]}"#,
      #"{"events":[\#(event("interests", "multiple_choice", #""item_ids":["music","chess"]"#))]}"#,
    ] {
      #expect(BinderFixture.isFast(line, in: ruleSet), "\(line)")
      try expectSameBinding(line)
    }
  }

  @Test func unicodeStringsCompareByCanonicalEquivalence() throws {
    // "\u{212A}" (KELVIN SIGN) is canonically equivalent to "K": equal as Swift strings, not as bytes.
    for line in [
      #"{"country":"\u212A"}"#, "{\"country\":\"\u{212A}\"}", #"{"country":"K"}"#,
      "{\"custom_attributes\":{\"mood\":\"u\u{0308}ber\"}}", "{\"custom_attributes\":{\"mood\":\"\u{00FC}ber\"}}",
      "{\"custom_attributes\":{\"city\":\"Zu\u{0308}rich\"}}",
    ] {
      try expectSameBinding(line)
    }
    let decomposed = try ruleSet.bind(jsonBytes: Array("{\"custom_attributes\":{\"mood\":\"u\u{0308}ber\"}}".utf8))
    let decision = try ruleSet.resolve("greeting", for: decomposed, options: BinderFixture.options)
    #expect(decision.audience.name == "uber_fans")
  }

  @Test func mutatedLinesFailOrBindAsTheReferencePathDoes() throws {
    var random = SplitMix64(state: 11)
    for _ in 0..<2_000 {
      var bytes = Array(BinderFixture.profileLine(&random).utf8)
      switch random.below(4) {
      case 0: bytes.removeLast(random.below(bytes.count))
      case 1: bytes[random.below(bytes.count)] = UInt8(random.below(256))
      case 2: bytes.insert(UInt8(random.pick(Array(#"{}[]",:"\ 0-eE.tfn"#.utf8))), at: random.below(bytes.count))
      default: bytes.remove(at: random.below(bytes.count))
      }
      try expectSameBinding(bytes)
    }
  }

  /// The reader takes compact JSON (no white space between tokens) with one look at the delimiter and the byte
  /// after it; white space, and bytes that are neither white space nor a value, must still read as the
  /// reference reader reads them.
  @Test func whiteSpaceAndStrayBytesBetweenTokensBindAsTheReferencePathDoes() throws {
    for line in [
      #"{"profile_id" : "t" , "country":"US" ,"custom_attributes": {"experience" :"pro"} }"#,
      "{\"profile_id\":\t\"t\",\r\n\"country\":\"US\"}\n", "{\"profile_id\":\"t\",\u{01}\"country\":\"US\"}",
      "{\"profile_id\":\u{01}\"t\"}", "{\"custom_attributes\":{\"interests\":[\"music\",\u{7F}\"yoga\"]}}",
      #"{"profile_id":"t","#, #"{"profile_id":"t":"#, #"{"profile_id":"t"},"#, #"{"profile_id":"t",}"#,
      #"{"custom_attributes":{"interests":["music",]}}"#, #"{"custom_attributes":{"experience":"pro"},}"#,
    ] {
      try expectSameBinding(line)
    }
  }

  @Test func exampleProfilesBindAsTheReferencePathDoes() throws {
    let examples = try BinderFixture.exampleProfiles()
    #expect(examples.count >= 5)
    for bytes in examples { try expectSameBinding(bytes) }
  }

  @Test func limitsAreEnforcedAsOnTheReferencePath() throws {
    let long = #"{"country":""# + String(repeating: "a", count: 300) + #""}"#
    let nested = #"{"custom_attributes":{"interests":["music"],"note":"\#(String(repeating: "b", count: 200))"}}"#
    let limits = [
      ProfileLimits(json: JSONLimits(maxStringBytes: 100)), ProfileLimits(json: JSONLimits(maxBytes: 50)),
      ProfileLimits(json: JSONLimits(maxDepth: 2)), ProfileLimits(maxStringBytes: 150),
      ProfileLimits(maxStringBytes: 250),
    ]
    for limit in limits {
      try expectSameBinding(Array(long.utf8), limits: limit)
      try expectSameBinding(Array(nested.utf8), limits: limit)
      try expectSameBinding(Array(#"{"custom_attributes":{"interests":["music"]}}"#.utf8), limits: limit)
    }
    // A long value nobody declared is not read, so it costs nothing.
    let ignored = #"{"custom_attributes":{"unknown_note":"\#(String(repeating: "c", count: 1_100))"}}"#
    #expect(try ruleSet.bind(jsonBytes: Array(ignored.utf8)).warnings == [])
    try expectSameBinding(Array(ignored.utf8))
  }

  func expectSameBinding(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try expectSameBinding(Array(line.utf8), sourceLocation: sourceLocation)
  }

  func expectSameBinding(
    _ bytes: [UInt8], limits: ProfileLimits = .default, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let text = String(decoding: bytes, as: UTF8.self)
    let fast = Result { () throws(ProfileError) in try ruleSet.bind(jsonBytes: bytes, limits: limits) }
    let reference = Result { () throws(ProfileError) in
      ruleSet.bind(try Profile(jsonBytes: bytes, limits: limits), limits: limits)
    }
    switch (fast, reference) {
    case (.success(let fast), .success(let reference)):
      #expect(fast.profileID == reference.profileID, "\(text)", sourceLocation: sourceLocation)
      #expect(fast.values == reference.values, "\(text)", sourceLocation: sourceLocation)
      #expect(fast.scalars == reference.scalars, "\(text)", sourceLocation: sourceLocation)
      #expect(fast.warnings == reference.warnings, "\(text)", sourceLocation: sourceLocation)
      for placement in ruleSet.placementNames {
        let options = BinderFixture.options
        #expect(
          try ruleSet.resolve(placement, for: fast, options: options)
            == ruleSet.resolve(placement, for: reference, options: options), "\(text)", sourceLocation: sourceLocation)
      }
    case (.failure(let fast), .failure(let reference)):
      #expect(fast == reference, "\(text)", sourceLocation: sourceLocation)
    default:
      Issue.record("fast \(fast) but reference \(reference) for \(text)", sourceLocation: sourceLocation)
    }
  }
}

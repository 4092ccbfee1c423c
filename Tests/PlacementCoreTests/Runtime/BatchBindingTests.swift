import TestSupport
import Testing

@testable import PlacementCore

/// The batch's storage (`bind(jsonBytes:limits:into:keepingEveryValue: false)`) keeps only the values a run reads
/// (``Program/readsValue``, the identity attributes, values without a plain scalar) and knows where the id's JSON
/// is in the line (``BoundProfile/profileIDSource``). Each case compares with the profile bound in full.
@Suite struct BatchBindingTests {
  static let rules = """
    attribute email: string
    attribute nick: string
    attribute score: number
    segment gmail = email ends_with "@gmail.com"
    segment bob = nick == "bob" and score > 2 and app_version >= "2.0.0"
    placement p: flow {
      gmail   -> flow g
      bob     -> flow b
      default -> flow c
    }
    """
  static let ruleSet = Compilation.compile([RuleSource(name: "batch.rules", text: rules)]).ruleSet!
  static let options = ResolveOptions(now: Instant(millisecondsSince1970: 0))

  static func slot(_ name: String) -> Int { ruleSet.attributes.first { $0.name == name }!.slot }

  /// `json` bound into `storage` as the batch binds it.
  static func bindLean(_ json: String, into storage: inout BoundProfile) throws {
    try Array(json.utf8).withUnsafeBufferPointer {
      try ruleSet.bind(jsonBytes: $0, limits: .default, into: &storage, keepingEveryValue: false)
    }
  }

  @Test func theProgramReadsTheValuesOfTestsWithoutAScalarForm() {
    let program = Self.ruleSet.program
    #expect(program.readsValue[Self.slot("email")])  // ends_with: a `.generic` step
    #expect(!program.readsValue[Self.slot("nick")])  // == "bob": a string id
    #expect(!program.readsValue[Self.slot("score")])
    #expect(!program.readsValue[Self.slot("app_version")])
  }

  @Test func leanBindingKeepsWhatARunReadsAndTheSameScalars() throws {
    let line =
      #"{"profile_id":"u1","app_version":"2.1.0","custom_attributes":{"email":"a@gmail.com","nick":"bob","score":3}}"#
    var storage = Self.ruleSet.emptyProfile()
    try Self.bindLean(line, into: &storage)
    let full = try Self.ruleSet.bind(jsonBytes: Array(line.utf8))
    #expect(!storage.keepsEveryValue)
    #expect(storage.scalars == full.scalars)
    #expect(storage.profileID == "u1")
    #expect(storage.values[Self.slot("profile_id")] == .string("u1"))
    #expect(storage.values[Self.slot("email")] == .string("a@gmail.com"))
    #expect(storage.values[Self.slot("nick")] == .missing)
    #expect(storage.values[Self.slot("score")] == .missing)
    #expect(storage.values[Self.slot("app_version")] == .missing)
    #expect(full.values[Self.slot("score")] == .number(3))
    let decision = try Self.ruleSet.resolve("p", for: storage, options: Self.options)
    #expect(decision.content == .flow(id: "g", paywall: nil))
  }

  @Test func aPreReleaseVersionIsKeptForTheRunThatReadsIt() throws {
    // A pre-release version has no packed scalar (`.other`): the run reads its value.
    let line = #"{"profile_id":"u1","app_version":"2.1.0-beta.1","custom_attributes":{"nick":"bob","score":3}}"#
    var storage = Self.ruleSet.emptyProfile()
    try Self.bindLean(line, into: &storage)
    #expect(storage.scalars[Self.slot("app_version")].tag == .other)
    #expect(storage.values[Self.slot("app_version")] == .version(SemanticVersion(parsing: "2.1.0-beta.1")!))
    #expect(try Self.ruleSet.resolve("p", for: storage, options: Self.options).content == .flow(id: "b", paywall: nil))
    // 2.0.0-rc.1 precedes 2.0.0 (SemVer 2.0 §11): not bob.
    try Self.bindLean(line.replacingOccurrences(of: "2.1.0-beta.1", with: "2.0.0-rc.1"), into: &storage)
    #expect(try Self.ruleSet.resolve("p", for: storage, options: Self.options).content == .flow(id: "c", paywall: nil))
  }

  @Test func storageReusedAcrossModesAndFallbacksHoldsOnlyTheLineItWasLastBound() throws {
    let lines = [
      #"{"profile_id":"u1","app_version":"3.0.0-rc.1","custom_attributes":{"email":"x@y.z","nick":"bob","score":9}}"#,
      // `events` makes the fast path decline: the reference path binds every value.
      #"{"profile_id":"u2","custom_attributes":{"nick":"ann"},"events":[]}"#,
      #"{"profile_id":"u3","custom_attributes":{"score":1}}"#,
      #"{"profile_id":"u4","app_version":"1.0.0"}"#,
    ]
    var storage = Self.ruleSet.emptyProfile()
    for (first, second) in [(true, false), (false, true), (false, false), (true, true)] {
      for line in lines {
        for keeping in [first, second] {
          try Array(line.utf8).withUnsafeBufferPointer {
            try Self.ruleSet.bind(jsonBytes: $0, limits: .default, into: &storage, keepingEveryValue: keeping)
          }
          let full = try Self.ruleSet.bind(jsonBytes: Array(line.utf8))
          #expect(storage.scalars == full.scalars, "\(line)")
          for slot in full.values.indices where storage.keepsEveryValue || storage.values[slot] != .missing {
            #expect(storage.values[slot] == full.values[slot], "\(line) slot \(slot)")
          }
          if storage.keepsEveryValue { #expect(storage.values == full.values, "\(line)") }
        }
      }
    }
  }

  @Test func aPlainIDIsFoundInTheLineAndAnyOtherIsEncoded() throws {
    let cases: [(line: String, source: String?, json: String)] = [
      (#"{"profile_id":"user_1","custom_attributes":{}}"#, #""user_1""#, #""user_1""#),
      (#"{"custom_attributes":{},"profile_id" : "p 2"}"#, #""p 2""#, #""p 2""#),
      (#"{"profile_id":"p\u0031"}"#, nil, #""p1""#),
      (#"{"profile_id":"caf\#u{E9}"}"#, nil, "\"caf\u{E9}\""),
      (#"{"profile_id":"a\"b"}"#, nil, #""a\"b""#),
      (#"{"profile_id":""}"#, #""""#, #""""#),
      (#"{"profile_id":null}"#, nil, "null"),
      ("\u{FEFF}" + #"{"profile_id":"bom"}"#, #""bom""#, #""bom""#),
    ]
    var storage = Self.ruleSet.emptyProfile()
    for (line, source, json) in cases {
      let bytes = Array(line.utf8)
      try bytes.withUnsafeBufferPointer {
        try Self.ruleSet.bind(jsonBytes: $0, limits: .default, into: &storage, keepingEveryValue: false)
      }
      let found = storage.profileIDSource.map { String(decoding: bytes[$0], as: UTF8.self) }
      #expect(found == source, "\(line)")
      // The bytes found are the id's JSON as the writer encodes it.
      if let found { #expect(found == json, "\(line)") }
      var encoded = JSONWriter()
      DecisionEncoder.profileIDJSON(storage, into: &encoded)
      #expect(encoded.string == json, "\(line)")
    }
  }
}

extension RuleTestFile {
  /// Reads a test file from its JSON text. A malformed case (a member of the wrong type, an unknown member, no
  /// name, profile or expectation, a malformed content, the name of an earlier case) is kept in ``entries`` as
  /// the JSON path of its first problem; the other cases are read.
  /// - Throws: ``RuleTestError`` when the file as a whole cannot be read: invalid JSON, an unknown or mistyped
  ///   top-level member, no `cases` array.
  package init(jsonBytes bytes: some Collection<UInt8>) throws(RuleTestError) {
    let json: JSONValue
    do {
      json = try JSONReader.parse(bytes, limits: JSONLimits(maxDepth: 64, maxBytes: 16 << 20))
    } catch {
      throw RuleTestError(path: "", message: "invalid JSON: \(error.message)", position: error.location(in: bytes))
    }
    let fields = try JSONFields(json, path: "", allowed: ["description", "now", "cases"])
    _ = try fields.string("description")
    now = try fields.instant("now")
    guard let cases = try fields.array("cases") else {
      throw RuleTestError(path: "", message: "missing member 'cases'")
    }
    entries = []
    // The first case of each name: a failing case is reported by its name, so two cases must not share one.
    var named: [String: String] = [:]
    for (index, element) in cases.enumerated() {
      entries.append(
        Result { () throws(RuleTestError) in
          let testCase = try RuleTestCase(json: element, path: "cases[\(index)]")
          if let first = named[testCase.name] {
            throw RuleTestError(
              path: testCase.path + ".name",
              message:
                "duplicate case name '\(UntrustedText.escaped(testCase.name))' (also \(first)); names must be unique")
          }
          named[testCase.name] = testCase.path
          return testCase
        })
    }
  }
}

extension RuleTestCase {
  init(json: JSONValue, path: String) throws(RuleTestError) {
    let fields = try JSONFields(
      json, path: path,
      allowed: ["name", "profile", "profile_file", "events_file", "now", "allow_overrides", "expect"])
    name = try fields.requiredString("name")
    allowOverrides = try fields.bool("allow_overrides") ?? false
    self.path = path
    profile = ProfileSpec(
      inline: fields["profile"], file: try fields.string("profile_file"), events: try fields.string("events_file"))
    if let inline = profile.inline, inline.typeName != "object" {
      throw RuleTestError(path: fields.child("profile"), message: "must be an object, found \(inline.typeName)")
    }
    if profile.inline != nil, profile.file != nil {
      throw RuleTestError(path: path, message: "give 'profile' or 'profile_file', not both")
    }
    if profile.inline == nil, profile.file == nil, profile.events == nil {
      throw RuleTestError(path: path, message: "missing the profile: give 'profile', 'profile_file' or 'events_file'")
    }
    now = try fields.instant("now")
    guard let expect = fields["expect"], case .object(let members) = expect, !members.isEmpty else {
      throw RuleTestError(
        path: fields.child("expect"), message: "must be an object of placement → expected decision, with at least one")
    }
    expectations = []
    for (placement, value) in members.sorted(by: { $0.key < $1.key }) {
      expectations.append(
        try DecisionExpectation(placement: placement, json: value, path: fields.child("expect") + ".\(placement)"))
    }
  }
}

extension DecisionExpectation {
  init(placement: String, json: JSONValue, path: String) throws(RuleTestError) {
    self.placement = placement
    self.path = path
    because = []
    if case .string(let text) = json {
      content = try Self.content(text, path: path)
      return
    }
    let fields = try JSONFields(
      json, path: path,
      allowed: [
        "content", "row", "test", "variation", "reason", "exposures", "locale", "config", "because",
      ])
    content = try fields.string("content").map { text throws(RuleTestError) in
      try Self.content(text, path: fields.child("content"))
    }
    row = try fields["row"].map { value throws(RuleTestError) in try Self.row(value, path: fields.child("row")) }
    test = try fields.string("test")
    variation = try fields.string("variation")
    reason = try fields.string("reason").map { text throws(RuleTestError) in
      try Self.known(DecisionReason.self, text, path: fields.child("reason"))
    }
    exposures = try fields.array("exposures").map { list throws(RuleTestError) in
      var checks: [ExposureCheck] = []
      for (index, check) in list.enumerated() {
        checks.append(try ExposureCheck(json: check, path: fields.child("exposures") + "[\(index)]"))
      }
      return checks
    }
    locale = try fields.string("locale")
    // Read whole: `null` is an expectation (the decision carries no config), not an absent member.
    config = fields.members["config"]
    for (index, check) in (try fields.array("because") ?? []).enumerated() {
      because.append(try RowCheck(json: check, path: fields.child("because") + "[\(index)]"))
    }
    if content == nil, row == nil, test == nil, variation == nil, reason == nil, exposures == nil, locale == nil,
      config == nil, because.isEmpty
    {
      throw RuleTestError(
        path: path,
        message: "expects nothing: give content, row, test, variation, reason, exposures, locale, config or because")
    }
  }

  /// The case of `type` whose raw value is `text`, or an error listing them.
  static func known<Code: RawRepresentable & CaseIterable>(_ type: Code.Type, _ text: String, path: String)
    throws(RuleTestError) -> Code where Code.RawValue == String
  {
    guard let code = Code(rawValue: text) else {
      let names = Code.allCases.map(\.rawValue)
      throw RuleTestError(path: path, message: "must be one of \(names.joined(separator: ", ")), found '\(text)'")
    }
    return code
  }

  /// `flow <id>`, `flow <id> with paywall <id>`, `paywall <id>` or `holdout`.
  static func content(_ text: String, path: String) throws(RuleTestError) -> ShownContent {
    let words = text.split(separator: " ").map(String.init)
    switch words.count {
    case 1 where words[0] == "holdout": return .holdout
    case 2 where words[0] == "flow": return .flow(id: words[1], paywall: nil)
    case 2 where words[0] == "paywall": return .paywall(id: words[1])
    case 5 where words[0] == "flow" && words[2] == "with" && words[3] == "paywall":
      return .flow(id: words[1], paywall: words[4])
    default:
      throw RuleTestError(
        path: path,
        message:
          "content must be 'flow <id>', 'flow <id> with paywall <id>', 'paywall <id>' or 'holdout', found '\(text)'")
    }
  }

  static func row(_ value: JSONValue, path: String) throws(RuleTestError) -> RowReference {
    switch value {
    case .number(let number) where number >= 0 && number == number.rounded() && number < 1_000_000:
      return .index(Int(number))
    case .string(let name): return .name(name)
    default:
      throw RuleTestError(path: path, message: "must be a row index (0, 1, …) or a row name, found \(value.typeName)")
    }
  }
}

extension RowCheck {
  init(json: JSONValue, path: String) throws(RuleTestError) {
    let fields = try JSONFields(json, path: path, allowed: ["row", "outcome", "condition", "seen"])
    guard let row = fields["row"] else { throw RuleTestError(path: path, message: "missing member 'row'") }
    self.row = try DecisionExpectation.row(row, path: fields.child("row"))
    self.path = path
    let outcome = try fields.string("outcome") ?? Outcome.notMatched.rawValue
    let known = try DecisionExpectation.known(Outcome.self, outcome, path: fields.child("outcome"))
    self.outcome = known
    condition = try fields.string("condition")
    seen = try fields.string("seen")
    if known != .notMatched, condition != nil || seen != nil {
      throw RuleTestError(path: path, message: "'condition' and 'seen' apply only to the outcome not_matched")
    }
  }
}

extension ExposureCheck {
  init(json: JSONValue, path: String) throws(RuleTestError) {
    let fields = try JSONFields(json, path: path, allowed: ["test", "variation", "bucket", "outcome"])
    test = try fields.requiredString("test")
    variation = try fields.string("variation")
    bucket = try fields["bucket"].map { value throws(RuleTestError) in
      guard case .number(let number) = value, number >= 0, number < 100, number == number.rounded() else {
        throw RuleTestError(path: fields.child("bucket"), message: "must be a bucket 0–99, found \(value.typeName)")
      }
      return Int(number)
    }
    outcome = try fields.string("outcome").map { text throws(RuleTestError) in
      try DecisionExpectation.known(ExposureOutcome.self, text, path: fields.child("outcome"))
    }
  }
}

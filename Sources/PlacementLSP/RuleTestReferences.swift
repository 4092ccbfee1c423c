import PlacementKit

/// What a rule test file (docs/RuleTests.md) says about the rules, token by token: the names it refers to
/// (placements, rows, tests), the free text of its `because` checks (substrings of `resolve --explain`), the
/// custom attributes its inline profiles carry, and the profile files its cases read.
struct RuleTestReferences {
  /// A name the file refers to, written as one JSON string.
  struct Name {
    enum Kind: Equatable {
      /// A member of a case's `expect`: a placement.
      case placement
      /// An expectation's `row`, or a `because` check's `row`, given by name: a row of `placement`.
      case row(placement: String)
      /// An expectation's `test`, an exposure's `test`, or a key of a profile's `force`.
      case test
      /// A key of a profile's `custom_attributes`: profile data, which a rename of the attribute leaves as it is.
      case attributeValue
    }
    let kind: Kind
    let token: JSONStringTokens.Token
  }

  let names: [Name]
  /// The `condition` and `seen` strings of `because` checks.
  let explainTexts: [JSONStringTokens.Token]
  /// The cases' `profile_file` paths, as written (relative to the test file).
  let profileFiles: [String]

  /// The references of a test file's tokens.
  init(testFile tokens: JSONStringTokens) {
    var names: [Name] = []
    var explainTexts: [JSONStringTokens.Token] = []
    var profileFiles: [String] = []
    for token in tokens.tokens {
      let path = token.path
      guard path.count >= 3, path[0] == .key("cases"), case .index = path[1] else { continue }
      let rest = path[2...]
      // `*` stands for any member, `[]` for any element.
      func shape(_ pattern: String...) -> Bool {
        pattern.count == rest.count
          && zip(pattern, rest).allSatisfy { expected, step in
            switch step {
            case .key(let key): expected == "*" || expected == key
            case .index: expected == "[]"
            }
          }
      }
      var placement = ""
      if case .key(let name) = rest.dropFirst().first { placement = name }
      if token.isKey {
        if shape("expect", "*") { names.append(Name(kind: .placement, token: token)) }
        if shape("profile", "force", "*") { names.append(Name(kind: .test, token: token)) }
        if shape("profile", "custom_attributes", "*") { names.append(Name(kind: .attributeValue, token: token)) }
      } else if shape("expect", "*", "row") || shape("expect", "*", "because", "[]", "row") {
        names.append(Name(kind: .row(placement: placement), token: token))
      } else if shape("expect", "*", "test") || shape("expect", "*", "exposures", "[]", "test") {
        names.append(Name(kind: .test, token: token))
      } else if shape("expect", "*", "because", "[]", "condition") || shape("expect", "*", "because", "[]", "seen") {
        explainTexts.append(token)
      } else if shape("profile_file") {
        profileFiles.append(token.text)
      }
    }
    self.names = names
    self.explainTexts = explainTexts
    self.profileFiles = profileFiles
  }

  /// The tests a profile file forces (the keys of its `force` object) and the custom attributes it carries.
  static func names(inProfile tokens: JSONStringTokens) -> [Name] {
    tokens.tokens.compactMap { token in
      guard token.isKey, token.path.count == 2 else { return nil }
      switch token.path[0] {
      case .key("force"): return Name(kind: .test, token: token)
      case .key("custom_attributes"): return Name(kind: .attributeValue, token: token)
      default: return nil
      }
    }
  }
}

/// Where a name is written as a whole word in free text: `pros` in `segment pros: experience == pro`, not in
/// `pros_on_new_app`. Words are runs of ASCII letters, digits and `_`, as rules names are.
enum WholeWord {
  /// The byte offsets in `text` where `word` starts as a whole word.
  static func offsets(of word: String, in text: String) -> [Int] {
    let bytes = Array(text.utf8)
    let needle = Array(word.utf8)
    guard !needle.isEmpty, needle.count <= bytes.count else { return [] }
    var found: [Int] = []
    for start in 0...(bytes.count - needle.count) where bytes[start..<start + needle.count].elementsEqual(needle) {
      let end = start + needle.count
      if (start == 0 || !isWordByte(bytes[start - 1])) && (end == bytes.count || !isWordByte(bytes[end])) {
        found.append(start)
      }
    }
    return found
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      true
    default: false
    }
  }
}

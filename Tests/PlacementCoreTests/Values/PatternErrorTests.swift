import Testing

@testable import PlacementCore

/// One rejected pattern: the exact message and the UTF-8 byte offset it must report.
struct ErrorCase: Sendable, CustomTestStringConvertible {
  let pattern: String
  let message: String
  let offset: Int

  init(_ pattern: String, _ message: String, _ offset: Int) {
    self.pattern = pattern
    self.message = message
    self.offset = offset
  }

  var testDescription: String { "/\(pattern)/ → \(message) @\(offset)" }
}

let errorCases: [ErrorCase] = [
  // Constructs that need backtracking.
  ErrorCase("a\\1", "backreferences are not supported: they need backtracking", 1),
  ErrorCase("(a)\\9", "backreferences are not supported: they need backtracking", 3),
  ErrorCase("(?P<n>a)(?P=n)", "backreferences are not supported: they need backtracking", 8),
  ErrorCase("(?=a)", "lookaround is not supported: it needs backtracking", 0),
  ErrorCase("x(?!a)", "lookaround is not supported: it needs backtracking", 1),
  ErrorCase("(?<=a)b", "lookaround is not supported: it needs backtracking", 0),
  ErrorCase("b(?<!a)", "lookaround is not supported: it needs backtracking", 1),
  ErrorCase("(?>a)", "atomic groups are not supported: they need backtracking", 0),
  ErrorCase("a*+", "possessive quantifiers are not supported: they need backtracking", 2),
  ErrorCase("a{2}+", "possessive quantifiers are not supported: they need backtracking", 4),
  // Groups.
  ErrorCase("(?i)abc", "inline flags such as (?i) are not supported", 0),
  ErrorCase("(?#comment)", "unsupported group syntax", 0),
  ErrorCase("(?", "unsupported group syntax", 0),
  ErrorCase("(?<>x)", "invalid group name", 3),
  ErrorCase("(?P<a-b>x)", "invalid group name", 4),
  ErrorCase("(ab", "missing closing parenthesis", 0),
  ErrorCase("a(b(c)", "missing closing parenthesis", 1),
  ErrorCase("ab)", "unexpected closing parenthesis", 2),
  ErrorCase(")", "unexpected closing parenthesis", 0),
  // Repetition.
  ErrorCase("*a", "nothing to repeat", 0),
  ErrorCase("a|*", "nothing to repeat", 2),
  ErrorCase("(+)", "nothing to repeat", 1),
  ErrorCase("{2}", "nothing to repeat", 0),
  ErrorCase("a**", "repetition operator follows another repetition", 2),
  ErrorCase("a{2}{3}", "repetition operator follows another repetition", 4),
  ErrorCase("a*??", "repetition operator follows another repetition", 3),
  ErrorCase("a{2,1}", "invalid repetition {2,1}: minimum is greater than maximum", 1),
  ErrorCase("a{1001}", "repetition count is greater than 1000", 1),
  ErrorCase("a{0,99999999999999999999}", "repetition count is greater than 1000", 1),
  // Classes.
  ErrorCase("[z-a]", "invalid character class range z-a", 1),
  ErrorCase("[a-\\d]", "invalid character class range a-\\d", 1),
  ErrorCase("[abc", "unterminated character class", 0),
  ErrorCase("x[]", "unterminated character class", 1),
  ErrorCase("[^]", "unterminated character class", 0),
  ErrorCase("[a-", "unterminated character class", 0),
  ErrorCase("[[:alpah:]]", "unknown posix class [:alpah:]", 1),
  // Escapes.
  ErrorCase("abc\\", "trailing backslash at end of pattern", 3),
  ErrorCase("[a\\", "trailing backslash at end of pattern", 2),
  ErrorCase("\\q", "unsupported escape sequence \\q", 0),
  ErrorCase("a\\pL", "unsupported escape sequence \\p", 1),
  ErrorCase("\\0", "unsupported escape sequence \\0", 0),
  ErrorCase("[\\b]", "unsupported escape sequence \\b", 1),
  ErrorCase("\\x{110000}", "invalid hexadecimal escape", 0),
  ErrorCase("\\xZ1", "invalid hexadecimal escape", 0),
  ErrorCase("\\x4", "invalid hexadecimal escape", 0),
  ErrorCase("\\x{41", "invalid hexadecimal escape", 0),
  // Offsets are UTF-8 bytes: é is 2 bytes, 😀 is 4.
  ErrorCase("é*+", "possessive quantifiers are not supported: they need backtracking", 3),
  ErrorCase("😀(", "missing closing parenthesis", 4),
  ErrorCase("ü[z-a]", "invalid character class range z-a", 3),
  ErrorCase("😀\\1", "backreferences are not supported: they need backtracking", 4),
  // Size limits.
  ErrorCase("(a{1000}){10}", "pattern is too large: it needs at least 10001 instructions, over the limit of 10000", 9),
  ErrorCase(
    "x(a{1000}){9}b{1000}", "pattern is too large: it needs at least 10002 instructions, over the limit of 10000", 14),
  ErrorCase(
    "((a{1000}){1000}){1000}", "pattern is too large: it needs at least 1000001 instructions, over the limit of 10000",
    10),
  ErrorCase(
    String(repeating: "(", count: 101) + String(repeating: ")", count: 101), "groups are nested too deeply", 100),
]

@Test(arguments: errorCases)
func rejectedPatterns(_ entry: ErrorCase) {
  #expect(throws: PatternError(message: entry.message, offset: entry.offset)) {
    _ = try Pattern(entry.pattern)
  }
}

@Test func errorsAreTheSameWhenIgnoringCase() {
  #expect(throws: PatternError(message: "nothing to repeat", offset: 0)) {
    _ = try Pattern("+", ignoringCase: true)
  }
}

@Test func everyMessageIsLowerCaseWithoutTrailingPeriod() {
  for entry in errorCases {
    let first = entry.message.unicodeScalars.first!
    #expect(!("A"..."Z").contains(first), "\(entry.message)")
    #expect(!entry.message.hasSuffix("."), "\(entry.message)")
  }
}

@Test func errorDescriptionNamesTheOffset() {
  #expect(PatternError(message: "nothing to repeat", offset: 3).description == "nothing to repeat at offset 3")
}

@Test(arguments: [
  "(?<name>x)", "(?P<name>x)", "(?:x)", "a{", "a{x}", "a{,3}", "}", "]", "[[:alpha]", "x{1000}", "a*?", "a+?", "a??",
  "a{2,3}?",
  String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100),
])
func acceptedEdgeCases(_ source: String) throws {
  _ = try Pattern(source)
}

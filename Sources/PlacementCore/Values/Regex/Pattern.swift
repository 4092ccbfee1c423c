/// A compiled regular expression with a linear-time matching guarantee, used by `attr matches /re/`.
///
/// Matching simulates a Thompson NFA with a Pike VM: the time of ``matches(_:)`` is
/// O(scalar count of the text × program size) and never backtracks, so no pattern/text pair can take exponential
/// time (`(a*)*b`, `(a|a)*b` or `(a+)+$` on a long run of `a`s stay linear). The syntax is a subset of RE2's; the
/// constructs that need backtracking are rejected when the pattern is compiled.
///
/// Semantics:
/// - Search, not full match (like RE2's `PartialMatch`): the pattern matches if it matches any substring of the
///   text. Use `^…$` to match the whole text.
/// - Canonical equivalence, as `==` and `contains` follow it: the text and the pattern's literal text are put in
///   Unicode Normalization Form C first (`CanonicalText`), so a precomposed `é` and `e` + U+0301 are the same
///   text, written either way in the pattern or the value. The normalized text is then a sequence of **Unicode
///   scalars**: `.` matches one scalar (`^.$` matches `"é"`, however it was sent, and `"😀"`), and a class
///   matches one scalar, so a class member that NFC replaces (U+212B ANGSTROM SIGN for `Å`) never matches: write
///   classes precomposed.
/// - Case-insensitive patterns (`ignoringCase: true`) use simple case folding: a text scalar also matches through
///   its single-scalar lower- and upper-case mappings (ASCII, `É`/`é`, …); mappings longer than one scalar
///   (`ß` → `SS`) are not applied.
///
/// Supported syntax:
/// | Syntax | Meaning |
/// |---|---|
/// | `a`, `é` | a literal scalar |
/// | `.` | any scalar except `\n` |
/// | `[abc]`, `[a-z]`, `[^a-z]` | a set, a range (low ≤ high), a negated set (see the notes below) |
/// | `[[:alpha:]]`, `[[:^digit:]]` | an ASCII POSIX class, or its complement, inside brackets |
/// | `\d` `\D` | ASCII digit `[0-9]`, and its complement |
/// | `\w` `\W` | ASCII word character `[0-9A-Za-z_]`, and its complement |
/// | `\s` `\S` | ASCII space `[\t\n\f\r ]`, and its complement |
/// | `\n` `\t` `\r` `\f` `\v` `\a` | newline, tab, carriage return, form feed, vertical tab, bell |
/// | `\x41`, `\x{1F600}` | a scalar by hexadecimal value |
/// | `\.` `\\` `\/` `\[` `\]` `\(` `\)` `\{` `\}` | the punctuation itself (any ASCII punctuation works) |
/// | `\*` `\+` `\?` `\|` `\^` `\$` `\-` | the punctuation itself |
/// | `^` `\A`, `$` `\z` | start of text, end of text (no multi-line mode; `$` does not match before a final `\n`) |
/// | `\b`, `\B` | an ASCII word boundary, not a word boundary |
/// | `(re)`, `(?:re)` | a group (nothing is captured: the result is a boolean) |
/// | `(?<name>re)`, `(?P<name>re)` | a named group, accepted and treated as a plain group |
/// | `x\|y` | alternation |
/// | `x*` `x+` `x?` | zero or more, one or more, zero or one |
/// | `x*?` `x+?` `x??` | lazy forms: accepted, same result (laziness only affects submatch positions) |
/// | `x{n}` `x{n,}` `x{n,m}` | counted repetition, n ≤ m ≤ 1000 |
///
/// Notes: in a bracketed class a leading `]` and a leading or trailing `-` are literal, and escapes such as `\d`,
/// `\n` or `\-` work. POSIX class names are alnum, alpha, ascii, blank, cntrl, digit, graph, lower, print, punct,
/// space, upper, word and xdigit. A `{` that does not start a counted repetition is a literal, as in RE2.
///
/// Limits: counts in `{n,m}` are at most 1000; counted repetitions are expanded, and a program of more than 10,000
/// instructions (roughly: scalars and classes after expansion) is rejected as "pattern is too large"; groups nest
/// at most 100 deep.
///
/// Rejected, each with a ``PatternError`` naming the UTF-8 byte offset: backreferences `\1`…`\9` and `(?P=name)`,
/// lookaround `(?=` `(?!` `(?<=` `(?<!`, atomic groups `(?>`, possessive quantifiers `x*+` `x++` `x?+` `x{n}+`,
/// inline flags `(?i)` (use `ignoringCase`), repeated quantifiers `x**`, other escapes of letters or digits
/// (`\p{L}`, `\Q`, `\0`, …), unbalanced parentheses, a quantifier with nothing to repeat, reversed ranges `[z-a]`,
/// unknown POSIX classes, unterminated classes, a trailing backslash, and `{m,n}` with m > n.
package struct Pattern: Sendable, Hashable {
  /// The pattern text as written (without delimiting slashes).
  package let source: String
  /// Whether letters match regardless of case (simple case folding).
  package let ignoringCase: Bool
  private let program: RegexProgram

  /// Compiles a case-sensitive pattern.
  /// - Parameter source: The pattern text, in the syntax described on ``Pattern``.
  /// - Throws: ``PatternError`` for a syntax error, an unsupported construct or a pattern that is too large.
  package init(_ source: String) throws(PatternError) {
    try self.init(source, ignoringCase: false)
  }

  /// Compiles a pattern, optionally ignoring case.
  /// - Parameters:
  ///   - source: The pattern text, in the syntax described on ``Pattern``.
  ///   - ignoringCase: Whether literals and classes also match other-case variants of text scalars.
  /// - Throws: ``PatternError`` for a syntax error, an unsupported construct or a pattern that is too large; its
  ///   `offset` is a UTF-8 byte offset into `source`.
  package init(_ source: String, ignoringCase: Bool) throws(PatternError) {
    let tree = try RegexParser.parse(source).withCanonicalLiterals()
    self.program = try RegexCompiler.compile(tree, ignoringCase: ignoringCase)
    self.source = source
    self.ignoringCase = ignoringCase
  }

  /// Whether the pattern matches any substring of `text` (`^` and `$` anchor at the text's start and end).
  ///
  /// Runs in O(scalar count of `text` × program size) time and O(program size) memory; never backtracks. A text
  /// that is not ASCII is first put in NFC, in time and memory linear in its length (`CanonicalText`).
  /// - Parameter text: The text to search, compared in NFC, as Unicode scalars.
  /// - Returns: `true` if some substring of `text` matches.
  package func matches(_ text: String) -> Bool {
    RegexVM.matches(program, CanonicalText.nfc(text))
  }

  /// The compiled program's size: a match runs each instruction at most once per scalar of the text, so this is
  /// the pattern's cost per scalar (``ResolutionCost``).
  package var instructionCount: Int { program.instructions.count }

  /// Patterns are equal when their source and case option are equal.
  package static func == (lhs: Pattern, rhs: Pattern) -> Bool {
    lhs.source == rhs.source && lhs.ignoringCase == rhs.ignoringCase
  }

  /// Hashes the source and the case option.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(source)
    hasher.combine(ignoringCase)
  }
}

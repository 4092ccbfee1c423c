/// The canonical layout of a rules file (`placement fmt`).
///
/// The layout is computed from the syntax tree, so it never depends on how the file was spaced: one declaration
/// per line group, one space around operators and after commas, audience tables with the `->` aligned,
/// `choice(...)` lists and inline A/B tests on one line when they fit in ``lineWidth`` columns (else one item per
/// line, indented by 2), every comment kept (see ``LayoutWriter``), string literals re-escaped, parentheses and
/// the order of everything exactly as written. Formatting is idempotent.
///
/// Safety: the result is parsed again and its tree (every name, operator, literal and grouping, ignoring
/// positions) and its comments are compared with the original's; any difference is reported as
/// ``FormatError/changedMeaning(_:)`` rather than returned.
public enum RuleFormatter {
  /// The column limit for one-line choice lists, inline tests and conditions.
  public static let lineWidth = 100

  /// Formats one file.
  /// - Parameter file: the rules file as read.
  /// - Returns: the formatted text, ending with one newline (empty for a file with no declarations or comments).
  /// - Throws: ``FormatError/syntax(_:)`` with the parser's diagnostics when the file has syntax errors (it is
  ///   then not formatted); ``FormatError/changedMeaning(_:)`` if the layout would alter the file (a formatter bug).
  public static func format(_ file: SourceFile, limits: SyntaxLimits = .default) throws(FormatError) -> String {
    let (tree, diagnostics) = Parser.parse(file, limits: limits)
    let errors = diagnostics.filter { $0.severity == .error }
    guard errors.isEmpty else { throw .syntax(errors) }
    let tokens = Lexer.tokenize(file).tokens
    var formatter = FileFormatter(tree: tree, tokens: tokens, width: lineWidth)
    let text = formatter.format(tree.declarations)
    try verify(original: tree, formatted: SourceFile(name: file.name, text: text), limits: limits)
    return text
  }

  /// Checks that `formatted` parses cleanly to the same tree and comments as `original`.
  static func verify(original: RuleFileSyntax, formatted: SourceFile, limits: SyntaxLimits) throws(FormatError) {
    let (tree, diagnostics) = Parser.parse(formatted, limits: limits)
    if let first = diagnostics.first {
      throw .changedMeaning("the formatted text does not parse: \(first.message)")
    }
    if SyntaxFingerprint.of(tree.declarations) != SyntaxFingerprint.of(original.declarations) {
      throw .changedMeaning("the formatted text parses to a different syntax tree")
    }
    if tree.comments.map(\.normalizedText) != original.comments.map(\.normalizedText) {
      throw .changedMeaning("the formatted text does not keep every comment in order")
    }
  }
}

/// Why a file was not formatted.
public enum FormatError: Error, Sendable, Equatable {
  /// The file has syntax errors (the parser's diagnostics, errors only); it is left as is.
  case syntax([Diagnostic])
  /// The layout would have changed the file's syntax tree or dropped a comment: a formatter bug; the file is
  /// left as is.
  case changedMeaning(String)
}

extension Comment {
  /// The comment without trailing spaces, tabs or carriage return (the formatter drops those).
  var normalizedText: String {
    var text = Substring(self.text)
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
    return String(text)
  }
}

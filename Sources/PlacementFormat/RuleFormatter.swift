import PlacementCore

/// The canonical layout of a rules file (`placement fmt`).
///
/// The layout is computed from the syntax tree, so it never depends on how the file was spaced: one declaration
/// per line group, one space around operators and after commas, audience tables with the `->` aligned,
/// `choice(...)` lists and inline A/B tests on one line when they fit in ``lineWidth`` columns (else one item per
/// line, indented by 2), every comment kept (see `LayoutWriter`), string literals re-escaped, parentheses and
/// the order of everything exactly as written. Formatting is idempotent.
///
/// Safety: the result is parsed again and its tree (every name, operator, literal and grouping, ignoring
/// positions) and its comments are compared with the original's; any difference is reported as
/// ``FormatError/changedMeaning(_:)`` rather than returned.
package enum RuleFormatter {
  /// The column limit for one-line choice lists, inline tests and conditions.
  package static let lineWidth = 100

  /// Formats one file.
  /// - Parameter file: the rules file as read.
  /// - Returns: the formatted text, ending with one newline (empty for a file with no declarations or comments).
  /// - Throws: ``FormatError/syntax(_:)`` with the parser's diagnostics (in source order) when the file has syntax
  ///   errors (it is then not formatted); ``FormatError/changedMeaning(_:)`` if the layout would alter the file
  ///   (a formatter bug).
  package static func format(_ file: SourceFile, limits: SyntaxLimits = .default) throws(FormatError) -> String {
    let (tree, diagnostics) = Parser.parse(file, limits: limits)
    // In source order, as `lint` reports them (the lexer's and the parser's come in two runs).
    let errors = diagnostics.filter { $0.severity == .error }.sortedByPosition()
    guard errors.isEmpty else { throw .syntax(errors) }
    let tokens = Lexer.tokenize(file).tokens
    var formatter = FileFormatter(tree: tree, tokens: tokens, width: lineWidth)
    let text = formatter.format(tree.declarations)
    try verify(original: tree, formatted: SourceFile(name: file.name, text: text), limits: limits)
    return encoded(text, like: file)
  }

  /// The formatted text in the file's own encoding conventions: a byte order mark is kept when the file had
  /// one, and every line ends in `\r\n` when the file's first line break is `\r\n` (else `\n`), so `fmt`
  /// changes layout only, never the bytes a Windows editor relies on.
  static func encoded(_ text: String, like file: SourceFile) -> String {
    let lines = file.usesCRLF ? text.replacingNewlines(with: "\r\n") : text
    return file.hasByteOrderMark ? "\u{FEFF}" + lines : lines
  }

  /// Checks that `formatted` parses cleanly to the same tree and comments as `original`.
  static func verify(original: RuleFileSyntax, formatted: SourceFile, limits: SyntaxLimits) throws(FormatError) {
    let (tree, diagnostics) = Parser.parse(formatted, limits: limits)
    if let first = diagnostics.first {
      throw .changedMeaning("the formatted text does not parse: \(first.message)")
    }
    if SyntaxFingerprint.of(tree.declarations, in: tree.file)
      != SyntaxFingerprint.of(original.declarations, in: original.file)
    {
      throw .changedMeaning("the formatted text parses to a different syntax tree")
    }
    if tree.comments.map(\.normalizedText) != original.comments.map(\.normalizedText) {
      throw .changedMeaning("the formatted text does not keep every comment in order")
    }
  }
}

/// Why a file was not formatted.
package enum FormatError: Error, Sendable, Equatable {
  /// The file has syntax errors (the parser's diagnostics, errors only); it is left as is.
  case syntax([Diagnostic])
  /// The layout would have changed the file's syntax tree or dropped a comment: a formatter bug; the file is
  /// left as is.
  case changedMeaning(String)
}

extension String {
  /// The text with every `\n` replaced by `separator`.
  func replacingNewlines(with separator: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + utf8.count / 16)
    for byte in utf8 {
      if byte == UInt8(ascii: "\n") { bytes += separator.utf8 } else { bytes.append(byte) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension Comment {
  /// The comment without trailing spaces, tabs or carriage return (the formatter drops those).
  var normalizedText: String {
    var text = Substring(self.text)
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
    return String(text)
  }
}

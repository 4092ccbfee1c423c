/// Diagnostic codes of the lexer and parser, with their severity and summary; the wording of each message is
/// in `SyntaxMessages.swift`.
package enum SyntaxCatalog {
  package static let unexpectedCharacter: DiagnosticCode = "unexpected-character"
  package static let invalidUTF8: DiagnosticCode = "invalid-utf8"
  package static let loneCarriageReturn: DiagnosticCode = "lone-carriage-return"
  package static let unterminatedString: DiagnosticCode = "unterminated-string"
  package static let invalidEscape: DiagnosticCode = "invalid-escape"
  package static let unterminatedRegex: DiagnosticCode = "unterminated-pattern"
  package static let operatorSpelling: DiagnosticCode = "operator-spelling"
  package static let expectedToken: DiagnosticCode = "expected-token"
  package static let expectedDeclaration: DiagnosticCode = "expected-declaration"
  package static let expectedExpression: DiagnosticCode = "expected-expression"
  package static let expectedValue: DiagnosticCode = "expected-value"
  package static let expectedContent: DiagnosticCode = "expected-content"
  package static let expectedType: DiagnosticCode = "expected-type"
  package static let unknownSourceKind: DiagnosticCode = "unknown-source-kind"
  package static let screenNamedTwice: DiagnosticCode = "screen-named-twice"
  package static let unknownContentType: DiagnosticCode = "unknown-content-type"
  package static let unquotedDate: DiagnosticCode = "unquoted-date"
  package static let nestingTooDeep: DiagnosticCode = "nesting-too-deep"
  package static let fileTooLarge: DiagnosticCode = "file-too-large"
  package static let tooManyErrors: DiagnosticCode = "too-many-errors"

  package static let entries: [CatalogEntry] =
    [
      CatalogEntry(
        unexpectedCharacter, .error,
        "a character that starts no token, or a look-alike or invisible one in a name (named by its code point)"),
      CatalogEntry(
        invalidUTF8, .error, "bytes that are not UTF-8 (rules files are UTF-8; a leading byte order mark is skipped)"),
      CatalogEntry(
        loneCarriageReturn, .error,
        "a line ends in a lone \\r (classic Mac line endings); read as a line break, reported once per file"),
      CatalogEntry(unterminatedString, .error, "a string literal without its closing quote on the same line"),
      CatalogEntry(invalidEscape, .error, "an escape other than \\\" \\\\ \\n \\t in a string literal"),
      CatalogEntry(unterminatedRegex, .error, "a /pattern/ literal without its closing slash"),
      CatalogEntry(
        operatorSpelling, .error,
        "'&&', '||', '!', '=', '=>', '=<' or '<>' where the language writes 'and', 'or', 'not', '==', '>=', '<=' or '!='"
      ),
      CatalogEntry(expectedToken, .error, "a required token is missing"),
      CatalogEntry(
        expectedDeclaration, .error,
        "top level holds only attribute, segment, placement, test, layer, override, content, config schema and dialect"
          + " declarations"),
      CatalogEntry(expectedExpression, .error, "a condition was expected"),
      CatalogEntry(expectedValue, .error, "a literal value was expected"),
      CatalogEntry(expectedContent, .error, "a row's content was expected (flow, paywall, test, fallthrough)"),
      CatalogEntry(expectedType, .error, "an attribute type was expected"),
      CatalogEntry(unknownSourceKind, .error, "an attribute's source is not 'quiz', 'input' or 'toggle'"),
      CatalogEntry(
        screenNamedTwice, .error,
        "a source names its screen both as a prefix (\"<screen>/<element>\") and with 'on screen'"),
      CatalogEntry(unknownContentType, .error, "a placement's content type is not 'flow' or 'paywall'"),
      CatalogEntry(unquotedDate, .error, "a date literal without quotes (it reads as numbers)"),
      CatalogEntry(nestingTooDeep, .error, "a condition is nested deeper than the configured limit"),
      CatalogEntry(fileTooLarge, .error, "a rules file is larger than the configured limit"),
      CatalogEntry(tooManyErrors, .error, "a file has more syntax errors than are recorded; the rest are counted"),
    ] + ContentDiagnostics.syntaxEntries

  /// The `too-many-errors` summary for `count` unrecorded diagnostics of `file` (none when `count` is 0),
  /// placed at the end of the file.
  static func tooManyErrors(_ count: Int, in file: SourceFile) -> [Diagnostic] {
    guard count > 0 else { return [] }
    let end = SourceSpan(file: file, range: SourceRange(start: file.bytes.count, end: file.bytes.count))
    return [Diagnostic(.tooManyErrors(count), at: end)]
  }
}

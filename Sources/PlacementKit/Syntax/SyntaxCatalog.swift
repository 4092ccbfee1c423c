/// Diagnostic codes of the lexer and parser.
public enum SyntaxCatalog {
  public static let unexpectedCharacter: DiagnosticCode = "unexpected-character"
  public static let unterminatedString: DiagnosticCode = "unterminated-string"
  public static let invalidEscape: DiagnosticCode = "invalid-escape"
  public static let unterminatedRegex: DiagnosticCode = "unterminated-pattern"
  public static let expectedToken: DiagnosticCode = "expected-token"
  public static let expectedDeclaration: DiagnosticCode = "expected-declaration"
  public static let expectedExpression: DiagnosticCode = "expected-expression"
  public static let expectedValue: DiagnosticCode = "expected-value"
  public static let expectedContent: DiagnosticCode = "expected-content"
  public static let expectedType: DiagnosticCode = "expected-type"
  public static let nestingTooDeep: DiagnosticCode = "nesting-too-deep"
  public static let fileTooLarge: DiagnosticCode = "file-too-large"
  public static let tooManyErrors: DiagnosticCode = "too-many-errors"

  public static let entries: [CatalogEntry] = [
    CatalogEntry(unexpectedCharacter, .error, "a character that starts no token"),
    CatalogEntry(unterminatedString, .error, "a string literal without its closing quote on the same line"),
    CatalogEntry(invalidEscape, .error, "an escape other than \\\" \\\\ \\n \\t in a string literal"),
    CatalogEntry(unterminatedRegex, .error, "a /pattern/ literal without its closing slash"),
    CatalogEntry(expectedToken, .error, "a required token is missing"),
    CatalogEntry(
      expectedDeclaration, .error, "top level holds only attribute, segment, placement and test declarations"),
    CatalogEntry(expectedExpression, .error, "a condition was expected"),
    CatalogEntry(expectedValue, .error, "a literal value was expected"),
    CatalogEntry(expectedContent, .error, "a row's content was expected (flow, paywall, test, fallthrough)"),
    CatalogEntry(expectedType, .error, "an attribute type was expected"),
    CatalogEntry(nestingTooDeep, .error, "a condition is nested deeper than the configured limit"),
    CatalogEntry(fileTooLarge, .error, "a rules file is larger than the configured limit"),
    CatalogEntry(tooManyErrors, .error, "a file has more syntax errors than are recorded; the rest are counted"),
  ]

  /// The `too-many-errors` summary for `count` unrecorded diagnostics of `file` (none when `count` is 0),
  /// placed at the end of the file.
  static func tooManyErrors(_ count: Int, in file: SourceFile) -> [Diagnostic] {
    guard count > 0 else { return [] }
    let end = SourceSpan(file: file, range: SourceRange(start: file.bytes.count, end: file.bytes.count))
    return [Diagnostic(tooManyErrors, "too many syntax errors: \(count) more in this file were not reported", at: end)]
  }
}

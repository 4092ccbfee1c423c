/// The parser's descriptions and messages for content declarations and config schemas.
extension Expected {
  static let openingBraceOfContent = Expected("'{' and the content's configs, e.g. 'config default \"en\" { … }'")
  static func closingBraceOfContent(_ id: String) -> Expected { Expected("'}' to close content '\(id)'") }
  static let config = Expected("a config ('config [default] \"<locale>\" { … }' or '… from \"<path>\"')")
  static let localeCode = Expected("the locale code as a string, e.g. \"en\" or \"pt-br\"")
  static let configPath = Expected("the config file's path as a string, e.g. \"configs/pro.de.json\"")
  static let configBody = Expected("the config as a JSON object '{ … }' or 'from \"<path>\"'")
  static let endOfConfig = Expected("the end of the config")
  static let openingBraceOfSchema = Expected("'{' and the schema's keys, e.g. 'title: string'")
  static func closingBraceOfSchema(_ type: String) -> Expected { Expected("'}' to close the \(type) schema") }
  static let schemaKey = Expected("a config key")
  static let colonAfterSchemaKey = Expected("':' after the config key")
  static let schemaType = Expected("a value type (string, number, bool, list or object)")
  static let schemaDefault = Expected("a JSON default value after '='")
  static let endOfSchemaKey = Expected("the end of the key, or '= <json>' with its default")
}

extension DiagnosticMessage {
  static var unclosedJSON: Self {
    .init(ContentDiagnostics.unclosedJSON, "this JSON value is not closed before the end of the file")
  }

  static func unknownSchemaType(_ word: String) -> Self {
    .init(
      SyntaxCatalog.expectedType, "unknown value type '\(word)': expected string, number, bool, list or object")
  }
}

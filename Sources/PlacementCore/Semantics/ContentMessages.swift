/// Diagnostic codes of content declarations and their remote configs (parser and checker), with their severity
/// and summary, and the wording of each message and note.
package enum ContentDiagnostics {
  package static let unclosedJSON: DiagnosticCode = "unclosed-json"
  package static let invalidConfigJSON: DiagnosticCode = "invalid-config-json"
  package static let configTooLarge: DiagnosticCode = "config-too-large"
  package static let configNotObject: DiagnosticCode = "config-not-object"
  package static let duplicateConfigKey: DiagnosticCode = "duplicate-config-key"
  package static let inexactConfigNumber: DiagnosticCode = "inexact-config-number"
  package static let invalidLocale: DiagnosticCode = "invalid-locale"
  package static let duplicateLocale: DiagnosticCode = "duplicate-locale"
  package static let noDefaultLocale: DiagnosticCode = "no-default-locale"
  package static let duplicateDefaultLocale: DiagnosticCode = "duplicate-default-locale"
  package static let duplicateContent: DiagnosticCode = "duplicate-content"
  package static let configFileNotFound: DiagnosticCode = "config-file-not-found"
  package static let invalidConfigPath: DiagnosticCode = "invalid-config-path"
  package static let contentTypeConflict: DiagnosticCode = "content-type-conflict"
  package static let configKeyMissing: DiagnosticCode = "config-key-missing"
  package static let configKeyExtra: DiagnosticCode = "config-key-extra"
  package static let duplicateSchema: DiagnosticCode = "duplicate-schema"
  package static let schemaKeyMissing: DiagnosticCode = "schema-key-missing"
  package static let schemaKeyUnknown: DiagnosticCode = "schema-key-unknown"
  package static let schemaTypeMismatch: DiagnosticCode = "schema-type-mismatch"

  /// Largest config, in bytes of JSON (inline or file).
  package static let maxConfigBytes = 65_536
  /// Deepest nesting of arrays and objects in a config (the config object itself is level 1).
  package static let maxConfigDepth = 16

  package static let syntaxEntries: [CatalogEntry] = [
    CatalogEntry(
      unclosedJSON, .error, "a config's or schema default's JSON has no closing bracket before the end of the file")
  ]

  package static let entries: [CatalogEntry] = [
    CatalogEntry(invalidConfigJSON, .error, "a config or schema default is not valid JSON (RFC 8259)"),
    CatalogEntry(configTooLarge, .error, "a config is larger than 64 KiB or nested deeper than 16 levels"),
    CatalogEntry(configNotObject, .error, "a config is not a JSON object"),
    CatalogEntry(
      duplicateConfigKey, .error,
      "an object in a config or schema default has a key twice (only the last would reach the app)"),
    CatalogEntry(
      inexactConfigNumber, .warning,
      "a config integer is beyond what a double holds exactly (2^53): the app gets the nearest one; write it as a string"
    ),
    CatalogEntry(
      invalidLocale, .error,
      "a locale code is not a lowercase Adapty code such as 'en', 'pt-br' or 'zh-hant' (fix-it: its normalized form)"),
    CatalogEntry(duplicateLocale, .error, "a content has two configs for the same locale"),
    CatalogEntry(noDefaultLocale, .error, "a content with configs marks none of them 'default'"),
    CatalogEntry(duplicateDefaultLocale, .error, "a content marks more than one config 'default'"),
    CatalogEntry(duplicateContent, .error, "a content id is declared twice (ids are unique across flows and paywalls)"),
    CatalogEntry(configFileNotFound, .error, "a config's 'from' file is not in the rules folder or cannot be read"),
    CatalogEntry(
      invalidConfigPath, .error, "a config's 'from' path is absolute or leaves the rules folder ('..')"),
    CatalogEntry(contentTypeConflict, .error, "a row shows a declared content as the other type (a flow as a paywall)"),
    CatalogEntry(configKeyMissing, .warning, "a locale's config lacks a top-level key of the default locale's"),
    CatalogEntry(configKeyExtra, .warning, "a locale's config has a top-level key the default locale's lacks"),
    CatalogEntry(duplicateSchema, .error, "a content type has two config schemas, or a schema lists a key twice"),
    CatalogEntry(schemaKeyMissing, .error, "a config lacks a schema key that has no default"),
    CatalogEntry(schemaKeyUnknown, .warning, "a config has a key its content type's schema does not list"),
    CatalogEntry(schemaTypeMismatch, .error, "a config value or schema default is not of the schema key's type"),
  ]
}

extension DiagnosticMessage {
  static func invalidConfigJSON(_ detail: String) -> Self {
    .init(ContentDiagnostics.invalidConfigJSON, "invalid JSON: \(detail)")
  }

  static func configTooLarge(_ size: Int) -> Self {
    .init(
      ContentDiagnostics.configTooLarge,
      "config is \(size) bytes; a config has at most \(ContentDiagnostics.maxConfigBytes) bytes")
  }

  static var configTooDeep: Self {
    .init(
      ContentDiagnostics.configTooLarge,
      "config is nested deeper than \(ContentDiagnostics.maxConfigDepth) levels of arrays and objects")
  }

  static func configNotObject(_ found: String) -> Self {
    .init(ContentDiagnostics.configNotObject, "a config must be a JSON object, found \(found)")
  }

  static func duplicateConfigKey(_ key: String) -> Self {
    .init(
      ContentDiagnostics.duplicateConfigKey,
      "key '\(UntrustedText.escaped(key, limit: 40))' is written twice in this JSON object")
  }

  static func inexactConfigNumber(_ written: String, kept: String) -> Self {
    .init(
      ContentDiagnostics.inexactConfigNumber,
      "integer \(UntrustedText.escaped(written, limit: 40)) is beyond what a double holds exactly: the decision "
        + "carries \(kept); write it as a string to keep every digit")
  }

  static func localeNotNormalized(_ code: String, _ normalized: String) -> Self {
    .init(
      ContentDiagnostics.invalidLocale,
      "locale '\(UntrustedText.escaped(code, limit: 40))' is not in normalized form '\(normalized)'")
  }

  static func invalidLocale(_ code: String) -> Self {
    .init(
      ContentDiagnostics.invalidLocale,
      "'\(UntrustedText.escaped(code, limit: 40))' is not a locale code: expected e.g. 'en', 'pt-br' or 'zh-hant'")
  }

  static func duplicateLocale(_ locale: String, content: String) -> Self {
    .init(ContentDiagnostics.duplicateLocale, "content '\(content)' has two configs for locale '\(locale)'")
  }

  static func noDefaultLocale(_ content: String) -> Self {
    .init(
      ContentDiagnostics.noDefaultLocale,
      "content '\(content)' has no default locale: mark one config 'config default \"<locale>\"'")
  }

  static func duplicateDefaultLocale(_ content: String) -> Self {
    .init(ContentDiagnostics.duplicateDefaultLocale, "content '\(content)' has more than one default locale")
  }

  static func duplicateContent(_ id: String) -> Self {
    .init(ContentDiagnostics.duplicateContent, "content '\(id)' is declared twice")
  }

  static func configFileNotFound(_ path: String) -> Self {
    .init(
      ContentDiagnostics.configFileNotFound,
      "config file '\(UntrustedText.escaped(path, limit: 80))' is not in the rules folder or cannot be read")
  }

  static func invalidConfigPath(_ path: String) -> Self {
    .init(
      ContentDiagnostics.invalidConfigPath,
      "config path '\(UntrustedText.escaped(path, limit: 80))' must be relative and stay inside the rules folder")
  }

  static func contentTypeConflict(_ id: String, shown: String, declared: String) -> Self {
    .init(
      ContentDiagnostics.contentTypeConflict, "'\(id)' is shown as a \(shown) but declared as \(declared) content")
  }

  static func configKeyMissing(_ key: String, locale: String, defaultLocale: String) -> Self {
    .init(
      ContentDiagnostics.configKeyMissing,
      "config '\(locale)' lacks key '\(UntrustedText.escaped(key, limit: 40))' of the default locale '\(defaultLocale)'"
    )
  }

  static func configKeyExtra(_ key: String, locale: String, defaultLocale: String) -> Self {
    .init(
      ContentDiagnostics.configKeyExtra,
      "config '\(locale)' has key '\(UntrustedText.escaped(key, limit: 40))' that the default locale '\(defaultLocale)' lacks"
    )
  }

  static func duplicateSchema(_ type: String) -> Self {
    .init(ContentDiagnostics.duplicateSchema, "the \(type) config schema is declared twice")
  }

  static func duplicateSchemaKey(_ key: String) -> Self {
    .init(ContentDiagnostics.duplicateSchema, "key '\(key)' is listed twice in the schema")
  }

  static func schemaKeyMissing(_ key: String, locale: String) -> Self {
    .init(
      ContentDiagnostics.schemaKeyMissing, "config '\(locale)' lacks key '\(key)', which the schema requires")
  }

  static func schemaKeyUnknown(_ key: String, locale: String, type: String) -> Self {
    .init(
      ContentDiagnostics.schemaKeyUnknown,
      "config '\(locale)' has key '\(UntrustedText.escaped(key, limit: 40))' that the \(type) schema does not list")
  }

  static func schemaTypeMismatch(_ key: String, expected: String, found: String) -> Self {
    .init(
      ContentDiagnostics.schemaTypeMismatch, "key '\(key)' must be a \(expected), found \(found)")
  }
}

extension Note {
  /// Points at the schema key a config value is checked against.
  static func schemaKeyDeclared(at span: SourceSpan) -> Note { Note("the schema declares it here", at: span) }

  /// Points at the schema that does not list a config's key.
  static func schemaDeclared(at span: SourceSpan) -> Note { Note("the schema is declared here", at: span) }

  /// Points at the content declaration whose type a row disagrees with.
  static func contentDeclared(at span: SourceSpan) -> Note { Note("declared here", at: span) }

  /// Points at the default locale's config that a key is compared with.
  static func defaultConfig(at span: SourceSpan) -> Note { Note("the default locale's config is here", at: span) }
}

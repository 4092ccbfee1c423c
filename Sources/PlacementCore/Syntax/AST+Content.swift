/// `content flow|paywall <id> { config [default] "<locale>" <json>|from "<path>" ... }`: a content's remote
/// config, one JSON object per locale.
package struct ContentDecl: Sendable {
  /// `flow` or `paywall` as written.
  package let contentType: Name
  package let id: Name
  package let configs: [ConfigSyntax]
  package let range: SourceRange
}

/// One locale's config: `config [default] "<locale>" { … }` or `config [default] "<locale>" from "<path>"`.
package struct ConfigSyntax: Sendable {
  /// The `default` keyword, when written: this locale is the one used when no other matches.
  package let defaultKeyword: Name?
  package let locale: Name
  package let body: ConfigBodySyntax
  package let range: SourceRange
}

/// Where a config's JSON is.
package enum ConfigBodySyntax: Sendable {
  /// JSON written in the rules file: the balanced `{…}` or `[…]` region, bytes as written.
  case inline(SourceRange)
  /// `from "<path>"`: a JSON file, relative to the rules file's folder.
  case file(Name)
  /// Recovery placeholder (already reported).
  case missing
}

/// `config schema flow|paywall { <key>: <type> [= <json>] ... }`: the keys every config of that content type has.
package struct ConfigSchemaDecl: Sendable {
  package let contentType: Name
  package let fields: [SchemaFieldSyntax]
  package let range: SourceRange
}

/// `<key>: string|number|bool|list|object [= <json>]`; a key may be a word or a string.
package struct SchemaFieldSyntax: Sendable {
  package let key: Name
  package let type: Name
  /// The default value's JSON as written, when there is one.
  package let defaultValue: SourceRange?
  package let range: SourceRange
}

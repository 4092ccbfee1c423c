/// A declared content (`content paywall pro_annual { … }`) with its remote config per locale, checked.
package struct ContentDefinition: Sendable {
  package let type: PlacementDefinition.ContentType
  package let id: String
  /// The locale used when no other matches (the config written `config default "<locale>"`).
  package let defaultLocale: String
  /// The configs in declaration order; locales are normalized (`pt-br`) and unique.
  package let configs: [LocaleConfig]
  /// The content's id in its declaration.
  package let span: SourceSpan
  /// The whole declaration.
  package let declarationSpan: SourceSpan

  /// The memberwise initializer, for the modules above this one.
  package init(
    type: PlacementDefinition.ContentType, id: String, defaultLocale: String, configs: [LocaleConfig],
    span: SourceSpan, declarationSpan: SourceSpan
  ) {
    self.type = type
    self.id = id
    self.defaultLocale = defaultLocale
    self.configs = configs
    self.span = span
    self.declarationSpan = declarationSpan
    defaultIndex = configs.firstIndex { $0.locale == defaultLocale } ?? 0
  }

  /// The index in ``configs`` of the default locale's config.
  package let defaultIndex: Int

  /// The config for a profile's `locale` (nil: absent) by ``LocaleMatching``, and how it matched.
  package func config(for locale: String?) -> RemoteConfig {
    let (index, match) = LocaleMatching.match(locale, in: configs, defaultIndex: defaultIndex)
    let chosen = configs[index]
    return RemoteConfig(
      locale: chosen.locale, match: match, value: chosen.value, encoded: chosen.encoded, fragment: chosen.fragment)
  }
}

/// One locale's remote config of a content.
package struct LocaleConfig: Sendable {
  /// The normalized locale code (`en`, `pt-br`, `zh-hant`).
  package let locale: String
  /// The JSON object, with the schema's defaults filled in.
  package let value: JSONValue
  /// ``value`` encoded once when the rules compile (keys sorted, no spaces): what decision JSON copies.
  package let encoded: [UInt8]
  /// The locale string in its declaration.
  package let span: SourceSpan
  /// Where the JSON is: the inline `{…}` in the rules file, or the path string of `from "<path>"`.
  package let bodySpan: SourceSpan
  /// The config file's path inside the rules folder for `from "<path>"`; nil when the JSON is inline.
  package let path: String?

  /// The memberwise initializer, for the modules above this one.
  package init(
    locale: String, value: JSONValue, encoded: [UInt8], span: SourceSpan, bodySpan: SourceSpan, path: String?
  ) {
    self.locale = locale
    self.value = value
    self.encoded = encoded
    self.span = span
    self.bodySpan = bodySpan
    self.path = path
    var json = JSONWriter()
    json.raw(#","config":"#)
    json.raw(bytes: encoded)
    json.raw(#","locale":"#)
    json.rawString(locale)
    fragment = json.bytes
  }

  /// `,"config":<encoded>,"locale":"<locale>"`: what decision JSON writes after `content`, encoded once.
  package let fragment: [UInt8]
}

/// `config schema flow|paywall { … }`, checked: the keys every config of that content type has.
package struct ConfigSchema: Sendable {
  /// The value types a schema key may have.
  package enum ValueType: String, Sendable, Hashable {
    case string, number, bool, list, object

    /// Whether `value` has this type (`null` has none).
    package func admits(_ value: JSONValue) -> Bool {
      switch (self, value) {
      case (.string, .string), (.number, .number), (.bool, .bool), (.list, .array), (.object, .object): true
      default: false
      }
    }
  }

  /// One key: its type, and its default (which makes the key optional) when written.
  package struct Field: Sendable {
    package let key: String
    package let type: ValueType
    package let defaultValue: JSONValue?
    package let span: SourceSpan
  }

  package let contentType: PlacementDefinition.ContentType
  /// The keys in declaration order.
  package let fields: [Field]
  package let span: SourceSpan
}

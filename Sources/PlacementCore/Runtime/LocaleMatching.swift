/// Adapty's locale matching, as one pure function: the profile's `locale` is lowercased and `_` becomes `-`; a
/// config with exactly that locale wins, else one whose locale is the language part before the first hyphen
/// (`pt` for `pt-br`), else the content's default locale. An absent locale gets the default.
///
/// Configs' locales are normalized when the rules compile (lowercase ASCII, `-`), so the comparison normalizes
/// only the profile's side, byte by byte, and allocates nothing.
package enum LocaleMatching {
  /// The index of the chosen locale among `count` candidates, `locale(i)` giving the i-th one's normalized bytes,
  /// and how it was chosen: the first exact match, else the first match of the language part, else
  /// `defaultIndex`. The one implementation of the matching; allocation-free when `locale` is.
  /// - Parameters:
  ///   - requested: the profile's locale as given (`pt_BR`, `de-AT`), or nil when it has none.
  @inline(__always)
  package static func match<Locale: Sequence<UInt8>>(
    _ requested: String?, count: Int, defaultIndex: Int, locale: (Int) -> Locale
  ) -> (index: Int, match: LocaleMatch) {
    guard let requested else { return (defaultIndex, .default) }
    for index in 0..<count where equalsNormalized(requested, locale(index), languageOnly: false) {
      return (index, .exact)
    }
    for index in 0..<count where equalsNormalized(requested, locale(index), languageOnly: true) {
      return (index, .language)
    }
    return (defaultIndex, .default)
  }

  /// The same over a content's configs (with normalized locales; `defaultIndex` is the default locale's).
  package static func match(_ requested: String?, in configs: [LocaleConfig], defaultIndex: Int) -> (
    index: Int, match: LocaleMatch
  ) {
    match(requested, count: configs.count, defaultIndex: defaultIndex) { configs[$0].locale.utf8 }
  }

  /// The same for plain locale codes (tests and tools): the chosen code and how it was chosen.
  package static func match(_ requested: String?, in locales: [String], default defaultLocale: String) -> (
    locale: String, match: LocaleMatch
  ) {
    let (index, how) = match(requested, count: locales.count, defaultIndex: -1) { locales[$0].utf8 }
    return (index < 0 ? defaultLocale : locales[index], how)
  }

  /// `requested` normalized (ASCII lowercase, `_` → `-`), or its part before the first hyphen when
  /// `languageOnly`, equals `candidate`.
  @inline(__always)
  static func equalsNormalized(_ requested: String, _ candidate: some Sequence<UInt8>, languageOnly: Bool) -> Bool {
    var wanted = requested.utf8.makeIterator()
    var have = candidate.makeIterator()
    while true {
      var byte = wanted.next()
      if let raw = byte {
        if raw == UInt8(ascii: "_") {
          byte = UInt8(ascii: "-")
        } else if raw >= UInt8(ascii: "A"), raw <= UInt8(ascii: "Z") {
          byte = raw + 32
        }
      }
      if languageOnly, byte == UInt8(ascii: "-") { byte = nil }
      let other = have.next()
      if byte != other { return false }
      if byte == nil { return true }
    }
  }

  /// `code` lowercased with `_` as `-`: the normalized form a locale in the rules must be written in.
  package static func normalized(_ code: String) -> String {
    String(
      decoding: code.utf8.map { byte in
        byte == UInt8(ascii: "_") ? UInt8(ascii: "-") : (byte >= 65 && byte <= 90 ? byte + 32 : byte)
      }, as: UTF8.self)
  }

  /// True for an Adapty locale code in normalized form: a 2–3 letter language, then `-` and 2–8 letters or
  /// digits, any number of times (`en`, `pt-br`, `zh-hant`), all lowercase.
  package static func isNormalized(_ code: String) -> Bool {
    let parts = code.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    guard let language = parts.first, (2...3).contains(language.count),
      language.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (2...8).contains(part.count)
        && part.allSatisfy { ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= 48 && $0 <= 57) }
    }
  }
}

/// How a decision's config locale was chosen from the profile's `locale`.
public enum LocaleMatch: String, Sendable, Equatable, CaseIterable {
  /// The profile's locale, normalized, is one of the content's locales.
  case exact
  /// The language part of the profile's locale (before the first hyphen) is one of the content's locales.
  case language
  /// Neither: the content's default locale (also when the profile has no locale).
  case `default`
}

/// The remote config a decision carries: the chosen locale's JSON object.
public struct RemoteConfig: Sendable, Equatable {
  /// The locale chosen, normalized (`de`, `pt-br`).
  public let locale: String
  /// How ``locale`` was chosen from the profile's `locale`.
  public let match: LocaleMatch
  /// The config: a JSON object.
  public let value: JSONValue
  /// ``value`` as compact JSON with sorted keys, encoded once per rule set.
  package let encoded: [UInt8]
  /// `,"config":<encoded>,"locale":"<locale>"`, as decision JSON writes it.
  package let fragment: [UInt8]

  package init(locale: String, match: LocaleMatch, value: JSONValue, encoded: [UInt8], fragment: [UInt8]) {
    self.locale = locale
    self.match = match
    self.value = value
    self.encoded = encoded
    self.fragment = fragment
  }

  /// Why this locale: `exact match of 'de-AT'`, `language 'de' of 'de-AT'`, `default (no locale given)`.
  package func reason(requested: String?) -> String {
    guard let requested else { return "config '\(locale)': the default locale (the profile has no locale)" }
    let shown = Coercion.show(.string(requested))
    return switch match {
    case .exact: "config '\(locale)': exact match of locale \(shown)"
    case .language: "config '\(locale)': the language of locale \(shown)"
    case .default: "config '\(locale)': the default locale (no config for locale \(shown))"
    }
  }

  /// ``value`` as compact JSON with sorted keys: the bytes decision JSON writes.
  public var json: String { String(decoding: encoded, as: UTF8.self) }
}

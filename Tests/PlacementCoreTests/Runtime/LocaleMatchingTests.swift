import Testing

@testable import PlacementCore

/// Adapty's locale matching: normalize, exact, language part, default.
@Suite struct LocaleMatchingTests {
  static let locales = ["en", "de", "pt-br", "zh-hant"]

  @Test(arguments: [
    ("pt_BR", "pt-br", LocaleMatch.exact), ("pt-BR", "pt-br", .exact), ("pt-br", "pt-br", .exact),
    ("de-AT", "de", .language), ("de_at", "de", .language), ("DE", "de", .exact), ("ja", "en", .default),
    ("zh-Hant", "zh-hant", .exact), ("zh-Hant-TW", "en", .default), ("pt", "en", .default), ("", "en", .default),
    ("en-", "en", .language), ("é", "en", .default),
  ])
  func vectors(_ requested: String, _ expected: String, _ match: LocaleMatch) {
    let found = LocaleMatching.match(requested, in: Self.locales, default: "en")
    #expect(found.locale == expected)
    #expect(found.match == match)
  }

  @Test func anAbsentLocaleGetsTheDefault() {
    #expect(LocaleMatching.match(nil, in: Self.locales, default: "de") == ("de", .default))
  }

  @Test func normalizedFormIsLowercaseWithHyphens() {
    #expect(LocaleMatching.normalized("pt_BR") == "pt-br")
    for code in ["en", "pt-br", "zh-hant", "es-419"] { #expect(LocaleMatching.isNormalized(code)) }
    for code in ["pt_BR", "pt-BR", "e", "english", "en-", "-en", "en--us", "en-a", ""] {
      #expect(!LocaleMatching.isNormalized(code), "\(code)")
    }
  }
}

import PlacementCore

/// The messages, notes and fix-its of the Adapty value rules (`language-code`, `attribution-status`,
/// `variation-id-length`, `ids-differ-by-case`, `custom-string-variants`).
extension DiagnosticMessage {
  // MARK: language-code

  static func languageCode(_ literal: String, _ problem: LanguageCodes.Problem) -> Self {
    let quoted = Spelling.quoted(literal)
    let text: String
    switch problem {
    case .notLowerCase(let code):
      text = "\(quoted) is not lower-case; Adapty stores the language as \"\(code)\""
    case .locale(let code, _):
      text = "\(quoted) is a locale; Adapty stores only the two-letter language (\"\(code)\"), so it matches no profile"
    case .threeLetter(let code?):
      text = "\(quoted) is an ISO 639-2 code; Adapty stores the two-letter ISO 639-1 code \"\(code)\""
    case .threeLetter(nil):
      text = "\(quoted) is a three-letter code; Adapty stores two-letter ISO 639-1 codes"
    case .unknown:
      text = "\(quoted) is not an ISO 639-1 language code; Adapty stores two-letter codes such as \"en\""
    }
    return .init(LanguageCode.id, text)
  }

  // MARK: attribution-status

  static func attributionStatus(_ literal: String, suggestion: String?) -> Self {
    let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
    return .init(
      AttributionStatus.id,
      "\(Spelling.quoted(literal)) is not an Adapty attribution status (Organic, Non-organic, Unknown)\(hint)")
  }

  // MARK: variation-id-length

  /// `id` is shown by its first 40 characters.
  static func variationIdTooLong(_ id: String, length: Int, test: String, limit: Int) -> Self {
    .init(
      VariationIdLength.id,
      "variation id '\(id.prefix(40))…' of test '\(test)' has \(length) characters; Adapty allows at most \(limit)")
  }

  // MARK: ids-differ-by-case, custom-string-variants

  static func idsDifferByCase(_ kind: IdsDifferByCase.Kind, _ later: String, _ earlier: String) -> Self {
    .init(
      IdsDifferByCase.id,
      "\(kind.rawValue) id '\(later)' differs from '\(earlier)' only by case; Adapty matches ids exactly")
  }

  static func customStringVariant(_ literal: String, _ earlier: String, attribute: String) -> Self {
    .init(
      CustomStringVariants.id,
      "\(Spelling.quoted(literal)) and \(Spelling.quoted(earlier)) of '\(attribute)' differ only by case or spaces; "
        + "profiles hold at most one of them")
  }
}

extension Note {
  /// After a locale literal whose region is a country: the test that keeps the region.
  static func regionThroughCountry(_ language: String, _ country: String) -> Note {
    Note("for the region, test the country: 'language == \"\(language)\" and country == \"\(country)\"'")
  }

  /// At the first place of the other spelling of an id or a value (`spelling` as written).
  static func otherSpelling(_ spelling: String, at span: SourceSpan) -> Note {
    Note("'\(spelling)' is first written here", at: span)
  }
}

extension FixIt {
  /// `language-code`, `attribution-status`: the string literal at `span` replaced by `value`.
  static func replaceLiteral(with value: String, at span: SourceSpan) -> FixIt {
    FixIt(message: "replace with \(Spelling.quoted(value))", span: span, replacement: Spelling.quoted(value))
  }
}

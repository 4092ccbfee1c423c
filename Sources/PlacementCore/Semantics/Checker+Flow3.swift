// The clauses of a quiz source that read SDK 3.x payloads and analytics events: `key id|value` and
// `default <option> if screen "<screen>" presented`.

extension Checker {
  /// Checks `key` and `default … presented` of `syntax` and stores them in `source`; false (reported) when one
  /// is wrong: either clause on a source other than a quiz, a key other than `id` or `value`, a default that is
  /// not an option of `type`, an empty screen.
  mutating func checkFlow3Clauses(_ syntax: SourceSyntax, type: AttributeType, into source: inout AttributeSource)
    -> Bool
  {
    var valid = true
    if let key = syntax.key, !key.isMissing {
      if source.kind != .quiz {
        report(.clauseNeedsQuiz("key", source.kind.rawValue), key.range)
        valid = false
      } else if let optionKey = AttributeSource.OptionKey(rawValue: key.text) {
        source.optionKey = optionKey
      } else {
        report(.unknownOptionKey(key.text), key.range)
        valid = false
      }
    }
    guard let preset = syntax.presentedDefault else { return valid }
    let option = preset.option.id
    if source.kind != .quiz {
      report(.clauseNeedsQuiz("default", source.kind.rawValue), option.range)
      return false
    }
    if type.options?.index(of: option.text) == nil {
      report(.defaultNotAnOption(option.text, options: type.options?.ids ?? []), option.range)
      valid = false
    }
    if preset.screen.text.isEmpty {
      report(.emptyScreenID, preset.screen.range)
      valid = false
    }
    if valid { source.presentedDefault = .init(option: option.text, screen: preset.screen.text) }
    return valid
  }
}

extension DiagnosticMessage {
  static func clauseNeedsQuiz(_ clause: String, _ kind: String) -> Self {
    .init(SemanticsCatalog.invalidSource, "'\(clause)' applies to a quiz source, not to \(kind)")
  }

  static func unknownOptionKey(_ word: String) -> Self {
    .init(SemanticsCatalog.invalidSource, "unknown option key '\(word)': expected id or value")
  }

  static func defaultNotAnOption(_ id: String, options: [String]) -> Self {
    let listed = options.prefix(8).joined(separator: ", ") + (options.count > 8 ? ", …" : "")
    return .init(
      SemanticsCatalog.unknownOption, "the default '\(id)' is not one of the attribute's options (\(listed))")
  }
}

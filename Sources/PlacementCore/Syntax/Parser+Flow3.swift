extension Parser {
  /// `default <option> if screen "<screen>" presented`, the current token being `default`; nil when the option
  /// or the screen is missing (reported).
  mutating func parsePresentedDefault() -> PresentedDefaultSyntax? {
    advance()
    guard !current.atLineStart, current.kind == .identifier || current.kind == .string else {
      reportExpected(.defaultOption)
      return nil
    }
    let token = advance()
    let option = OptionSyntax(id: Name(text: token.value, range: token.range), title: nil)
    guard expectWord("if"), expectWord("screen"), let screenToken = expect(.string, .screenID) else { return nil }
    guard expectWord("presented") else { return nil }
    return PresentedDefaultSyntax(option: option, screen: Name(text: screenToken.value, range: screenToken.range))
  }
}

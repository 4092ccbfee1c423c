extension Parser {
  /// The rest of `percent(<n> from "<instant>", <n> from "<instant>", …) salt "<salt>"` after its first
  /// percentage, `first`, whose `from` is the current token. Every step consumes tokens or ends the list, so the
  /// loop always progresses.
  mutating func parseRamp(start: Int, first: Name) -> Expr {
    var steps: [RampStepSyntax] = []
    var percent = first
    while true {
      let instant = parseWindowBound("from") ?? Name.missing(at: previousEnd)
      steps.append(RampStepSyntax(percent: percent, instant: instant))
      guard !instant.isMissing, consume(.comma) != nil else { break }
      guard let number = expect(.number, .percentage) else { break }
      percent = Name(text: number.value, range: number.range)
      guard current.isWord("from") else {
        reportExpected(.word("from"))
        steps.append(RampStepSyntax(percent: percent, instant: Name.missing(at: previousEnd)))
        break
      }
    }
    expect(.rightParen, .closingParenAfterRamp)
    var salt = Name.missing(at: previousEnd)
    if expectWord("salt"), let token = expect(.string, .rolloutSalt) {
      salt = Name(text: token.value, range: token.range)
    }
    return .ramp(RampSyntax(steps: steps, salt: salt, range: span(from: start)))
  }
}

extension Parser {
  /// Top level: `layer <name> [version "<id>"] { <test> <from>% to <to>% ... }`, one test per line.
  ///
  /// A broken line costs that line: the parser reports it, skips to the next line and goes on with the next test.
  mutating func parseLayer() -> LayerDecl {
    let start = advance().range.start
    let name = expectName("a layer name")
    let version = parseTestVersion()
    var allocations: [LayerAllocationSyntax] = []
    if expect(.leftBrace, "'{' and the layer's tests with their shares, e.g. 'music_paywalls 0% to 30%'") != nil {
      while current.kind != .rightBrace, !atDeclarationStart {
        let before = index
        let reported = diagnostics.count + suppressedCount
        allocations.append(parseLayerAllocation())
        skipRestOfBrokenRow(reportedBefore: reported)
        if index == before { skip { $0.kind == .rightBrace || $0.atLineStart } }
      }
      expect(.rightBrace, "'}' to close layer '\(name.text)'")
    }
    return LayerDecl(name: name, version: version, allocations: allocations, range: span(from: start))
  }

  /// `<test> <from>% to <to>%`
  mutating func parseLayerAllocation() -> LayerAllocationSyntax {
    let start = current.range.start
    let test = expectName("a test name")
    var lower = Name.missing(at: previousEnd)
    var upper = Name.missing(at: previousEnd)
    if !test.isMissing {
      lower = parseShareBound("the start of the test's share, e.g. '0%'")
      if !lower.isMissing, expectWord("to") {
        upper = parseShareBound("the end of the test's share, e.g. '30%'")
      }
    }
    return LayerAllocationSyntax(test: test, lower: lower, upper: upper, range: span(from: start))
  }

  /// `<number>%` on the current line: a bound of a layer share.
  mutating func parseShareBound(_ what: String) -> Name {
    guard current.kind == .number, !current.atLineStart else {
      reportExpected(what)
      return Name.missing(at: previousEnd)
    }
    let number = advance()
    expect(.percent, "'%' after the share's bound")
    return Name(text: number.value, range: number.range)
  }
}

extension Parser {
  /// Top level: `layer <name> [version "<id>"] { <test> <from>% to <to>% ... }`, one test per line.
  ///
  /// A broken line costs that line: the parser reports it, skips to the next line and goes on with the next test.
  mutating func parseLayer() -> LayerDecl {
    let start = advance().range.start
    let name = expectName(.layerName)
    let version = parseTestVersion()
    var allocations: [LayerAllocationSyntax] = []
    if expect(.leftBrace, .openingBraceOfLayer) != nil {
      while current.kind != .rightBrace, !atDeclarationStart {
        let before = index
        let reported = diagnostics.count + suppressedCount
        allocations.append(parseLayerAllocation())
        skipRestOfBrokenRow(reportedBefore: reported)
        if index == before { skip { $0.kind == .rightBrace || $0.atLineStart } }
      }
      expect(.rightBrace, .closingBraceOfLayer(name.text))
    }
    return LayerDecl(name: name, version: version, allocations: allocations, range: span(from: start))
  }

  /// `<test> <from>% to <to>%`
  mutating func parseLayerAllocation() -> LayerAllocationSyntax {
    let start = current.range.start
    let test = expectName(.testName)
    var lower = Name.missing(at: previousEnd)
    var upper = Name.missing(at: previousEnd)
    if !test.isMissing {
      lower = parseShareBound(.shareStart)
      if !lower.isMissing, expectWord("to") {
        upper = parseShareBound(.shareEnd)
      }
    }
    return LayerAllocationSyntax(test: test, lower: lower, upper: upper, range: span(from: start))
  }

  /// `<number>%` on the current line: a bound of a layer share.
  mutating func parseShareBound(_ what: Expected) -> Name {
    guard current.kind == .number, !current.atLineStart else {
      reportExpected(what)
      return Name.missing(at: previousEnd)
    }
    let number = advance()
    expect(.percent, .percentAfterShareBound)
    return Name(text: number.value, range: number.range)
  }
}

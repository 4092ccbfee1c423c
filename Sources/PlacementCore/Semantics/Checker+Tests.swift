extension Checker {
  static let variationLimits = 2...20

  /// An A/B test written inside a row. Returns nil (after reporting) when any variation is invalid.
  mutating func checkInlineTest(
    _ syntax: InlineTestSyntax, placement: String, type: PlacementDefinition.ContentType, row: String
  ) -> ABTest? {
    guard !syntax.name.isMissing else { return nil }
    overrides.testNames.insert(syntax.name.text)
    var variations: [ABVariation] = []
    var ok = true
    var ids: [String: SourceRange] = [:]
    for variation in syntax.variations {
      guard let content = checkContent(variation.content, placement: placement, type: type, row: row),
        let weight = checkWeight(variation.weight)
      else {
        ok = false
        continue
      }
      let id = variation.id?.text ?? Self.defaultVariationID(content)
      let idRange = variation.id?.range ?? variation.content.range
      if let first = ids[id] {
        report(
          .duplicateVariation(test: syntax.name.text, id: id), idRange,
          notes: [.firstListed(at: span(first)), .giveVariationsIDs])
        ok = false
      }
      ids[id] = idRange
      variations.append(ABVariation(id: id, weight: weight, content: content))
    }
    let schedule = checkSchedule(syntax.window)
    ok = checkNoInlineStickyWindow(syntax) && ok
    guard ok,
      checkVariations(
        variations.map(\.id), variations.map(\.weight), test: syntax.name, weights: syntax.variations.map(\.weight)),
      schedule.ok
    else { return nil }
    let version = syntax.version?.text ?? Self.derivedVersionID(placement: placement, row: row, test: syntax.name.text)
    var test = ABTest(
      name: syntax.name.text, versionID: version, hasExplicitVersion: syntax.version != nil, isCrossPlacement: false,
      variations: Bucketing.sortedForDraw(variations))
    test.schedule = schedule.schedule
    checkVersion(of: test, at: span(syntax.version?.range ?? syntax.name.range))
    return finishTest(layered(test), sticky: syntax.sticky)
  }

  /// Two tests may share a version id only with the same variations and weights: the draw and the sticky
  /// assignment of a profile are keyed by the version id (docs/Product.md §4.9), so with other variations the tests
  /// would disagree on the profile's variation, and an assignment written by one would be redrawn by the other.
  mutating func checkVersion(of test: ABTest, at place: SourceSpan) {
    let draw = test.variations.map { "\($0.id) \($0.weight)" }
    guard let first = testVersions[test.versionID] else {
      testVersions[test.versionID] = (test.name, draw, place)
      return
    }
    // A cross-placement test is checked once per placement that names it: report its conflict once.
    guard first.draw != draw, first.at != place,
      !diagnostics.contains(where: { $0.code == SemanticsCatalog.sharedVersion && $0.span == place })
    else { return }
    diagnostics.append(
      Diagnostic(
        .versionOfAnotherTest(test.versionID, test: test.name, other: first.test), at: place,
        notes: [.versionFirstUsed(by: first.test, at: first.at), .giveTestsTheirOwnVersions]))
  }

  /// The id of a variation written without one: its content's id (`holdout` for a holdout).
  static func defaultVariationID(_ content: Content) -> String {
    switch content {
    case .flow(let id, let paywall): paywall.map { "\(id)+\($0)" } ?? id
    case .paywall(let id): id
    case .holdout: "holdout"
    case .fallthrough_: "fallthrough"
    case .test(let test): test.name
    }
  }

  /// A weight as written: a whole number of percent, 0...100 (zero is reported by ``checkVariations``).
  mutating func checkWeight(_ weight: Name) -> Int? {
    guard !weight.isMissing else { return nil }
    guard let value = Int(weight.text), value >= 0, value <= 100 else {
      report(
        .invalidWeight(weight.text),
        weight.range)
      return nil
    }
    return value
  }

  /// 2–20 variations, no zero weight, weights summing to exactly 100 (docs/Product.md §2).
  /// - Parameters:
  ///   - ids: variation ids, in written order.
  ///   - values: their weights in percent, in the same order.
  ///   - test: the test's name, where count and sum errors are reported.
  ///   - weights: the weights as written, where a zero weight is reported.
  /// - Returns: false when something was reported.
  mutating func checkVariations(_ ids: [String], _ values: [Int], test: Name, weights: [Name]) -> Bool {
    guard Self.variationLimits.contains(values.count) else {
      report(
        .variationCount(test: test.text, count: values.count),
        test.range)
      return false
    }
    var ok = true
    for (index, value) in values.enumerated() where value == 0 {
      report(
        .zeroWeight(ids[index]),
        weights[index].range)
      ok = false
    }
    let sum = values.reduce(0, +)
    if sum != 100 {
      let written = values.map(String.init).joined(separator: " + ")
      report(
        .weightsSum(test: test.text, sum: sum, written: written),
        test.range)
      ok = false
    }
    return ok
  }

  /// True when the content, or any variation of the test it is, continues with the next row.
  package static func canFallThrough(_ content: Content) -> Bool {
    switch content {
    case .fallthrough_: true
    case .test(let test): test.variations.contains { canFallThrough($0.content) }
    case .flow, .paywall, .holdout: false
    }
  }
}

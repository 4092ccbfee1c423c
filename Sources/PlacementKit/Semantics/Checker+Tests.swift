extension Checker {
  static let variationLimits = 2...20

  /// An A/B test written inside a row.
  mutating func checkInlineTest(
    _ syntax: InlineTestSyntax, placement: String, type: PlacementDefinition.ContentType, row: String
  ) -> ABTest? {
    guard !syntax.name.isMissing else { return nil }
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
          SemanticsCatalog.duplicateVariation, "test '\(syntax.name.text)' has two variations with id '\(id)'", idRange,
          notes: [Note("first here", at: span(first)), Note("give them ids: 'a: <content> 50%'")])
        ok = false
      }
      ids[id] = idRange
      variations.append(ABVariation(id: id, weight: weight, content: content))
    }
    guard ok, checkVariations(variations, test: syntax.name, weights: syntax.variations.map(\.weight)) else {
      return nil
    }
    let version = syntax.version?.text ?? Self.derivedVersionID(placement: placement, row: row, test: syntax.name.text)
    return ABTest(
      name: syntax.name.text, versionID: version, hasExplicitVersion: syntax.version != nil, isCrossPlacement: false,
      variations: Self.sortedForDraw(variations))
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

  /// Variations in draw order: weight ascending, then id ascending by UTF-8 bytes (PRODUCT.md §4.9).
  static func sortedForDraw(_ variations: [ABVariation]) -> [ABVariation] {
    let order = Bucketing.sortedForDraw(variations.map { Variation(id: $0.id, weight: $0.weight) })
    return order.map { v in variations.first { $0.id == v.id }! }
  }

  mutating func checkWeight(_ weight: Name) -> Int? {
    guard !weight.isMissing else { return nil }
    guard let value = Int(weight.text), value >= 0, value <= 100 else {
      report(
        SemanticsCatalog.invalidWeights, "a weight is a whole percentage from 1 to 100, found \(weight.text)%",
        weight.range)
      return nil
    }
    return value
  }

  /// 2–20 variations, no zero weight, weights summing to exactly 100.
  mutating func checkVariations(_ variations: [ABVariation], test: Name, weights: [Name]) -> Bool {
    guard Self.variationLimits.contains(variations.count) else {
      report(
        SemanticsCatalog.invalidTest,
        "test '\(test.text)' has \(variations.count) variation\(variations.count == 1 ? "" : "s"); a test has 2 to 20",
        test.range)
      return false
    }
    var ok = true
    for (variation, weight) in zip(variations, weights) where variation.weight == 0 {
      report(
        SemanticsCatalog.invalidWeights, "variation '\(variation.id)' has weight 0%; remove it instead", weight.range)
      ok = false
    }
    let sum = variations.reduce(0) { $0 + $1.weight }
    if sum != 100 {
      let written = variations.map { "\($0.weight)" }.joined(separator: " + ")
      report(
        SemanticsCatalog.invalidWeights, "weights of test '\(test.text)' sum to \(sum)%, not 100% (\(written))",
        test.range)
      ok = false
    }
    return ok
  }

  /// Cross-placement tests: version required, placements declared, every variation covers the same placements.
  mutating func checkCrossPlacementTests() {
    let placements = Set(placementDecls.map(\.decl.name.text))
    for (_, entry) in testDecls.sorted(by: { $0.key < $1.key }) {
      file = entry.file
      let decl = entry.decl
      if decl.version == nil {
        report(
          SemanticsCatalog.invalidTest, "cross-placement test '\(decl.name.text)' needs a version: 'version \"<id>\"'",
          decl.name.range,
          notes: [Note("one version id shared by every placement keeps a profile in one variation everywhere")])
      }
      let covered = decl.variations.map { Set($0.contents.map(\.placement.text)) }
      for variation in decl.variations {
        for (placement, _) in variation.contents where !placement.isMissing && !placements.contains(placement.text) {
          report(
            SemanticsCatalog.unknownPlacement, "unknown placement '\(placement.text)'", placement.range,
            notes: Suggestions.note(for: placement.text, in: placements))
        }
      }
      if let first = covered.first, let index = covered.firstIndex(where: { $0 != first }) {
        let variation = decl.variations[index]
        report(
          SemanticsCatalog.invalidTest,
          "variation '\(variation.id.text)' covers placements \(covered[index].sorted()) but '\(decl.variations[0].id.text)' covers \(first.sorted())",
          variation.id.range)
      }
    }
  }

  /// The test of a row `<segment> -> test <name>` for one placement.
  mutating func crossPlacementTest(_ name: Name, placement: String, type: PlacementDefinition.ContentType) -> ABTest? {
    guard !name.isMissing else { return nil }
    guard let entry = testDecls[name.text] else {
      report(
        SemanticsCatalog.unknownTest, "unknown test '\(name.text)'", name.range,
        notes: Suggestions.note(for: name.text, in: testDecls.keys)
          + [Note("a row may name a cross-placement test declared with 'test \(name.text) version \"…\" { … }'")])
      return nil
    }
    let here = file
    defer { file = here }
    var variations: [ABVariation] = []
    var ok = true
    var ids = Set<String>()
    for variation in entry.decl.variations {
      guard let contentSyntax = variation.contents.first(where: { $0.placement.text == placement })?.content else {
        report(
          SemanticsCatalog.invalidTest, "test '\(name.text)' has no content for placement '\(placement)'", name.range,
          notes: [
            Note(
              "add '\(placement) -> …' to variation '\(variation.id.text)'",
              at: SourceSpan(file: entry.file, range: variation.id.range))
          ])
        return nil
      }
      file = entry.file
      let content = checkContent(contentSyntax, placement: placement, type: type, row: name.text)
      let weight = checkWeight(variation.weight)
      if !ids.insert(variation.id.text).inserted {
        report(
          SemanticsCatalog.duplicateVariation, "test '\(name.text)' has two variations with id '\(variation.id.text)'",
          variation.id.range)
        ok = false
      }
      file = here
      guard let content, let weight else {
        ok = false
        continue
      }
      variations.append(ABVariation(id: variation.id.text, weight: weight, content: content))
    }
    file = entry.file
    guard ok, checkVariations(variations, test: entry.decl.name, weights: entry.decl.variations.map(\.weight)) else {
      file = here
      return nil
    }
    file = here
    return ABTest(
      name: name.text, versionID: entry.decl.version?.text ?? name.text, hasExplicitVersion: entry.decl.version != nil,
      isCrossPlacement: true, variations: Self.sortedForDraw(variations))
  }
}

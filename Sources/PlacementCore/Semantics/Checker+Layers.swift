extension Checker {
  /// First pass: a layer's name, declared once across the rule set.
  mutating func collectLayer(_ decl: LayerDecl) {
    guard !decl.name.isMissing else { return }
    if let previous = layerDecls.first(where: { $0.decl.name.text == decl.name.text }) {
      reportDuplicate(decl.name, kind: .layer, previous: previous.decl.name.range, previousFile: previous.file)
      return
    }
    layerDecls.append((decl, file))
  }

  /// Every test a layer may name, by name, with where each test of that name is declared: the cross-placement
  /// tests and the inline tests of every placement (an inline name used in two rows is two tests).
  func layerableTests() -> [String: [SourceSpan]] {
    var tests: [String: [SourceSpan]] = [:]
    for (name, entry) in testDecls {
      tests[name, default: []].append(SourceSpan(file: entry.file, range: entry.decl.name.range))
    }
    for entry in placementDecls {
      for row in entry.decl.rows {
        guard case .test(let test) = row.content, !test.name.isMissing else { continue }
        tests[test.name.text, default: []].append(SourceSpan(file: entry.file, range: test.name.range))
      }
    }
    return tests
  }

  /// Checks every layer (before the placements, whose tests then carry their shares): known, unambiguous tests,
  /// each in at most one layer; valid, non-empty shares; no two shares of a layer overlapping. Records each
  /// valid share in ``layerShares`` and each layer in ``layers``.
  mutating func checkLayers() {
    let tests = layerableTests()
    var layeredIn: [String: (layer: String, span: SourceSpan)] = [:]
    for entry in layerDecls {
      file = entry.file
      let decl = entry.decl
      let salt = decl.version?.text ?? LayerDefinition.derivedSalt(layer: decl.name.text)
      var allocations: [LayerDefinition.Allocation] = []
      for line in decl.allocations where !line.test.isMissing {
        let name = line.test
        guard let declared = tests[name.text] else {
          let suggested = suggestions(for: name) { _ in Array(tests.keys) }
          report(
            .unknownTest(name.text), name.range,
            notes: suggested.notes + [.layerListsTests],
            fixIts: suggested.fixIts)
          continue
        }
        if declared.count > 1 {
          report(
            .ambiguousLayerTest(name.text, count: declared.count), name.range,
            notes: declared.map { .testDeclared(name.text, at: $0) } + [.renameTests])
          continue
        }
        if let first = layeredIn[name.text] {
          report(
            .layeredTwice(name.text, layer: decl.name.text, first: first.layer), name.range,
            notes: [.firstListed(at: first.span)])
          continue
        }
        layeredIn[name.text] = (decl.name.text, span(name.range))
        guard let buckets = checkShare(line) else { continue }
        allocations.append(LayerDefinition.Allocation(test: name.text, buckets: buckets, span: span(line.range)))
      }
      guard checkOverlaps(allocations) else { continue }
      for allocation in allocations {
        layerShares[allocation.test] = LayerShare(layer: decl.name.text, salt: salt, buckets: allocation.buckets)
      }
      layers.append(
        LayerDefinition(
          name: decl.name.text, salt: salt, hasExplicitVersion: decl.version != nil,
          allocations: allocations.sorted { $0.buckets.lowerBound < $1.buckets.lowerBound },
          span: span(decl.name.range)))
    }
  }

  /// The layer buckets of `<from>% to <to>%`, or nil after reporting a bound that is not a percentage of
  /// 0–100 with at most two decimals, or an empty share.
  mutating func checkShare(_ line: LayerAllocationSyntax) -> Range<Int>? {
    guard !line.lower.isMissing, !line.upper.isMissing else { return nil }
    var bounds: [Int] = []
    for bound in [line.lower, line.upper] {
      guard let buckets = Self.basisPoints(bound.text) else {
        report(.invalidLayerBound(bound.text), bound.range)
        return nil
      }
      bounds.append(buckets)
    }
    guard bounds[0] < bounds[1] else {
      report(
        .emptyLayerShare(test: line.test.text, lower: line.lower.text, upper: line.upper.text),
        SourceRange(start: line.lower.range.start, end: line.range.end),
        notes: [.shareBounds])
      return nil
    }
    return bounds[0]..<bounds[1]
  }

  /// Reports every pair of overlapping shares, at the later line with a note at the earlier one.
  /// - Returns: true when the shares are disjoint.
  mutating func checkOverlaps(_ allocations: [LayerDefinition.Allocation]) -> Bool {
    var ok = true
    for (index, allocation) in allocations.enumerated() {
      for earlier in allocations[..<index] where earlier.buckets.overlaps(allocation.buckets) {
        let overlap = earlier.buckets.clamped(to: allocation.buckets)
        diagnostics.append(
          Diagnostic(
            .overlappingLayerShares(
              allocation.test, LayerShare.describe(allocation.buckets), other: earlier.test,
              LayerShare.describe(earlier.buckets), overlap: LayerShare.describe(overlap)),
            at: allocation.span,
            notes: [.shareOfTest(earlier.test, at: earlier.span), .oneTestPerLayer]))
        ok = false
      }
    }
    return ok
  }

  /// A test with its layer share attached, when it is in a layer.
  func layered(_ test: ABTest) -> ABTest {
    var test = test
    test.layer = layerShares[test.name]
    return test
  }

  /// The default row always decides (docs/Product.md §4.10), so it cannot hold a test that some profiles skip.
  mutating func checkDefaultLayer(_ content: Content, _ row: RowSyntax) {
    guard case .test(let test) = content, !test.isCrossPlacement, let share = test.layer else { return }
    report(
      .layeredDefault(test.name, layer: share.layer), row.content.range,
      notes: [.layeredTestAboveDefault])
  }

  /// A layer's salt must be its own: equal to a test's version id, a rollout's salt or another layer's salt, its
  /// buckets would be correlated with theirs.
  /// - Parameter versions: test names by version id.
  mutating func checkLayerSalts(_ versions: [String: String]) {
    var seen: [String: String] = [:]
    for entry in layerDecls {
      file = entry.file
      let decl = entry.decl
      let salt = decl.version?.text ?? LayerDefinition.derivedSalt(layer: decl.name.text)
      let place = (decl.version ?? decl.name).range
      let note = Note.layerOwnKey
      if let test = versions[salt] {
        report(.layerSaltIsVersionID(salt, layer: decl.name.text, test: test), place, notes: [note])
      } else if salts[salt] != nil {
        report(.layerSaltUsedTwice(salt, layer: decl.name.text, other: .rollout), place, notes: [note])
      } else if let other = seen[salt] {
        report(.layerSaltUsedTwice(salt, layer: decl.name.text, other: .layer(other)), place, notes: [note])
      }
      seen[salt] = decl.name.text
    }
  }

  /// A percentage as written (`30`, `2.5`, `12.34`) in basis points (3000, 250, 1234), or nil unless it is a
  /// number from 0 to 100 with at most two decimals, written without exponent (`1e-400` and `5e-3` have
  /// decimals beyond the second). Shared by rollouts and layer shares.
  static func basisPoints(_ text: String) -> Int? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard !text.utf8.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }), let value = Double(text), value >= 0,
      value <= 100, parts.count <= 2, parts.count < 2 || parts[1].count <= 2
    else { return nil }
    return Int((value * 100).rounded())
  }
}

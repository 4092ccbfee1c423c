extension Checker {
  /// Checks every cross-placement test declaration once: a version, known placements (each at most once per
  /// variation), the same placements in every variation, unique variation ids, valid weights. Tests that pass
  /// are recorded in ``validCrossTests``; rows referring to the others get no further diagnostics.
  mutating func checkCrossPlacementTests() {
    let placements = Set(placementDecls.map(\.decl.name.text))
    for (name, entry) in testDecls.sorted(by: { $0.key < $1.key }) {
      file = entry.file
      let decl = entry.decl
      var ok = true
      if decl.version == nil {
        report(
          .crossTestNeedsVersion(name),
          decl.name.range,
          notes: [.sharedVersionID])
        ok = false
      }
      var ids: [String: SourceRange] = [:]
      var weights: [Int] = []
      for variation in decl.variations {
        ok = checkCrossVariationPlacements(variation, known: placements) && ok
        if let first = ids[variation.id.text] {
          report(
            .duplicateVariation(test: name, id: variation.id.text),
            variation.id.range, notes: [.firstListed(at: span(first))])
          ok = false
        }
        ids[variation.id.text] = variation.id.range
        if let weight = checkWeight(variation.weight) { weights.append(weight) } else { ok = false }
      }
      let covered = decl.variations.map { Set($0.contents.map(\.placement.text)) }
      if let first = covered.first, let index = covered.firstIndex(where: { $0 != first }) {
        let variation = decl.variations[index]
        report(
          .variationsCoverDifferentPlacements(
            variation.id.text, covers: covered[index].sorted(), first: decl.variations[0].id.text,
            coversFirst: first.sorted()),
          variation.id.range)
        ok = false
      }
      ok = checkCrossTestShowsPaywallsOnly(decl) && ok
      let stickyWindow = crossTestStickyWindow(decl.stickyWindow)
      crossTestStickyWindows[name] = stickyWindow
      let schedule = checkSchedule(decl.window)
      crossTestSchedules[name] = schedule.schedule
      if ok, stickyWindow != nil,
        checkVariations(
          decl.variations.map(\.id.text), weights, test: decl.name, weights: decl.variations.map(\.weight)),
        schedule.ok
      {
        validCrossTests.insert(name)
      }
    }
  }

  /// Every placement a variation names is declared and named once.
  private mutating func checkCrossVariationPlacements(_ variation: CrossVariationSyntax, known: Set<String>) -> Bool {
    var ok = true
    var seen: [String: SourceRange] = [:]
    for (placement, _) in variation.contents where !placement.isMissing {
      if !known.contains(placement.text) {
        let suggested = suggestions(for: placement) { _ in Array(known) }
        report(
          .unknownPlacement(placement.text), placement.range,
          notes: suggested.notes)
        ok = false
      }
      if let first = seen[placement.text] {
        report(
          .placementGivenTwice(variation: variation.id.text, placement: placement.text), placement.range,
          notes: [.firstListed(at: span(first))])
        ok = false
      }
      seen[placement.text] = placement.range
    }
    return ok
  }

  /// The test of a row `<segment> -> test <name>` for one placement, checked once per (test, placement).
  mutating func crossPlacementTest(_ name: Name, placement: String, type: PlacementDefinition.ContentType) -> ABTest? {
    guard !name.isMissing else { return nil }
    guard let entry = testDecls[name.text] else {
      let suggested = suggestions(for: name) { Array($0.testDecls.keys) }
      report(
        .unknownTest(name.text), name.range,
        notes: suggested.notes + [.declareCrossTest(name.text)])
      return nil
    }
    if let checked = crossTestRows[name.text]?[placement] { return checked }
    let test =
      validCrossTests.contains(name.text)
      ? buildCrossPlacementTest(entry.decl, entry.file, at: name, placement, type) : nil
    crossTestRows[name.text, default: [:]][placement] = .some(test)
    return test
  }

  private mutating func buildCrossPlacementTest(
    _ decl: CrossPlacementTestDecl, _ declFile: SourceFile, at reference: Name, _ placement: String,
    _ type: PlacementDefinition.ContentType
  ) -> ABTest? {
    let here = file
    defer { file = here }
    var variations: [ABVariation] = []
    for variation in decl.variations {
      guard let syntax = variation.contents.first(where: { $0.placement.text == placement })?.content else {
        report(
          .noContentForPlacement(test: decl.name.text, placement: placement),
          reference.range,
          notes: [
            .addPlacement(
              placement, toVariation: variation.id.text, at: SourceSpan(file: declFile, range: variation.id.range))
          ])
        return nil
      }
      file = declFile
      let content = checkContent(syntax, placement: placement, type: type, row: decl.name.text)
      file = here
      guard let content, let weight = Int(variation.weight.text) else { return nil }
      variations.append(ABVariation(id: variation.id.text, weight: weight, content: content))
    }
    var test = ABTest(
      name: decl.name.text, versionID: decl.version?.text ?? decl.name.text, hasExplicitVersion: decl.version != nil,
      isCrossPlacement: true, variations: Bucketing.sortedForDraw(variations))
    test.schedule = crossTestSchedules[decl.name.text]
    test.stickyWindow = crossTestStickyWindows[decl.name.text] ?? nil
    checkVersion(of: test, at: SourceSpan(file: declFile, range: decl.version?.range ?? decl.name.range))
    var finished = finishTest(layered(test), sticky: decl.sticky)
    // Sticky whether or not `sticky` is written: an assignment stays for the stickiness window (Adapty has no
    // cross-placement test whose assignments are not kept).
    finished.isSticky = true
    return finished
  }

  /// Warns where a cross-placement test gives content for a placement whose table never refers to it: profiles
  /// in the test would not see its variation there.
  mutating func checkUnreferencedCrossPlacementContent() {
    for (name, entry) in testDecls.sorted(by: { $0.key < $1.key }) where validCrossTests.contains(name) {
      file = entry.file
      let referenced = crossTestRows[name] ?? [:]
      guard let first = entry.decl.variations.first else { continue }
      for (placement, _) in first.contents where referenced[placement.text] == nil {
        report(
          .unreferencedTestContent(test: name, placement: placement.text),
          placement.range,
          notes: [.addCrossTestRow(test: name, placement: placement.text)])
      }
    }
  }
}

/// The checker's record of QA overrides (`override <test>: variation <id> for …`, `override <placement>: <content>
/// for …`): declared in any file, checked after the segments (their conditions may name segments), applied to
/// each test and placement as it is built, and reported when their target is unknown or of the other kind.
struct OverrideState {
  var decls: [(decl: OverrideDecl, file: SourceFile)] = []
  /// Override indices by target name, in declaration order.
  var byTarget: [String: [Int]] = [:]
  /// Each override's checked condition (filled by ``Checker/checkOverrideConditions()``).
  var conditions: [Condition] = []
  /// The forced content of placement overrides that checked clean.
  var contents: [Int: Content] = [:]
  /// Overrides whose target was found (and checked, reported or not).
  var applied: Set<Int> = []
  /// Names of every test built or declared, for the unknown-target check.
  var testNames: Set<String> = []
  /// How many segments precede the overrides' conditions in the program.
  var segmentCount = 0

  mutating func declare(_ decl: OverrideDecl, in file: SourceFile) {
    if !decl.target.isMissing { byTarget[decl.target.text, default: []].append(decls.count) }
    decls.append((decl, file))
  }

  /// The checked overrides, in declaration order (meaningful only when nothing was reported).
  func definitions() -> [OverrideDefinition] {
    decls.indices.map { index in
      let (decl, file) = decls[index]
      var variation: String?
      if case .variation(let id) = decl.forced { variation = id.text }
      return OverrideDefinition(
        target: decl.target.text, variation: variation, content: contents[index],
        condition: index < conditions.count ? conditions[index] : .constant(false),
        conditionText: file.text(of: decl.condition.range), span: SourceSpan(file: file, range: decl.target.range))
    }
  }
}

extension Checker {
  /// Types every override's condition, as a segment's (after the segments, which it may name).
  mutating func checkOverrideConditions() {
    overrides.segmentCount = segmentDecls.count
    for (decl, declFile) in overrides.decls {
      file = declFile
      var found: [(target: Int, span: SourceSpan)] = []
      overrides.conditions.append(checkExpression(decl.condition, references: &found))
    }
  }

  /// `test` with its `sticky` modifier and the variation overrides that name it; an override naming a variation
  /// the test lacks is reported (once) at the variation id, with a did-you-mean.
  mutating func finishTest(_ test: ABTest, sticky: Name?) -> ABTest {
    var test = test
    test.isSticky = sticky != nil
    overrides.testNames.insert(test.name)
    for index in overrides.byTarget[test.name] ?? [] {
      guard case .variation(let id) = overrides.decls[index].decl.forced, !id.isMissing else { continue }
      if let variation = test.variations.firstIndex(where: { $0.id == id.text }) {
        test.overrides.append(TestOverride(condition: overrides.segmentCount + index, variation: variation))
      } else if !overrides.applied.contains(index) {
        reportUnknownVariation(id, test: test.name, ids: test.variations.map(\.id), in: overrides.decls[index].file)
      }
      overrides.applied.insert(index)
    }
    return test
  }

  /// The content overrides of placement `name`, checked against its content type like a row's content.
  mutating func placementOverrides(_ name: String, type: PlacementDefinition.ContentType) -> [PlacementOverride] {
    let here = file
    defer { file = here }
    var result: [PlacementOverride] = []
    for index in overrides.byTarget[name] ?? [] {
      guard case .content(let syntax) = overrides.decls[index].decl.forced else { continue }
      overrides.applied.insert(index)
      file = overrides.decls[index].file
      guard let content = checkContent(syntax, placement: name, type: type, row: "override") else { continue }
      if content == .fallthrough_ {
        report(
          .overrideFallsThrough(name), syntax.range,
          notes: [.overrideNeedsContent])
        continue
      }
      overrides.contents[index] = content
      result.append(PlacementOverride(condition: overrides.segmentCount + index, content: content))
    }
    return result
  }

  /// Reports overrides that no test or placement took: an unknown name (with a did-you-mean), or a name of the
  /// other kind (a test given content, a placement given a variation).
  mutating func checkOverrideTargets() {
    let placements = Set(placementDecls.map(\.decl.name.text))
    let tests = overrides.testNames.union(testDecls.keys)
    for (index, (decl, declFile)) in overrides.decls.enumerated()
    where !overrides.applied.contains(index) && !decl.target.isMissing {
      file = declFile
      let target = decl.target
      switch decl.forced {
      case .variation(let id):
        if let entry = testDecls[target.text] {
          // A cross-placement test no row refers to: its variations are still known.
          let ids = entry.decl.variations.map(\.id.text)
          if !id.isMissing, !ids.contains(id.text) { reportUnknownVariation(id, test: target.text, ids: ids, in: file) }
        } else if let placement = placementDecls.first(where: { $0.decl.name.text == target.text }) {
          let kind = placement.decl.contentType.text == "flow" ? "flow" : "paywall"
          report(
            .overrideOfPlacementNamesVariation(target.text), target.range,
            notes: [.forceContentInstead(target.text, kind: kind)])
        } else {
          let suggested = suggestions(for: target) { _ in Array(tests) }
          report(
            .unknownTest(target.text), target.range,
            notes: suggested.notes + [.overrideNamesTest],
            fixIts: suggested.fixIts)
        }
      case .content:
        if placements.contains(target.text) {
          continue  // a placement whose declaration was reported
        } else if tests.contains(target.text) {
          report(
            .overrideOfTestNamesContent(target.text), target.range,
            notes: [.forceVariationInstead(target.text)])
        } else {
          let suggested = suggestions(for: target) { _ in Array(placements) }
          report(.unknownPlacement(target.text), target.range, notes: suggested.notes, fixIts: suggested.fixIts)
        }
      }
    }
  }

  private mutating func reportUnknownVariation(_ id: Name, test: String, ids: [String], in declFile: SourceFile) {
    let here = file
    defer { file = here }
    file = declFile
    let suggested = suggestions(for: id) { _ in ids }
    report(
      .unknownVariation(id.text, test: test), id.range,
      notes: suggested.notes + [.variations(of: test, ids)],
      fixIts: suggested.fixIts)
  }
}

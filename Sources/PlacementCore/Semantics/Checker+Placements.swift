extension Checker {
  mutating func checkPlacements() -> [PlacementDefinition] {
    // A file that was not read may declare the placements: its own error says so.
    if placementDecls.isEmpty, !hasUnreadFiles {
      diagnostics.append(Diagnostic(.noPlacements, at: nil))
    }
    checkCrossPlacementTests()
    let placements = placementDecls.compactMap { entry in
      file = entry.file
      return checkPlacement(entry.decl)
    }
    checkUnreferencedCrossPlacementContent()
    return placements
  }

  mutating func checkPlacement(_ decl: PlacementDecl) -> PlacementDefinition? {
    guard let contentType = PlacementDefinition.ContentType(rawValue: decl.contentType.text) else { return nil }
    var crossRows: [AudienceRow] = []
    var rows: [AudienceRow] = []
    var defaultRow: RowSyntax?
    for row in decl.rows {
      if let first = defaultRow {
        if row.isDefault {
          report(
            .secondDefault(decl.name.text),
            row.segment.range,
            notes: [.defaultRow(at: span(first.segment.range))])
        } else {
          report(
            .rowAfterDefault(row.segment.text),
            row.segment.range,
            notes: [.moveAboveDefault(at: span(first.segment.range))])
        }
        continue
      }
      if row.isDefault { defaultRow = row }
      let segment: Int?
      if row.isDefault {
        segment = nil
      } else if let index = segmentIndex[row.segment.text] {
        segment = index
      } else {
        let suggested = suggestions(for: row.segment) { Array($0.segmentIndex.keys) }
        report(
          .unknownSegment(row.segment.text), row.segment.range,
          notes: suggested.notes, fixIts: suggested.fixIts)
        continue
      }
      let schedule = checkSchedule(row.window)
      guard
        let content = checkContent(row.content, placement: decl.name.text, type: contentType, row: row.segment.text),
        schedule.ok
      else { continue }
      var audience = AudienceRow(name: row.segment.text, segment: segment, content: content, span: span(row.range))
      audience.setSchedule(schedule.schedule, test: Self.testSchedule(of: content))
      if row.isDefault, let cap = row.cap {
        report(.cappedDefault, cap.range)
      } else {
        audience.cap = checkCap(row.cap, placement: decl.name.text, content: content.shownID)
      }
      if row.isDefault {
        checkDefaultContent(content, row)
        checkDefaultSchedule(audience, row)
        checkDefaultLayer(content, row)
        rows.append(audience)
      } else if case .test(let test) = content, test.isCrossPlacement {
        crossRows.append(audience)
      } else {
        rows.append(audience)
      }
    }
    if defaultRow == nil {
      report(
        .missingDefault(decl.name.text), decl.name.range,
        notes: [.addDefaultRow(contentType.rawValue)])
    }
    var definition = PlacementDefinition(
      name: decl.name.text, contentType: contentType, rows: crossRows + rows, span: span(decl.name.range))
    definition.overrides = placementOverrides(decl.name.text, type: contentType)
    return definition
  }

  /// The default row always decides, so a placement always ends there (docs/Product.md §4.10): it cannot fall
  /// through, hold a test with a variation that falls through, or be a cross-placement test's row (those rows
  /// are checked before every other row, so it would hide the whole table).
  mutating func checkDefaultContent(_ content: Content, _ row: RowSyntax) {
    switch content {
    case .fallthrough_:
      report(
        .defaultFallsThrough,
        row.content.range,
        notes: [.defaultForEveryone])
    case .test(let test) where test.isCrossPlacement:
      report(
        .crossPlacementDefault(test.name), row.content.range,
        notes: [.crossRowsComeFirst, .segmentForCrossTest(test.name)])
    case .test(let test):
      for variation in test.variations where Self.canFallThrough(variation.content) {
        report(
          .defaultVariationFallsThrough(variation.id, test: test.name),
          row.content.range,
          notes: [.stoppedVariationInDefault])
      }
    case .flow, .paywall, .holdout:
      break
    }
  }

  /// Resolves a row's content and checks it against the placement's content type.
  mutating func checkContent(
    _ syntax: ContentSyntax, placement: String, type: PlacementDefinition.ContentType, row: String
  ) -> Content? {
    switch syntax {
    case .flow(let id, let paywall, let range):
      guard !id.isMissing, paywall?.isMissing != true else { return nil }
      if type == .paywall {
        report(.paywallPlacementShowsFlow(placement), range)
      }
      return .flow(id: id.text, paywall: paywall?.text)
    case .paywall(let id, let range):
      guard !id.isMissing else { return nil }
      if type == .flow {
        report(
          .flowPlacementShowsPaywall(placement), range,
          notes: [.showInsideFlow(paywall: id.text)])
      }
      return .paywall(id: id.text)
    case .fallthrough_: return .fallthrough_
    case .holdout: return .holdout
    case .missing: return nil
    case .test(let test):
      return checkInlineTest(test, placement: placement, type: type, row: row).map { .test($0) }
    case .testReference(let name, _):
      return crossPlacementTest(name, placement: placement, type: type).map { .test($0) }
    }
  }
}

/// The checker's notes on placements, A/B tests, layers, overrides and schedules (see `SemanticsNotes.swift`).
extension Note {
  // MARK: Placements

  /// After `second-default`, at the first default row.
  static func defaultRow(at span: SourceSpan) -> Note { Note("the default row is here", at: span) }

  /// After `row-after-default`, at the default row.
  static func moveAboveDefault(at span: SourceSpan) -> Note {
    Note("the default row matches every profile; move this row above it", at: span)
  }

  /// After `missing-default`: `contentType` is `flow` or `paywall`.
  static func addDefaultRow(_ contentType: String) -> Note {
    Note("add 'default -> \(contentType) <id>' as the last row: it decides when no segment matches")
  }

  /// After `default-falls-through`.
  static var defaultForEveryone: Note { Note("give the default row content that every profile may see") }

  /// After `cross-placement-default`: why, then what to write.
  static var crossRowsComeFirst: Note {
    Note("cross-placement rows are checked before the placement's own rows, so this row would hide every other row")
  }

  static func segmentForCrossTest(_ test: String) -> Note {
    Note("give the test a segment: '<segment> -> test \(test)', and keep a plain default row last")
  }

  /// After `default-variation-falls-through`.
  static var stoppedVariationInDefault: Note {
    Note("a stopped variation in the default row must show the default content instead")
  }

  /// After `flow-placement-shows-paywall`.
  static func showInsideFlow(paywall: String) -> Note {
    Note("show it inside a flow: 'flow <id> with paywall \(paywall)'")
  }

  // MARK: A/B tests

  /// After `duplicate-variation` in an inline test, whose variations may have no ids.
  static var giveVariationsIDs: Note { Note("give them ids: 'a: <content> 50%'") }

  /// After `cross-test-needs-version`.
  static var sharedVersionID: Note {
    Note("one version id shared by every placement keeps a profile in one variation everywhere")
  }

  /// After an unknown test in a row: how a cross-placement test is declared.
  static func declareCrossTest(_ name: String) -> Note {
    Note("a row may name a cross-placement test declared with 'test \(name) version \"…\" { … }'")
  }

  /// After `variations-cover-different-placements`, at the variation that lacks the placement.
  static func addPlacement(_ placement: String, toVariation id: String, at span: SourceSpan) -> Note {
    Note("add '\(placement) -> …' to variation '\(id)'", at: span)
  }

  /// After a cross-placement test's content for a placement with no row naming the test.
  static func addCrossTestRow(test: String, placement: String) -> Note {
    Note("add a row '<segment> -> test \(test)' to placement '\(placement)', or remove its content")
  }

  // MARK: Layers

  /// After `unknown-test` in a layer.
  static var layerListsTests: Note {
    Note("a layer lists A/B tests by name: an inline test's or a cross-placement test's")
  }

  /// After `ambiguous-layer-test`: one per declaration, then what to do.
  static func testDeclared(_ name: String, at span: SourceSpan) -> Note {
    Note("a test '\(name)' is declared here", at: span)
  }

  static var renameTests: Note { Note("rename the tests, or make them one cross-placement test") }

  /// After `empty-layer-share`.
  static var shareBounds: Note {
    Note("a share runs from its lower bound (included) to its upper bound (excluded), e.g. '0% to 30%'")
  }

  /// Points at the share a layer gives a test (`overlapping-layer-shares`, lint `layer-allocation`).
  package static func shareOfTest(_ test: String, at span: SourceSpan) -> Note {
    Note("the share of test '\(test)' is here", at: span)
  }

  /// After `overlapping-layer-shares`.
  static var oneTestPerLayer: Note {
    Note("a profile enters at most one test of a layer: give each test its own range")
  }

  /// After `layered-default`.
  static var layeredTestAboveDefault: Note {
    Note("move the test to a row with a segment above the default row, and keep a plain default row last")
  }

  /// After a layer salt that is another key (`layer-salt-is-version-id`, `layer-salt-used-twice`).
  static var layerOwnKey: Note {
    Note("one key buckets the same profiles the same way; give the layer its own 'version \"<id>\"'")
  }

  // MARK: Overrides

  /// After `override-falls-through`.
  static var overrideNeedsContent: Note { Note("an override forces content; give it a flow or paywall to show") }

  /// After `override-of-placement-names-variation`: `kind` is `flow` or `paywall`.
  static func forceContentInstead(_ placement: String, kind: String) -> Note {
    Note("force the placement's content instead: 'override \(placement): \(kind) <id> for …'")
  }

  /// After `override-of-test-names-content`.
  static func forceVariationInstead(_ test: String) -> Note {
    Note("force one of its variations instead: 'override \(test): variation <id> for …'")
  }

  /// After `unknown-test` in an override.
  static var overrideNamesTest: Note {
    Note("'override <test>: variation <id> for …' names a test declared in a row or with 'test'")
  }

  /// After `unknown-variation`: the test's variation ids.
  static func variations(of test: String, _ ids: [String]) -> Note {
    Note("test '\(test)' has variations \(ids.map { "'\($0)'" }.joined(separator: ", "))")
  }

  // MARK: Schedules

  /// After `empty-schedule`.
  static var scheduleBounds: Note {
    Note("'from' is inclusive and 'until' exclusive: a schedule is live while from <= now < until")
  }

  /// After `instant-without-offset`: `keyword` is `from` or `until`, `example` the text without offset.
  static func addOffset(_ keyword: String, example: String) -> Note {
    Note(
      "add the offset of the time zone you mean, e.g. '\(keyword) \"\(example)+01:00\"', or 'Z' for UTC: "
        + "without one the moment depends on each server's time zone")
  }

  /// After `invalid-instant`.
  static func instantSyntax(_ keyword: String) -> Note {
    Note("write an RFC 3339 instant with an offset, e.g. '\(keyword) \"2026-12-20T00:00:00+01:00\"'")
  }

  /// After `scheduled-default`.
  static var scheduleAboveDefault: Note {
    Note("schedule a row above it ('<segment> from \"…\" until \"…\" -> …') and keep the default row always live")
  }
}

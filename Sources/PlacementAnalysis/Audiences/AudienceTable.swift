import PlacementCore

/// The audience table of one placement as people and tools read it (`placement audiences`): the rows in
/// priority order with their segment, content or A/B split and marks, and the fallback path.
///
/// Priority is the 0-based evaluation order: rows of cross-placement tests first, then the placement's own rows
/// as written, the default row last. The first row whose segment matches and whose content does not fall
/// through decides; a profile that matches no row, or whose matching rows all fall through, gets the default row.
package struct AudienceTable: Sendable, Equatable {
  /// Whether a row can continue with the next row instead of deciding.
  package enum FallThrough: Sendable, Equatable {
    /// The row always decides when its segment matches.
    case never
    /// The row's content is `fallthrough`: it never decides.
    case always
    /// The row is a test; a profile that draws one of these variations continues with the next row.
    case variations([String])
  }

  /// One row of the table.
  package struct Row: Sendable, Equatable {
    /// 0-based evaluation order.
    package let priority: Int
    /// The segment's name, or `default`.
    package let name: String
    /// The segment's condition as written, whitespace collapsed to single spaces; nil for the default row.
    package let condition: String?
    /// The content, or the test with its variations in draw order (weight ascending, then id).
    package let content: Content
    package let isDefault: Bool
    /// True for a row of a cross-placement test (evaluated before the placement's own rows).
    package let isCrossPlacement: Bool
    /// For a cross-placement row: the other placements whose tables refer to the same test, in declaration order.
    package let alsoIn: [String]
    package let fallThrough: FallThrough
    /// Ids of the variations that are holdouts (the profile is deliberately shown nothing).
    package let holdouts: [String]
    /// When the row is live: its own schedule intersected with its test's; nil for a row that always is.
    package internal(set) var schedule: Schedule? = nil
    /// Where ``schedule`` stands at the table's ``AudienceTable/now``; nil for an unscheduled row or a table
    /// not judged at an instant.
    package internal(set) var status: Schedule.Status? = nil
    /// The ramps the row's segment uses, in source order; empty for most rows.
    package internal(set) var ramps: [RampState] = []
  }

  /// A QA override that applies at this placement (docs/ABTests.md, "QA overrides").
  package struct Override: Sendable, Equatable {
    /// The test whose variation is forced (nil: the placement's content is forced before any row).
    package let test: String?
    /// The forced variation id (test overrides only).
    package let variation: String?
    /// The forced content (placement overrides only).
    package let content: Content?
    /// The override's condition as written, whitespace collapsed.
    package let condition: String
  }

  package let placement: String
  package let contentType: PlacementDefinition.ContentType
  package internal(set) var rows: [Row]
  /// The instant the rows' schedules are judged at (``at(_:)``); nil when not judged.
  package internal(set) var now: Instant? = nil
  /// The placement's content overrides and the variation overrides of its tests, in declaration order.
  package private(set) var overrides: [Override] = []
  /// The declared contents the table can show, with their locales (``contents(_:in:)``); empty when none is.
  package private(set) var contents: [ContentLocales] = []
  /// The id lists the rows and overrides test, with their sizes (``lists(segments:overrides:in:)``).
  package private(set) var lists: [ListSize] = []
  /// The rules' declared dialect (`dialect …`); nil when they declare none.
  package private(set) var dialect: Dialect? = nil
  /// The placements whose decisions this one's conditions read, and those that read this one's.
  package private(set) var dependencies: [String] = []
  package private(set) var dependants: [String] = []

  /// The table of `placement` in `ruleSet`, or nil for an unknown placement.
  package init?(_ placement: String, in ruleSet: RuleSet) {
    guard let definition = ruleSet.placement(named: placement) else { return nil }
    self.init(definition, in: ruleSet)
  }

  /// The table of a placement of `ruleSet`.
  package init(_ definition: PlacementDefinition, in ruleSet: RuleSet) {
    placement = definition.name
    contentType = definition.contentType
    rows = definition.rows.enumerated().map { index, row in
      var test: ABTest?
      if case .test(let t) = row.content { test = t }
      let isCross = test?.isCrossPlacement == true
      return Row(
        priority: index, name: row.name,
        condition: row.segment.map { Self.collapsingWhitespace(ruleSet.segments[$0].conditionText) },
        content: row.content, isDefault: row.segment == nil, isCrossPlacement: isCross,
        alsoIn: isCross ? Self.placements(referring: test!.name, in: ruleSet, except: definition.name) : [],
        fallThrough: Self.fallThrough(row.content),
        holdouts: test?.variations.filter { $0.content == .holdout }.map(\.id) ?? [])
    }
    for (index, row) in definition.rows.enumerated() {
      rows[index].schedule = row.effectiveSchedule
      if let segment = row.segment { rows[index].ramps = Self.ramps(of: segment, in: ruleSet) }
    }
    contents = Self.contents(definition, in: ruleSet)
    dialect = ruleSet.declaresDialect ? ruleSet.dialect : nil
    (dependencies, dependants) = Self.prerequisiteLinks(definition, in: ruleSet)
    let tests = Self.testNames(definition)
    let applying = ruleSet.overrideDefinitions.filter { Self.applies($0, at: definition, tests: tests) }
    overrides = applying.map { override in
      let condition = Self.collapsingWhitespace(override.conditionText)
      if let content = override.content {
        return Override(test: nil, variation: nil, content: content, condition: condition)
      }
      return Override(test: override.target, variation: override.variation, content: nil, condition: condition)
    }
    lists = Self.lists(
      segments: definition.rows.compactMap(\.segment),
      overrides: applying.map(\.condition),
      in: ruleSet)
  }

  /// The names of the tests the placement's rows hold.
  static func testNames(_ definition: PlacementDefinition) -> Set<String> {
    Set(definition.rows.compactMap { row in if case .test(let t) = row.content { t.name } else { nil } })
  }

  /// True when `override` applies at the placement: it forces the placement's content, or the variation of a
  /// test in `tests` (the placement's ``testNames(_:)``).
  static func applies(_ override: OverrideDefinition, at definition: PlacementDefinition, tests: Set<String>) -> Bool {
    if override.content != nil { return override.target == definition.name }
    return override.variation != nil && tests.contains(override.target)
  }

  /// The table with each scheduled row's ``Row/status`` at `now` (`placement audiences --now`): what is live.
  package func at(_ now: Instant) -> AudienceTable {
    var judged = self
    judged.now = now
    for index in judged.rows.indices { judged.rows[index].status = judged.rows[index].schedule?.status(at: now) }
    judged.judgeRamps(at: now)
    return judged
  }

  /// Rows with a schedule (their own or their test's).
  package var scheduledRows: [Row] { rows.filter { $0.schedule != nil } }

  /// The default row: where a profile ends when no row decides. Nil only for a table that failed to check.
  package var defaultRow: Row? { rows.last { $0.isDefault } }

  /// Rows that can continue with the next row instead of deciding.
  package var fallThroughRows: [Row] { rows.filter { $0.fallThrough != .never } }

  /// Number of rows whose content is an A/B test.
  package var testCount: Int {
    rows.count { if case .test = $0.content { true } else { false } }
  }

  static func fallThrough(_ content: Content) -> FallThrough {
    switch content {
    case .fallthrough_: return .always
    case .test(let test):
      let ids = test.variations.filter { Checker.canFallThrough($0.content) }.map(\.id)
      return ids.isEmpty ? .never : .variations(ids)
    case .flow, .paywall, .holdout: return .never
    }
  }

  static func placements(referring test: String, in ruleSet: RuleSet, except name: String) -> [String] {
    ruleSet.placements.filter { placement in
      placement.name != name
        && placement.rows.contains { row in
          if case .test(let t) = row.content { t.isCrossPlacement && t.name == test } else { false }
        }
    }.map(\.name)
  }

  package static func collapsingWhitespace(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
  }
}

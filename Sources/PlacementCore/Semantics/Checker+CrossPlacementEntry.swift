/// The rules Adapty runs cross-placement tests by, as the checker enforces them: paywalls only, and a stickiness
/// window counted in days (docs/ABTests.md, "Cross-placement tests").
extension Checker {
  /// The stickiness window of a cross-placement test without `sticky for <n> days`: 90 days (Adapty's default of
  /// three months).
  static let defaultStickyDays: Int64 = 90
  /// The longest stickiness window accepted, in days (about ten years).
  static let stickyDaysLimit: Int64 = 3650

  /// Reports each variation of a cross-placement test that shows a flow at one of its placements (Adapty runs
  /// cross-placement tests on paywalls only); true when none does.
  mutating func checkCrossTestShowsPaywallsOnly(_ decl: CrossPlacementTestDecl) -> Bool {
    var ok = true
    for variation in decl.variations {
      for (placement, content) in variation.contents {
        guard case .flow(let id, _, let range) = content else { continue }
        report(
          .crossTestShowsFlow(test: decl.name.text, variation: variation.id.text, flow: id.text, at: placement.text),
          range, notes: [.crossTestsArePaywallsOnly])
        ok = false
      }
    }
    return ok
  }

  /// The stickiness window of a cross-placement test in milliseconds: `for <n> days` as written, else
  /// ``defaultStickyDays``; nil (after reporting) when the count or the unit is invalid.
  mutating func crossTestStickyWindow(_ syntax: StickyWindowSyntax?) -> Int64? {
    guard let syntax else { return Self.defaultStickyDays * Instant.millisecondsPerDay }
    guard syntax.unit.text == "days" || syntax.unit.text == "day" else {
      report(.stickyWindowUnit(syntax.unit.text), syntax.unit.range)
      return nil
    }
    guard let days = Int64(syntax.count.text), (1...Self.stickyDaysLimit).contains(days) else {
      report(.stickyWindowCount(syntax.count.text, limit: Self.stickyDaysLimit), syntax.count.range)
      return nil
    }
    return days * Instant.millisecondsPerDay
  }

  /// Reports a stickiness window written on a test inside a row: only cross-placement assignments carry a time;
  /// true when there is none.
  mutating func checkNoInlineStickyWindow(_ syntax: InlineTestSyntax) -> Bool {
    guard let window = syntax.stickyWindow else { return true }
    report(.stickyWindowOnInlineTest(syntax.name.text), window.range, notes: [.declareCrossTest(syntax.name.text)])
    return false
  }
}

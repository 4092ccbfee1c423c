import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// The shared row reachability of `unreachable-row` and `overlapping-rows`: the same answers as checking every
/// earlier row (today's exact answers), linear on tables of disjoint rows, and a budget that says what it
/// skipped.
@Suite struct RowReachabilityTests {
  /// A table mixing implied, overlapping, disjoint, fall-through and rollout rows.
  static let mixed = """
    \(quizAttributes)
    segment pros = experience == pro
    segment others = experience in [beginner, amateur]
    segment answered = experience is set
    segment cn = country == "CN" and experience == pro
    segment de = country == "DE"
    segment de_pros = country == "DE" and experience == pro
    segment adults = age >= 18
    segment over21 = age >= 21
    segment us_or_music = country in ["US"] or interests has music
    segment half = percent(50) salt "half"
    segment us = country == "US"
    placement p: flow {
      pros -> flow a
      de -> fallthrough
      others -> flow b
      answered -> flow c
      cn -> flow d
      de_pros -> flow e
      adults -> flow f
      over21 -> flow g
      half -> flow h
      us_or_music -> flow i
      us -> flow j
      default -> flow z
    }
    """

  /// "reachable", "by N", "by all", "unknown": what a finding depends on.
  func shape(_ reach: RowFacts.Reach) -> String {
    switch reach {
    case .reachable: "reachable"
    case .impliedBy(let row): "by \(row.index)"
    case .impliedByAll: "by all"
    case .unknown(let limit): "unknown \(limit)"
    }
  }

  @Test func sameAnswersAsCheckingEveryEarlierRow() {
    let context = LintContext(compile(Self.mixed))
    let facts = RowFacts(context: context)
    let reachability = facts.reachability(ofPlacement: 0)
    var shapes: [String] = []
    for (index, _, segment, earlier) in facts.candidates(in: context.model.placements[0]) {
      let naive = facts.reach(segment, below: Array(earlier))
      #expect(reachability.reach[index].map(shape) == shape(naive), "row \(index)")
      shapes.append("\(index): \(shape(naive))")
    }
    #expect(
      shapes == [
        "1: reachable", "2: reachable", "3: by all", "4: by 0", "5: by 0", "6: reachable", "7: by 6",
        "8: reachable", "9: reachable", "10: by 9",
      ])
    #expect(reachability.skippedFrom == nil)
    // Only earlier rows that can share a profile are compared: `others` with none (`pros` is disjoint; `de`
    // falls through), `de_pros` with `pros` and `answered` (not with `others` or `cn`).
    #expect(reachability.candidates[2]?.map(\.index) == [])
    #expect(reachability.candidates[5]?.map(\.index) == [0, 3])
  }

  /// An example profile carries what a profile can: events (at the witness's `now`) and counters for event
  /// queries; a prerequisite's value is said to be the resolver's, never put in `custom_attributes`.
  @Test func anExampleProfileCarriesEventsAndNamesThePrerequisites() throws {
    let rules = """
      attribute tier: number
      segment high = tier > 5
      segment busy = count(event "app_open" where screen == "home" within last 7 days) >= 2
        and count(event "launch") >= 4
      segment quiz = content(onboarding) == quiz_first
      placement onboarding: flow {
        high -> flow quiz_first
        default -> flow generic
      }
      placement p: paywall {
        busy -> paywall a
        1️⃣quiz -> paywall c
        default -> paywall z
      }
      """
    let overlap = expectFindings(rules, OverlappingRows.id)
    let now = Reasoner.defaultNow.iso8601
    let event = #"{"at":"\#(now)","name":"app_open","properties":{"screen":"home"}}"#
    #expect(
      overlap.first?.notes.first?.message
        == #"example profile matching row 1 'quiz' and row 0 'busy', which decides it: {"counters":{"launch":4},"#
        + #""events":[\#(event),\#(event)]} (with --now \#(now)), for which the resolver decides "#
        + #"content(onboarding) = "quiz_first""#)
    let profile = try #require(overlap.first.flatMap(witnessJSON))
    #expect(try segment("busy", of: MarkedRules(rules).text, matches: profile))
  }

  @Test func aRowBelowARolloutIsReachable() {
    func rules(_ marker: String) -> String {
      """
      segment rollout = percent(20) salt "new-paywall"
      segment us = country == "US"
      placement p: paywall {
        rollout -> paywall new_design
        \(marker)us      -> paywall us
        default -> paywall standard
      }
      """
    }
    expectFindings(rules(""), UnreachableRow.id)
    let overlap = expectFindings(rules("1️⃣"), OverlappingRows.id)
    #expect(
      overlap.first?.notes.first?.message
        == #"example profile matching row 1 'us' and row 0 'rollout', which decides it: {"country":"US","profile_id":"p0"}"#
    )
  }

  @Test func aGeneratedTableOfDisjointRowsComparesNoPairs() {
    let segments = (0..<300).map { "segment s\($0) = experience == pro and country == \"C\($0)\"" }
    let rows = (0..<300).map { "  s\($0) -> flow f\($0)" }
    let rules = ([quizAttributes] + segments + ["placement p: flow {"] + rows + ["  default -> flow z", "}"])
      .joined(separator: "\n")
    let context = LintContext(compile(rules))
    let reachability = RowFacts(context: context).reachability(ofPlacement: 0)
    #expect(reachability.reach.count == 300)
    #expect(reachability.reach.values.allSatisfy { shape($0) == "reachable" })
    #expect(reachability.candidates.values.allSatisfy { $0.isEmpty })
    let found = Linter.run(context.compilation).diagnostics.filter {
      $0.code == UnreachableRow.id || $0.code == OverlappingRows.id
    }
    #expect(found.isEmpty)
  }

  /// A table of numeric equalities (`score == i`, the adversarial report's 400-row case) is proved disjoint by
  /// pins too: no pair is searched.
  @Test func aTableOfNumericEqualitiesComparesNoPairs() {
    let segments = (0..<200).map { "segment s\($0) = age == \($0)" }
    let rows = (0..<200).map { "  s\($0) -> flow f\($0)" }
    let rules = (segments + ["placement p: flow {"] + rows + ["  default -> flow z", "}"]).joined(separator: "\n")
    let context = LintContext(compile(rules))
    let reachability = RowFacts(context: context).reachability(ofPlacement: 0)
    #expect(reachability.reach.count == 200)
    #expect(reachability.reach.values.allSatisfy { shape($0) == "reachable" })
    #expect(reachability.candidates.values.allSatisfy { $0.isEmpty })
  }

  @Test func pastTheBudgetTheSkippedRowsAreNamed() {
    let segments = (0..<10).map { "segment s\($0) = age >= \($0)" }
    let rows = (0..<10).map { "  s\($0) -> flow f\($0)" }
    let rules = (segments + ["placement big: flow {"] + rows + ["  default -> flow z", "}"]).joined(separator: "\n")
    let context = LintContext(compile(rules), rowBudget: 20)
    // Rows 0–4 cost 1 + 2 + 3 + 4 + 5 = 15; row 5 would bring it to 21.
    let found = UnreachableRow().check(context)
    #expect(
      found.map(\.message)
        == [
          "row 1 's1' is unreachable: every profile it matches is already matched by row 0 's0'",
          "row 2 's2' is unreachable: every profile it matches is already matched by row 0 's0'",
          "row 3 's3' is unreachable: every profile it matches is already matched by row 0 's0'",
          "row 4 's4' is unreachable: every profile it matches is already matched by row 0 's0'",
          "placement 'big' is too large to check every row: rows 5–9 (5 rows) were not checked for unreachable or overlapping rows",
        ].sorted())
    #expect(found.first { $0.message.hasPrefix("placement") }?.severity == .info)
  }

  @Test func pinsProveDisjointnessOnlyWhereTheyNameTheValues() {
    let (r, m) = (Reasoner(model: compile(Self.mixed).model), compile(Self.mixed).model)
    func index(_ name: String) -> Int { m.segments.firstIndex { $0.name == name }! }
    // Disjoint by the segments' pins alone, with no search ("not proved here" is false).
    func provablyDisjoint(_ a: Int, _ b: Int) -> Bool {
      guard let left = r.pins(of: a), let right = r.pins(of: b) else { return false }
      return Pin.disjoint(left, right)
    }
    #expect(provablyDisjoint(index("pros"), index("others")))
    #expect(provablyDisjoint(index("cn"), index("de")))
    #expect(provablyDisjoint(index("us"), index("de_pros")))
    // Not disjoint, or disjoint only by reasoning over intervals and presence: left to the search.
    #expect(!provablyDisjoint(index("de"), index("de_pros")))
    #expect(!provablyDisjoint(index("adults"), index("over21")))
    #expect(!provablyDisjoint(index("us_or_music"), index("de")))
    #expect(!provablyDisjoint(index("half"), index("us")))
  }
}

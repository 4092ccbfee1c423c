import TestSupport
import Testing

/// `resolve --explain` on placements that read prerequisites: each decision a prerequisite was read from is
/// listed once (for `variation(t)`, the placement whose draw gave the variation), the same for one profile and
/// for a batch.
@Suite struct PrerequisiteExplainTests {
  let scratch = ScratchFolder()

  static let rules = ABFixtures.prerequisiteReads

  /// p1: `banner` does not draw `spring`, `main` does (b); p2: `banner` draws it first (b).
  static let lines = [#"{"profile_id":"p1"}"#, #"{"profile_id":"p2","custom_attributes":{"goal":"calm"}}"#]

  static let p1 = """
    follow: paywall follow_plain  (row 2 'default')  reason PREREQUISITE_FAILED
      row 0 saw_a: no match: variation(spring) == a (seen: variation(spring) = b)
      row 1 main_seen: no match: content(main) == main_a or row(main) == default \
    (seen: content(main) = main_b; row(main) = everyone)
      row 2 default: matched, decided
      prerequisite main: paywall main_b (row 0 'everyone')
    promo: paywall promo_plain  (row 1 'default')  reason PREREQUISITE_FAILED
      row 0 saw_a: no match: variation(spring) == a (seen: variation(spring) = b)
      row 1 default: matched, decided
      prerequisite main: paywall main_b (row 0 'everyone')

    """
  static let p2 = """
    follow: paywall follow_plain  (row 2 'default')  reason PREREQUISITE_FAILED
      row 0 saw_a: no match: variation(spring) == a (seen: variation(spring) = b)
      row 1 main_seen: no match: content(main) == main_a or row(main) == default \
    (seen: content(main) = main_b; row(main) = everyone)
      row 2 default: matched, decided
      prerequisite banner: paywall banner_b (row 0 'calm')
      prerequisite main: paywall main_b (row 0 'everyone')
    promo: paywall promo_plain  (row 1 'default')  reason PREREQUISITE_FAILED
      row 0 saw_a: no match: variation(spring) == a (seen: variation(spring) = b)
      row 1 default: matched, decided
      prerequisite banner: paywall banner_b (row 0 'calm')

    """

  func common(_ format: String) -> [String] {
    [
      "--rules", scratch.file("p.rules", Self.rules), "--now", "2026-12-01", "--placement", "follow",
      "--placement", "promo", "--explain", "--format", format,
    ]
  }

  @Test func explainListsTheDecisionsEachPrerequisiteWasReadFrom() {
    let batch = placement(["resolve", "--profiles", "-"] + common("text"), stdin: Self.lines)
    #expect(batch.status == 0, "\(batch.err)")
    #expect(batch.out == "profile p1 (line 1):\n" + Self.p1 + "profile p2 (line 2):\n" + Self.p2)
    for (line, expected) in zip(Self.lines, [Self.p1, Self.p2]) {
      let single = placement(["resolve", "--profile", "-"] + common("text"), stdin: [line])
      #expect(single.out == expected)
    }
  }

  @Test func theBatchWritesTheSameJSONAsOneProfile() {
    let batch = placement(["resolve", "--profiles", "-"] + common("json"), stdin: Self.lines)
    let singles = Self.lines.map { placement(["resolve", "--profile", "-"] + common("json"), stdin: [$0]).out }
    #expect(batch.out == singles.joined())
    #expect(batch.out.split(separator: "\n").count == 4)
    #expect(
      batch.out.contains(
        #""prerequisites":[{"placement":"banner","audience":{"index":0,"name":"calm","segment":"goal == calm"},"#
          + #""content":{"type":"paywall","id":"banner_b"},"#
          + #""ab_test":{"name":"spring","version_id":"spring","variation":"b","bucket":64},"reason":"SPLIT"}]}"#))
  }
}

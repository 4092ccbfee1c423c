import Foundation
import PlacementCore
import Testing

/// The newcomer check: `placement diff` of rules with relative dates gave a different pull-request comment on
/// every run, because it compared at the clock (to the millisecond) and the example profiles follow it. The
/// documented commands pass `--now`, and every report for people, and the JSON, states the instant.
@Suite struct DiffInstantTests {
  let scratch = ScratchFolder()

  /// `adults` narrowed from 18 to 21 years: the example profile's birthday depends on the instant.
  func sides() -> (old: String, new: String) {
    let rules = { (years: Int) in
      """
      attribute birthday: date from input "birthday"
      segment adults = years_since(birthday) >= \(years)
      placement p: paywall {
        adults  -> paywall adult
        default -> paywall standard
      }

      """
    }
    scratch.file("old/p.rules", rules(18))
    scratch.file("new/p.rules", rules(21))
    return (scratch.path + "/old", scratch.path + "/new")
  }

  /// With `--now`, as the README and docs/CI.md run it: the same comment on every run, saying when it compared.
  @Test func thePinnedPullRequestCommentIsTheSameOnEveryRunAndSaysWhen() {
    let (old, new) = sides()
    let command = ["diff", old, new, "--now", "2026-11-30", "--format", "markdown", "--fail-on", "reassign"]
    let first = placement(command)
    #expect(first.status == 0, "\(first.err)")
    #expect(
      first.out == """
        ### placement diff

        1 placement changed, 0 equivalent, 0 test findings (0 errors); compared at 2026-11-30T00:00:00Z (--now).

        | placement | result |
        |---|---|
        | `p` | 1 decision change |

        #### `p`

        | old decision | new decision | why | rows (old → new) | example profile |
        |---|---|---|---|---|
        | paywall adult | paywall standard | segment of row 'adults' narrowed | `adults` p.rules:4 → `default` p.rules:5 | `{"custom_attributes":{"birthday":"2008-06-01T00:00:00Z"}} (with --now 2026-11-30T00:00:00Z)` |
        - undecided: old row 1 'default' → new row 0 'adults': the reasoner cannot decide 'years_since(birthday) >= 18' and 'years_since(birthday) >= 21'

        #### Checks

        - ✅ `reassign`: no running test reassigns profiles

        """)
    #expect(placement(command).out == first.out)
  }

  /// Without `--now` the clock is used, and the summary says so, with the instant the example profiles were
  /// built for; JSON has it as `now` with `now_from`.
  @Test func atTheClockTheSummaryStatesTheInstantAndHowToPinIt() throws {
    let (old, new) = sides()
    let before = Date()
    let text = placement(["diff", old, new])
    let after = Date()
    let summary = try #require(text.out.split(separator: "\n").last.map(String.init))
    let prefix = "1 placement changed, 0 equivalent, 0 test findings (0 errors); compared at "
    let suffix = " (the current time: pass --now to pin it)"
    #expect(summary.hasPrefix(prefix) && summary.hasSuffix(suffix), "\(summary)")
    let stated = String(summary.dropFirst(prefix.count).dropLast(suffix.count))
    #expect(text.out.contains("} (with --now \(stated))\n"), "the example profile is for the instant stated")
    let instant = try #require(Instant(iso8601: stated))
    let milliseconds = { (date: Date) in Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
    #expect((milliseconds(before)...milliseconds(after) + 1).contains(instant.millisecondsSince1970))

    let json = placement(["diff", old, new, "--format", "json"])
    let object = try #require(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(object["now_from"] as? String == "clock")
    #expect((object["now"] as? String).flatMap { Instant(iso8601: $0) } != nil)
    let pinned = placement(["diff", old, new, "--format", "json", "--now", "2026-11-30T00:00:00Z"])
    #expect(pinned.out.contains(#""now":"2026-11-30T00:00:00Z","now_from":"option""#))
  }
}

import Foundation
import Testing

@testable import PlacementCLI

/// `placement diff` lists remote-config changes per content and locale apart from decision changes, and
/// `--fail-on config` fails on them.
@Suite struct DiffConfigTests {
  static let placements = """
    placement home: paywall {
      default -> paywall pro
    }

    """

  static let old =
    placements + """
      content paywall pro {
        config default "en" { "title": "Go", "trial_days": 7, "theme": "dark" }
        config "de" { "title": "Los", "trial_days": 7, "theme": "dark" }
        config "fr" { "title": "Va", "trial_days": 7, "theme": "dark" }
      }

      content paywall gone {
        config default "en" { "title": "Gone" }
      }
      """

  static let new =
    placements + """
      content paywall pro {
        config "en" { "title": "Go", "trial_days": 7, "theme": "dark" }
        config default "de" { "title": "Los!", "trial_days": 14, "theme": "dark" }
        config "pt-br" { "title": "Vai", "trial_days": 7, "theme": "dark" }
      }
      """

  func sides() -> (ScratchFolder, String, String) {
    let scratch = ScratchFolder()
    return (scratch, scratch.file("old.rules", Self.old), scratch.file("new.rules", Self.new))
  }

  @Test func textListsEachChangeAndDecisionsStayEquivalent() {
    let (scratch, old, new) = sides()
    let run = placement(["diff", old, new, "--now", "2026-11-30T00:00:00Z"])
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.out == """
        placement home: equivalent
        configs (decisions unchanged, their config differs):
          paywall pro: default locale en → de [default-locale-changed] at home
          paywall pro: locale de changed (keys title, trial_days) [changed] at home
          paywall pro: locale pt-br added [locale-added] at home
          paywall pro: locale fr removed [locale-removed] at home
          paywall gone: config removed [content-removed]
        equivalent: 0 placements changed, 1 equivalent, 5 config changes, 0 test findings (0 errors); \
        compared at 2026-11-30T00:00:00Z (--now)

        """)
    withExtendedLifetime(scratch) {}
  }

  @Test func failOnConfigExitsOne() {
    let (scratch, old, new) = sides()
    let run = placement(["diff", old, new, "--now", "2026-11-30T00:00:00Z", "--fail-on", "config"])
    #expect(run.status == 1)
    #expect(run.out.contains("FAIL  config: 5 config changes: paywall pro, paywall gone\n"))
    #expect(run.err.contains("diff: check failed: 5 config changes: paywall pro, paywall gone"))
    let any = placement(["diff", old, new, "--now", "2026-11-30T00:00:00Z", "--fail-on", "any"])
    #expect(any.status == 0, "a config change is not a decision change")
    let same = placement(["diff", new, new, "--now", "2026-11-30T00:00:00Z", "--fail-on", "config"])
    #expect(same.status == 0)
    #expect(same.out.contains("ok  config: no config changed\n"))
    #expect(!same.out.contains("configs"))
    withExtendedLifetime(scratch) {}
  }

  @Test func jsonHasTheChangesAndOmitsThemWhenNone() throws {
    let (scratch, old, new) = sides()
    let run = placement(["diff", old, new, "--now", "2026-11-30T00:00:00Z", "--format", "json"])
    #expect(run.status == 0, "\(run.err)")
    let object = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    let changes = try #require(object["config_changes"] as? [[String: Any]])
    #expect(
      changes.map { $0["kind"] as? String } == [
        "default-locale-changed", "changed", "locale-added", "locale-removed", "content-removed",
      ])
    #expect(changes[0]["old_default"] as? String == "en")
    #expect(changes[0]["new_default"] as? String == "de")
    #expect(changes[1]["locale"] as? String == "de")
    #expect(changes[1]["keys"] as? [String] == ["title", "trial_days"])
    #expect(changes[1]["placements"] as? [String] == ["home"])
    #expect(changes[4]["content"] as? String == "gone")
    let same = placement(["diff", new, new, "--now", "2026-11-30T00:00:00Z", "--format", "json"])
    #expect(!same.out.contains("config_changes"))
    withExtendedLifetime(scratch) {}
  }

  @Test func markdownHasARemoteConfigsSection() {
    let (scratch, old, new) = sides()
    let run = placement(["diff", old, new, "--now", "2026-11-30T00:00:00Z", "--format", "markdown"])
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.out.contains(
        """
        #### Remote configs

        Decisions are unchanged; the config they carry differs.

        - paywall pro: default locale en → de `default-locale-changed` at `home`
        - paywall pro: locale de changed (keys title, trial_days) `changed` at `home`
        """))
    let same = placement(["diff", new, new, "--now", "2026-11-30T00:00:00Z", "--format", "markdown"])
    #expect(!same.out.contains("Remote configs"))
    withExtendedLifetime(scratch) {}
  }
}

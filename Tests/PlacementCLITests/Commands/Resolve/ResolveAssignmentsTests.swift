import Foundation
import Testing

/// `resolve --allow-overrides` and `--assignments-out` on the shipped rules.
@Suite struct ResolveAssignmentsTests {
  static let musicFan = #""custom_attributes":{"interests":["music"],"birthday":"1990-01-01"}"#
  static let lines = [
    #"{"profile_id":"music-fan-24",\#(musicFan)}"#,
    #"{"profile_id":"music-fan-1","assignments":{"main_paywall/music_fans/music_paywalls":"music_a"},\#(musicFan)}"#,
    #"{"profile_id":"music-fan-40","force":{"music_paywalls":"music_b"},\#(musicFan)}"#,
    #"{"profile_id":"plain-1"}"#,
    #"{\#(musicFan)}"#,
  ]

  @Test(arguments: [["--jobs", "1"], ["--jobs", "2"], ["--format", "text"]])
  func batchWritesTheNewStickyAssignmentsOfEachProfile(_ extra: [String]) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let out = folder + "/assignments.jsonl"
    let run = placement(
      [
        "resolve", "--profiles", "-", "--rules", repo("Rules"), "--placement", "main_paywall", "--now", "2026-11-30",
        "--assignments-out", out,
      ] + extra, stdin: Self.lines)
    #expect(run.status == 0, "\(run.err)")
    // The three music fans are inside music_paywalls' 0–30 % share of layer paywall_experiments (layer buckets
    // 2556, 908, 1201). music-fan-24 draws music_a (bucket 11); music-fan-1 keeps its carried music_a (its bucket
    // 57 would draw music_b); music-fan-40's force is refused without --allow-overrides, so it draws (bucket 42:
    // music_a); the rest draws nothing sticky or has no profile_id.
    #expect(
      try String(contentsOfFile: out, encoding: .utf8) == """
        {"profile_id":"music-fan-24","assignments":{"main_paywall/music_fans/music_paywalls":"music_a"}}
        {"profile_id":"music-fan-40","assignments":{"main_paywall/music_fans/music_paywalls":"music_a"}}

        """)
    if extra == ["--jobs", "1"] {
      let decisions = run.out.split(separator: "\n")
      #expect(decisions[1].contains(#""reason":"STICKY""#))
      #expect(decisions[2].contains(#""'force' ignored: run-time overrides need ResolveOptions.allowOverrides"#))
    }
  }

  /// The batch path judges a profile's `force` once, whichever encoder writes its decisions.
  @Test(arguments: [[String](), ["--explain"], ["--format", "text"]])
  func aRefusedForceIsWarnedOncePerDecision(_ extra: [String]) {
    let run = placement(
      ["resolve", "--profiles", "-", "--rules", repo("Rules"), "--placement", "main_paywall"] + extra,
      stdin: [Self.lines[2]])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.components(separatedBy: "'force' ignored").count == 2, "\(run.out)")
  }

  @Test func allowOverridesHonoursForceAndAnOverrideIsNotPersisted() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let out = folder + "/assignments.jsonl"
    let run = placement(
      [
        "resolve", "--profile", "-", "--rules", repo("Rules"), "--placement", "main_paywall", "--allow-overrides",
        "--assignments-out", out,
      ], stdin: [Self.lines[2]])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains(#""content":{"type":"paywall","id":"music_b"}"#))
    #expect(
      run.out.contains(
        #""reason":"OVERRIDE","exposures":[{"test":"music_paywalls","version_id":"main_paywall/music_fans/music_paywalls","variation":"music_b","bucket":null,"outcome":"override"}]"#
      ))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "")
  }

  @Test func anAssignmentsFileThatCannotBeWrittenIsAnIOError() {
    let run = placement(
      ["resolve", "--profile", "-", "--rules", repo("Rules"), "--assignments-out", "/nonexistent-dir/a.jsonl"],
      stdin: [Self.lines[0]])
    #expect(run.status == 74)
    #expect(run.out == "")
    #expect(run.err.contains("cannot write '/nonexistent-dir/a.jsonl': No such file or directory"))
  }
}

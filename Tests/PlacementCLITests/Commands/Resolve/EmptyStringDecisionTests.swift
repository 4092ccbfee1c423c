import Foundation
import PlacementKit
import Testing

/// `nick == ""` decided `flow a` on `--profile` and `flow b` on `--profiles`,
/// and `--explain` contradicted the decision. Every entry point now gives `flow a`, and explain agrees.
@Suite struct EmptyStringDecisionTests {
  static let rules = """
    attribute nick: string
    segment empty_nick = nick == ""
    placement p: flow {
      empty_nick -> flow a
      default -> flow b
    }
    """
  static let profile = #"{"profile_id":"p","custom_attributes":{"nick":""}}"#
  static let expected =
    #""audience":{"index":0,"name":"empty_nick","segment":"nick == \"\""},"content":{"type":"flow","id":"a","paywall":null}"#

  @Test func everyEntryPointDecidesTheEmptyNickRowAndExplainAgrees() throws {
    let folder = NSTemporaryDirectory() + "placement-empty-nick-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let rulesPath = folder + "/e.rules"
    let profilePath = folder + "/p.json"
    let batchPath = folder + "/p.jsonl"
    try Self.rules.write(toFile: rulesPath, atomically: true, encoding: .utf8)
    try Self.profile.write(toFile: profilePath, atomically: true, encoding: .utf8)
    try (Self.profile + "\n").write(toFile: batchPath, atomically: true, encoding: .utf8)

    // The library, through both binders.
    let ruleSet = try #require(Compilation.compile([RuleSource(name: "e.rules", text: Self.rules)]).ruleSet)
    let fromBytes = try ruleSet.bind(jsonBytes: Array(Self.profile.utf8))
    let fromProfile = ruleSet.bind(try Profile(jsonBytes: Array(Self.profile.utf8)))
    for bound in [fromBytes, fromProfile] {
      let decision = try ruleSet.resolve("p", for: bound, options: ResolveOptions(explain: true))
      #expect(decision.content == .flow(id: "a", paywall: nil))
      #expect(decision.explanation?.map(\.index) == [0])
      #expect(decision.explanation?.first?.outcome == .decided(reason: nil))
    }

    var outputs: [(String, [String])] = [("--profile", ["--profile", profilePath])]
    for jobs in ["1", "2"] { outputs.append(("--profiles --jobs \(jobs)", ["--profiles", batchPath, "--jobs", jobs])) }
    for (name, input) in outputs {
      for explain in [false, true] {
        let run = placement(["resolve", "--rules", rulesPath] + input + (explain ? ["--explain"] : []))
        #expect(run.status == 0, "\(name): \(run.err)")
        #expect(run.out.contains(Self.expected), "\(name) explain \(explain): \(run.out)")
        if explain {
          #expect(run.out.contains(#""explain":[{"index":0,"name":"empty_nick","outcome":"decided"}]"#), "\(name)")
          #expect(!run.out.contains("not_matched"), "\(name)")
        }
      }
    }
  }
}

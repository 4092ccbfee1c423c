import Foundation
import PlacementKit
import Testing

/// The three ways to resolve give the same decisions for every example profile: the library API, `resolve
/// --profile FILE`, and the batch mode (`resolve --profiles FILE`, with one and two jobs).
@Suite struct SameDecisionsTests {
  static let nowText = "2026-11-30T00:00:00Z"
  static let now = Instant(iso8601: nowText)!

  /// Every example profile: each `Examples/profiles/*.json` file, and each line of the `.jsonl` files.
  static func examples() throws -> [(name: String, json: String)] {
    let folder = repo("Examples/profiles")
    var profiles: [(String, String)] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
      let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
      if name.hasSuffix(".jsonl") {
        for (index, line) in text.split(separator: "\n").enumerated() {
          profiles.append(("\(name):\(index + 1)", String(line)))
        }
      } else if name.hasSuffix(".json") {
        profiles.append((name, text))
      }
    }
    return profiles
  }

  @Test func libraryProfileAndBatchAgreeOnEveryExampleProfile() throws {
    let examples = try Self.examples()
    #expect(examples.count >= 10)
    let ruleSet = try RuleSet.load(directory: repo("Rules")).get()
    let folder = NSTemporaryDirectory() + "placement-same-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    var library: [String] = []
    var single: [String] = []
    var batchLines: [String] = []
    for (index, example) in examples.enumerated() {
      // The library: JSON data in, decisions out.
      let profile = try Profile(jsonData: Data(example.json.utf8))
      let decisions = ruleSet.resolveAll(for: profile, options: ResolveOptions(now: Self.now))
      #expect(decisions.count == ruleSet.placementNames.count)
      library += decisions.map(\.jsonString)

      // resolve --profile FILE
      let path = folder + "/\(index).json"
      try example.json.write(toFile: path, atomically: true, encoding: .utf8)
      let run = placement(["resolve", "--profile", path, "--now", Self.nowText, "--rules", repo("Rules")])
      #expect(run.status == 0, "\(example.name): \(run.err)")
      single += run.out.split(separator: "\n").map(String.init)

      // One JSON Lines line for the batch.
      batchLines.append(serialized(try JSONReader.parse(example.json), sortedKeys: true))
    }
    let batchFile = folder + "/all.jsonl"
    try (batchLines.joined(separator: "\n") + "\n").write(toFile: batchFile, atomically: true, encoding: .utf8)
    for jobs in ["1", "2"] {
      let run = placement(
        ["resolve", "--profiles", batchFile, "--jobs", jobs, "--now", Self.nowText, "--rules", repo("Rules")])
      #expect(run.status == 0, "\(run.err)")
      #expect(run.out.split(separator: "\n").map(String.init) == library)
    }
    #expect(single == library)
    // The decisions are real ones: the examples reach more than one row of each placement.
    #expect(Set(library.map { $0.components(separatedBy: #""name":""#)[1].prefix { $0 != "\"" } }).count > 3)
  }
  /// Placement `b` reads `content(a)` and `row(a)`, and `a` draws a test: `resolve --profile` decides a profile's
  /// prerequisites as a batch line does, for every placement or `b` alone, with and without `--explain`.
  @Test func profileAndBatchAgreeOnPrerequisites() throws {
    let scratch = ScratchFolder()
    scratch.file(
      "r.rules",
      """
      attribute tier: number
      segment high = tier > 5
      placement a: flow {
        high -> test t1 { flow x 50%, flow y 50% }
        default -> flow z
      }
      segment got_x = content(a) == x
      segment after_default = row(a) == default
      placement b: paywall {
        got_x         -> paywall px
        after_default -> paywall pd
        default       -> paywall pz
      }
      """)
    let profiles = (1...6).map { #"{"profile_id":"u\#($0)","custom_attributes":{"tier":\#($0 * 2)}}"# }
    let batch = scratch.file("all.jsonl", profiles.joined(separator: "\n") + "\n")
    for options in [[], ["--explain"], ["--placement", "b"], ["--placement", "b", "--explain"]] {
      let common = ["--rules", scratch.path, "--now", Self.nowText] + options
      var single: [String] = []
      for (index, profile) in profiles.enumerated() {
        let run = placement(["resolve", "--profile", scratch.file("\(index).json", profile)] + common)
        #expect(run.status == 0, "\(run.err)")
        single += run.out.split(separator: "\n").map(String.init)
      }
      let run = placement(["resolve", "--profiles", batch] + common)
      #expect(run.status == 0, "\(run.err)")
      #expect(run.out.split(separator: "\n").map(String.init) == single, "\(options)")
      let decisions = single.filter { $0.hasPrefix(#"{"placement":"b""#) }
      #expect(decisions.count == 6)
      #expect(decisions[0].contains(#""audience":{"index":1,"name":"after_default""#), "\(decisions[0])")
      #expect(decisions.contains { $0.contains(#""audience":{"index":0,"name":"got_x""#) })
      #expect(decisions.contains { $0.contains(#""reason":"PREREQUISITE_FAILED""#) })
    }
  }
}

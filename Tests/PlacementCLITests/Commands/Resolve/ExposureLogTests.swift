import Foundation
import Testing

/// `resolve --exposures FILE`: the exposure log of batch jobs.
@Suite struct ExposureLogTests {
  let now = ["--now", "2026-12-01T00:00:00Z", "--rules", repo("Rules")]
  static func yogaFan(_ id: String) -> String {
    #"{"profile_id":"\#(id)","installed_at":"2026-11-25T09:00:00Z","custom_attributes":{"interests":["yoga"]}}"#
  }
  static let version = "yoga-offer-2026-11"

  @Test func oneLinePerExposureInInputOrderWhateverTheJobs() throws {
    let scratch = ScratchFolder()
    let input = ["x", "yoga-fan-4", "not json", "no-yoga"].map { $0 == "not json" ? $0 : Self.yogaFan($0) }
    let noYoga = #"{"profile_id":"no-yoga"}"#
    let lines = input.dropLast() + [noYoga]
    let one = scratch.path + "/one.jsonl"
    let three = scratch.path + "/three.jsonl"
    let run = placement(["resolve", "--profiles", "-", "--exposures", one] + now, stdin: Array(lines))
    #expect(run.status == 1, "\(run.err)")  // the bad line fails, the others resolve
    _ = placement(["resolve", "--profiles", "-", "--jobs", "3", "--exposures", three] + now, stdin: Array(lines))
    let log = try String(contentsOfFile: one, encoding: .utf8)
    #expect(try String(contentsOfFile: three, encoding: .utf8) == log)
    // The rules' version (RuleSet.version: 12 hex digits of the files' MD5) is the same on every line.
    let version = try #require(log.split(separator: "\"rules_version\":\"").dropFirst().first?.prefix(12))
    #expect(version.count == 12 && version.allSatisfy { $0.isHexDigit })
    func line(_ id: String, _ placement: String, _ variation: String, _ bucket: Int, _ outcome: String) -> String {
      #"{"profile_id":"\#(id)","placement":"\#(placement)","rules_version":"\#(version)","resolved_at":"2026-12-01T00:00:00Z","#
        + #""test":"yoga_offer","version_id":"\#(Self.version)","variation":"\#(variation)","bucket":\#(bucket),"outcome":"\#(outcome)"}"#
    }
    #expect(
      log.split(separator: "\n").map(String.init) == [
        line("x", "main_paywall", "control", 28, "fell_through"),
        line("x", "upgrade_prompt", "control", 28, "fell_through"),
        line("yoga-fan-4", "main_paywall", "trial", 62, "decided"),
        line("yoga-fan-4", "upgrade_prompt", "trial", 62, "decided"),
      ])
  }

  @Test func singleProfileAndExplainWriteTheSameLog() throws {
    let scratch = ScratchFolder()
    let profile = scratch.file("x.json", Self.yogaFan("x"))
    let single = scratch.path + "/single.jsonl"
    let batch = scratch.path + "/batch.jsonl"
    #expect(placement(["resolve", "--profile", profile, "--exposures", single] + now).status == 0)
    #expect(
      placement(["resolve", "--profiles", "-", "--explain", "--exposures", batch] + now, stdin: [Self.yogaFan("x")])
        .status == 0)
    let log = try String(contentsOfFile: single, encoding: .utf8)
    #expect(log.split(separator: "\n").count == 2)
    #expect(try String(contentsOfFile: batch, encoding: .utf8) == log)
  }

  @Test func aLogThatCannotBeWrittenIsAnIOErrorAndStandardOutputIsRefused() {
    let missing = placement(["resolve", "--profiles", "-", "--exposures", "/nonexistent/x.jsonl"] + now, stdin: ["{}"])
    #expect(missing.status == 74)
    #expect(missing.err.contains("error: cannot write '/nonexistent/x.jsonl': No such file or directory"))
    #expect(missing.out.isEmpty)  // refused before any input is read
    let full = placement(
      ["resolve", "--profiles", "-", "--exposures", "/dev/full"] + now, stdin: [Self.yogaFan("x")])
    #expect(full.status == 74)
    #expect(full.err.contains("error: cannot write '/dev/full': No space left on device"))
    let stdout = placement(["resolve", "--profiles", "-", "--exposures", "-"] + now, stdin: ["{}"])
    #expect(stdout.status == 64)
    #expect(stdout.err.contains("--exposures needs a file"))
  }

  /// Opening an output truncates it: naming the input (under another spelling too) or the other output is refused
  /// before anything is opened, and the input keeps every line; `/dev/null` may take both outputs.
  @Test func anOutputOnTheInputOrTheOtherOutputIsRefused() throws {
    let scratch = ScratchFolder()
    let input = scratch.file("in.jsonl", Self.yogaFan("x") + "\n")
    let dotted = scratch.path + "/./in.jsonl"
    for option in ["--exposures", "--assignments-out"] {
      let run = placement(["resolve", "--profiles", input, option, dotted] + now)
      #expect(run.status == 64)
      #expect(run.err.contains("error: \(option) '\(dotted)' is the file of --profiles '\(input)': opening it"))
      #expect(try String(contentsOfFile: input, encoding: .utf8) == Self.yogaFan("x") + "\n")
    }
    let single = placement(["resolve", "--profile", input, "--exposures", input] + now)
    #expect(single.status == 64)
    let log = scratch.path + "/log.jsonl"
    let both = placement(["resolve", "--profiles", input, "--exposures", log, "--assignments-out", log] + now)
    #expect(both.status == 64)
    #expect(both.err.contains("'\(log)' is the file of --exposures '\(log)': each would overwrite the other's lines"))
    #expect(!FileManager.default.fileExists(atPath: log))
    let discarded = placement(
      ["resolve", "--profiles", input, "--exposures", "/dev/null", "--assignments-out", "/dev/null"] + now)
    #expect(discarded.status == 0)
  }
}

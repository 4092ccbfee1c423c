import Foundation
import PlacementKit
import Synchronization
import Testing

@testable import PlacementCLI

/// `resolve --profiles`: input order, several chunks, --jobs, --errors inline, the summary and the progress line.
@Suite struct BatchResolutionTests {
  let common = ["--now", "2026-11-30T00:00:00Z", "--rules", repo("Rules")]

  /// Example profiles repeated, with bad and blank lines, past several chunks of `BatchResolution.chunkLines`.
  static let lines: [String] = {
    let examples = (try? String(contentsOfFile: repo("Examples/profiles/batch.jsonl"), encoding: .utf8)) ?? ""
    let good = examples.split(separator: "\n").map(String.init)
    var lines: [String] = []
    for index in 0..<(BatchResolution.chunkLines * 2 + 700) {
      switch index % 97 {
      case 13: lines.append("{not json")
      case 41: lines.append("")
      case 60: lines.append(#"{"profile_id":"x","custom_attributes":5}"#)
      default:
        let line = good[index % good.count]
        lines.append(line.replacingOccurrences(of: #""profile_id":"b-"#, with: #""profile_id":"b\#(index)-"#))
      }
    }
    return lines
  }()

  /// The lines written to a fresh temporary file for the test; the file is removed afterwards.
  let file: String
  let cleanUp: Cleanup

  init() throws {
    file = NSTemporaryDirectory() + "placement-batch-\(UUID().uuidString).jsonl"
    try (Self.lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
    cleanUp = Cleanup(path: file)
  }

  /// Removes the temporary file when the test (which owns the suite instance) is done.
  final class Cleanup: Sendable {
    let path: String
    init(path: String) { self.path = path }
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  @Test func outputIsTheSameForAnyNumberOfJobs() {
    let one = placement(["resolve", "--profiles", file, "--jobs", "1"] + common)
    let two = placement(["resolve", "--profiles", file, "--jobs", "2"] + common)
    let three = placement(["resolve", "--profiles", file, "--jobs", "3"] + common)
    #expect(one.status == 1)
    #expect(!one.out.isEmpty)
    #expect(two.out == one.out)
    #expect(three.out == one.out)
    #expect(two.err == one.err)
    #expect(three.status == one.status)
  }

  @Test func decisionsFollowInputOrderAcrossChunks() {
    let run = placement(["resolve", "--profiles", file, "--jobs", "2", "--placement", "onboarding_end"] + common)
    let ids = run.out.split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: #""profile_id":""#) else { return nil }
      return String(line[range.upperBound...].prefix { $0 != "\"" })
    }
    let expected = Self.lines.compactMap { line -> String? in
      guard line.hasPrefix("{\"profile_id\":\""), !line.contains(#""custom_attributes":5"#) else { return nil }
      return String(line.dropFirst(15).prefix { $0 != "\"" })
    }
    #expect(ids.count > BatchResolution.chunkLines * 2)
    #expect(ids == expected)
  }

  @Test func badLinesAreReportedWithTheirNumbersAndTheRestContinue() throws {
    let placements = try RuleSet.load(directory: repo("Rules")).get().placementNames.count
    let run = placement(["resolve", "--profiles", file, "--jobs", "2"] + common)
    let bad = Self.lines.indices.filter { $0 % 97 == 13 || $0 % 97 == 60 }
    #expect(run.status == 1)
    #expect(run.err.contains("\(file):14:2: error: invalid JSON"))
    #expect(run.err.contains("\(file):61: error: 'custom_attributes' must be an object, found number"))
    let blank = Self.lines.indices.filter { $0 % 97 == 41 }.count
    let resolved = Self.lines.count - bad.count - blank
    #expect(
      run.err.hasSuffix("\(resolved) profiles resolved, \(bad.count) lines failed, \(blank) blank lines skipped\n"))
    #expect(run.out.split(separator: "\n").count == resolved * placements)
  }

  @Test func inlineErrorsGoToTheOutputAsRecords() {
    let run = placement(
      ["resolve", "--profiles", "-", "--errors", "inline", "--placement", "onboarding_end"] + common,
      stdin: [#"{"profile_id":"a"}"#, "{not json", #"{"profile_id":"c"}"#])
    // The failure is in the output, so the run is not failed for it.
    #expect(run.status == 0)
    let lines = run.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix(#"{"placement":"onboarding_end","profile_id":"a""#))
    // The column (1-based, in characters) is a member of its own; the message keeps no byte offset.
    #expect(lines[1] == #"{"line":2,"column":2,"error":"invalid JSON: expected a string key"}"#)
    #expect(lines[2].hasPrefix(#"{"placement":"onboarding_end","profile_id":"c""#))
    #expect(run.err == "2 profiles resolved, 1 line failed\n")
  }

  /// A placement override decides before any row (audience index -1); the explained batch's decision cache once
  /// indexed its rows by that index and trapped. Each line must read as `--profile` reads it alone.
  @Test func explainedBatchWritesAPlacementOverrideAsOneProfileDoes() {
    let profiles = [#"{"profile_id":"qa-winback"}"#, #"{"profile_id":"x"}"#]
    let options = ["--explain", "--placement", "upgrade_prompt"] + common
    let batch = placement(["resolve", "--profiles", "-"] + options, stdin: profiles)
    #expect(batch.status == 0)
    let alone = profiles.map { placement(["resolve", "--profile", "-"] + options, stdin: [$0]).out }
    #expect(batch.out == alone.joined())
    #expect(batch.out.hasPrefix(#"{"placement":"upgrade_prompt","profile_id":"qa-winback","audience":{"index":-1,"#))
  }

  @Test func cleanRunPrintsOnlyTheSummaryOnStderr() {
    let run = placement(["resolve", "--profiles", repo("Examples/profiles/batch.jsonl")] + common)
    #expect(run.status == 0)
    #expect(run.err == "5 profiles resolved, 0 lines failed\n")
  }

  @Test func usageErrorsForJobsAndErrors() {
    #expect(placement(["resolve", "--profiles", file, "--jobs", "0"] + common).status == 64)
    #expect(placement(["resolve", "--profiles", file, "--jobs", "two"] + common).status == 64)
    #expect(placement(["resolve", "--profiles", file, "--errors", "stdout"] + common).status == 64)
  }

  @Test func progressLineOnlyOnATerminal() {
    for terminal in [true, false] {
      let err = Mutex("")
      let console = Console(
        out: { _ in }, err: { text in err.withLock { $0 += text } }, readLine: { nil }, stderrIsTerminal: terminal)
      var progress = Progress(console: console, interval: .zero)
      progress.update(lines: 1, resolved: 1)
      progress.update(lines: 2048, resolved: 2000)
      progress.clear()
      let text = err.withLock { $0 }
      #expect(text == (terminal ? "\r2048 lines read, 2000 profiles resolved\u{1B}[K\r\u{1B}[K" : ""))
    }
  }
}

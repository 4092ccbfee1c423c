import Foundation
import PlacementCLI
import Synchronization
import TestSupport
import Testing

/// A batch where hostile lines sit between good ones: each bad line gets one clear error with its line number,
/// the good lines around it resolve normally, and the failures are counted.
@Suite(.tags(.slow), .notInQuickLane) struct BatchReliabilityTests {
  let args = ["--placement", "onboarding_end", "--now", "2026-11-30T00:00:00Z", "--rules", repo("Rules")]

  static func good(_ id: String, _ experience: String) -> [UInt8] {
    Array(#"{"profile_id":"\#(id)","custom_attributes":{"experience":"\#(experience)"}}"#.utf8)
  }

  /// The hostile lines, with the error each must produce.
  static let hostile: [(line: [UInt8], error: String)] = [
    (
      Array(#"{"profile_id":"big","custom_attributes":{"note":""#.utf8) + [UInt8](repeating: 0x61, count: 10 << 20)
        + Array(#""}}"#.utf8),
      ": error: profile is 10485812 bytes, over the limit of 1048576 bytes; not read"
    ),
    (
      Array(#"{"custom_attributes":"#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000) + [UInt8(ascii: "}")],
      ":85: error: invalid JSON: nesting deeper than the limit of 64 levels"
    ),
    (
      Array(#"{"profile_id":"u"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),
      ":17: error: invalid JSON: invalid utf-8 byte sequence"
    ),
    (
      Array(#"{"profile_id":"n","age":NaN}"#.utf8),
      ":25: error: invalid JSON: NaN is not a JSON number (JSON numbers are finite; send null or leave the member out)"
    ),
    (
      Array(#"{"profile_id":"i","age":-Infinity}"#.utf8),
      ":25: error: invalid JSON: -Infinity is not a JSON number (JSON numbers are finite; send null or leave the member out)"
    ),
    (
      // A string over the per-value limit costs only its attribute; an underflowing
      // number is invalid JSON, like an overflowing one (D12).
      Array(#"{"profile_id":"s","age":1e-400}"#.utf8),
      ":25: error: invalid JSON: number out of range"
    ),
  ]

  /// good, bad, good, bad, …, good: 7 good lines (odd line numbers) around 6 hostile ones (even numbers).
  static func batch() -> (bytes: [UInt8], expectedErrors: [String]) {
    let levels = ["pro", "amateur", "beginner", "pro", "amateur", "beginner", "pro"]
    var bytes = good("g1", levels[0])
    var errors: [String] = []
    for (index, bad) in hostile.enumerated() {
      bytes += [0x0A] + bad.line + [0x0A] + good("g\(index + 2)", levels[index + 1])
      errors.append("\(2 * index + 2)\(bad.error)")
    }
    return (bytes + [0x0A], errors)
  }

  static let flows = [
    "pro_onboarding", "amateur_onboarding", "beginner_onboarding", "pro_onboarding", "amateur_onboarding",
    "beginner_onboarding", "pro_onboarding",
  ]

  @Test func hostileLinesFromAFileFailAloneAndTheOthersResolve() throws {
    let (bytes, expectedErrors) = Self.batch()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).jsonl").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    defer { try? FileManager.default.removeItem(atPath: path) }

    let run = placement(["resolve", "--profiles", path] + args)
    #expect(run.status == 1)
    let errors = run.err.split(separator: "\n").map(String.init)
    #expect(errors == expectedErrors.map { "\(path):\($0)" } + ["7 profiles resolved, 6 lines failed"])
    let decisions = run.out.split(separator: "\n")
    #expect(decisions.count == 7)
    for (index, decision) in decisions.enumerated() {
      #expect(decision.contains(#""profile_id":"g\#(index + 1)""#))
      #expect(decision.contains(#""id":"\#(Self.flows[index])""#))
    }
  }

  /// Through standard input (lines as strings: the invalid UTF-8 line cannot be fed this way).
  @Test func hostileLinesOnStandardInput() {
    let lines = Self.batch().bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
      .compactMap { String(validating: $0, as: UTF8.self) }
    #expect(lines.count == 12)
    let run = placement(["resolve", "--profiles", "-"] + args, stdin: lines)
    #expect(run.status == 1)
    #expect(
      run.err.contains("<stdin>:2: error: profile is 10485812 bytes, over the limit of 1048576 bytes; not read\n"))
    #expect(
      run.err.contains(
        "<stdin>:11:25: error: invalid JSON: number out of range\n"))
    #expect(run.err.hasSuffix("7 profiles resolved, 5 lines failed\n"))
    #expect(run.out.split(separator: "\n").count == 7)
  }

  @Test func overLongLastLineWithoutNewline() throws {
    let bytes = Self.good("first", "pro") + [0x0A] + [UInt8](repeating: UInt8(ascii: "{"), count: 3 << 20)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tail-\(UUID().uuidString).jsonl").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = placement(["resolve", "--profiles", path] + args)
    #expect(run.status == 1)
    #expect(
      run.err
        == "\(path):2: error: profile is 3145728 bytes, over the limit of 1048576 bytes; not read\n1 profile resolved, 1 line failed\n"
    )
    #expect(run.out.split(separator: "\n").count == 1)
  }

  /// Standard input as the real process reads it (bytes through a file handle, not `readLine`): invalid UTF-8
  /// is an error for its line, not silently repaired.
  @Test func standardInputIsReadAsBytes() throws {
    let (bytes, expectedErrors) = Self.batch()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("stdin-\(UUID().uuidString).jsonl").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let input = try #require(FileHandle(forReadingAtPath: path))
    let out = Mutex("")
    let err = Mutex("")
    let console = Console(
      out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } }, readLine: { nil },
      currentDirectory: packageRoot, standardInput: input)
    let status = PlacementTool.run(["resolve", "--profiles", "-"] + args, console: console)
    #expect(status == 1)
    let errors = err.withLock { $0 }.split(separator: "\n").map(String.init)
    #expect(errors == expectedErrors.map { "<stdin>:\($0)" } + ["7 profiles resolved, 6 lines failed"])
    #expect(out.withLock { $0 }.split(separator: "\n").count == 7)
  }
}

import Foundation
import PlacementKit
import Testing

@testable import PlacementCLI

/// `resolve --profiles` as a record stream (`--key`, `--emit`, `--errors inline`, `--summary-json`): what an engine
/// such as Spark takes from a task's standard output, and nothing else.
@Suite struct BatchRecordsTests {
  let common = ["--now", "2026-11-30T00:00:00Z", "--rules", repo("Rules"), "--placement", "main_paywall"]
  static let musicFan = #""custom_attributes":{"interests":["music"],"birthday":"1990-01-01"}"#
  /// The rules_version of the shipped rules, as `placement bundle build` prints it.
  static let rulesVersion: String = {
    (try? RuleSet.load(directory: repo("Rules")).get().version) ?? "?"
  }()
  var context: String { #""rules_version":"\#(Self.rulesVersion)","resolved_at":"2026-11-30T00:00:00Z""# }

  @Test func oneBadLineInTenThousandIsOneKeyedErrorRecordAndExitZero() throws {
    var lines = (0..<10_000).map { #"{"row":\#($0),"profile_id":"p\#($0)","country":"US"}"# }
    lines[6_000] = #"{"row":6000,"profile_id":"p6000","country":}"#
    let run = placement(
      ["resolve", "--profiles", "-", "--key", "row", "--errors", "inline", "--summary-json"] + common, stdin: lines)
    #expect(run.status == 0, "\(run.err)")
    let records = run.out.split(separator: "\n")
    #expect(records.filter { $0.hasPrefix(#"{"record":"decision""#) }.count == 9_999)
    let errors = records.filter { $0.hasPrefix(#"{"record":"error""#) }
    #expect(
      errors == [
        #"{"record":"error","key":6000,"line":6001,"column":44,"error":"invalid JSON: expected a value",\#(context)}"#
      ])
    // In input order: the error record stands where the line's decision would.
    #expect(records[6_000] == errors.first)
    #expect(records[5_999].hasPrefix(#"{"record":"decision","key":5999,\#(context),"placement":"main_paywall""#))
    #expect(records.count == 10_001)
    let summary = try #require(records.last)
    #expect(
      summary.hasPrefix(
        #"{"record":"summary","lines":10000,"profiles":9999,"failed":1,"blank":0,"decisions":9999,"exposures":0,"#
          + #""assignments":0,"errors":1,"rules_version":"\#(Self.rulesVersion)","now":"2026-11-30T00:00:00Z","#
          + #""timings":{"compile_ms":"#))
    #expect(run.err == "9999 profiles resolved, 1 line failed\n")
  }

  /// A decision record is the plain decision line with `record`, `key`, `rules_version` and `resolved_at` in front.
  @Test func decisionRecordsAreThePlainLinesWithMembersInFront() {
    let lines = [
      #"{"k":"a","profile_id":"music-fan-24",\#(Self.musicFan)}"#, #"{"profile_id":"plain-1","k":[1,{"b":null}]}"#,
      #"{"profile_id":"no-key"}"#,
    ]
    let plain = placement(["resolve", "--profiles", "-"] + common, stdin: lines.map { $0.replacingKey() })
    let records = placement(["resolve", "--profiles", "-", "--key", "k"] + common, stdin: lines)
    #expect(records.status == 0)
    let keys = [#""a""#, #"[1,{"b":null}]"#, "null"]
    let expected = zip(plain.out.split(separator: "\n"), keys).map { line, key in
      #"{"record":"decision","key":\#(key),\#(context),"# + line.dropFirst()
    }
    #expect(records.out.split(separator: "\n").map(String.init) == expected)
    #expect(records.out.contains(#""profile_id":"plain-1""#))
  }

  /// The key member is the caller's, not an attribute: no unknown-member warning with `--key`, one without.
  @Test func theKeyMemberRaisesNoWarning() {
    let line = #"{"row_key":"r1","profile_id":"x"}"#
    let without = placement(["resolve", "--profiles", "-"] + common, stdin: [line])
    #expect(without.out.contains(#""warnings":["unknown profile member 'row_key' ignored"#))
    let with = placement(["resolve", "--profiles", "-", "--key", "row_key"] + common, stdin: [line])
    #expect(with.out.hasSuffix(#""warnings":[]}"# + "\n"))
    #expect(with.out.hasPrefix(#"{"record":"decision","key":"r1","#))
  }

  /// A key that is an attribute stays one: `--key profile_id` keys the records by the id and still buckets by it.
  @Test func aKeyThatIsAnAttributeIsStillBound() {
    let line = #"{"profile_id":"music-fan-24",\#(Self.musicFan)}"#
    let run = placement(["resolve", "--profiles", "-", "--key", "profile_id"] + common, stdin: [line])
    #expect(
      run.out.hasPrefix(
        #"{"record":"decision","key":"music-fan-24",\#(context),"placement":"main_paywall","#
          + #""profile_id":"music-fan-24""#))
    #expect(run.out.contains(#""variation":"music_a","bucket":11"#))
  }

  /// Exposure records are the `--exposures` log lines with `record` and `key` in front; assignment records the
  /// `--assignments-out` lines with `record`, `key`, `rules_version` and `resolved_at`; both follow their line's
  /// decisions, and the files are written as without records.
  @Test func exposuresAndAssignmentsAreRecordsAndTheFilesStayTheSame() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let lines = [#"{"k":1,"profile_id":"music-fan-24",\#(Self.musicFan)}"#, #"{"k":2,"profile_id":"plain-1"}"#]
    let files = ["--exposures", folder + "/exposures.jsonl", "--assignments-out", folder + "/assignments.jsonl"]
    let run = placement(
      ["resolve", "--profiles", "-", "--key", "k", "--emit", "decisions,exposures,assignments"] + files + common,
      stdin: lines)
    #expect(run.status == 0, "\(run.err)")
    let records = run.out.split(separator: "\n").map(String.init)
    #expect(
      records.map { $0.prefix(while: { $0 != "," }) } == [
        #"{"record":"decision""#, #"{"record":"exposure""#, #"{"record":"assignment""#, #"{"record":"decision""#,
      ])
    let log = try String(contentsOfFile: files[1], encoding: .utf8)
    #expect(
      log == #"{"profile_id":"music-fan-24","placement":"main_paywall",\#(context),"test":"music_paywalls","#
        + #""version_id":"main_paywall/music_fans/music_paywalls","variation":"music_a","bucket":11,"#
        + #""outcome":"decided"}"# + "\n")
    #expect(records[1] == #"{"record":"exposure","key":1,"# + log.dropFirst().dropLast())
    let assignments = try String(contentsOfFile: files[3], encoding: .utf8)
    #expect(
      assignments
        == #"{"profile_id":"music-fan-24","assignments":{"main_paywall/music_fans/music_paywalls":"music_a"}}"#
        + "\n")
    #expect(records[2] == #"{"record":"assignment","key":1,\#(context),"# + assignments.dropFirst().dropLast())
  }

  /// `--emit exposures` alone: no decision records, and the summary counts what was written.
  @Test func emitChoosesTheKinds() {
    let lines = [#"{"profile_id":"music-fan-24",\#(Self.musicFan)}"#, #"{"profile_id":"plain-1"}"#]
    let run = placement(["resolve", "--profiles", "-", "--emit", "exposures", "--summary-json"] + common, stdin: lines)
    let records = run.out.split(separator: "\n")
    #expect(records.count == 2)
    #expect(records[0].hasPrefix(#"{"record":"exposure","profile_id":"music-fan-24","#))
    #expect(records[1].contains(#""profiles":2,"failed":0,"blank":0,"decisions":0,"exposures":1,"assignments":0,"#))
  }

  /// Blank lines make no record and are counted in the summary.
  @Test func blankLinesMakeNoRecord() {
    let run = placement(
      ["resolve", "--profiles", "-", "--key", "k", "--summary-json"] + common, stdin: ["", #"{"k":1}"#, "  "])
    let records = run.out.split(separator: "\n")
    #expect(records.count == 2)
    #expect(records[0].hasPrefix(#"{"record":"decision","key":1,"#))
    #expect(records[1].hasPrefix(#"{"record":"summary","lines":3,"profiles":1,"failed":0,"blank":2,"decisions":1,"#))
  }

  /// A line that fails keeps the key it read before the fault; a key after it, or a broken key, is null.
  @Test func aFailedLineKeepsAKeyThatCameFirst() {
    let lines = [#"{"k":"first","profile_id":}"#, #"{"profile_id":,"k":"after"}"#, #"{"k":"unterminated"#]
    let run = placement(["resolve", "--profiles", "-", "--key", "k", "--errors", "inline"] + common, stdin: lines)
    #expect(run.status == 0)
    let keys = run.out.split(separator: "\n").map { $0.split(separator: ",")[1] }
    #expect(keys == [#""key":"first""#, #""key":null"#, #""key":null"#])
  }

  /// Without `--errors inline`, failed lines go to stderr and the exit status is 1, records or not.
  @Test func errorsOnStderrStillFailTheRun() {
    let run = placement(["resolve", "--profiles", "-", "--key", "k"] + common, stdin: ["{bad", #"{"k":1}"#])
    #expect(run.status == 1)
    #expect(run.out.split(separator: "\n").count == 1)
    #expect(run.err == "<stdin>:1:2: error: invalid JSON: expected a string key\n1 profile resolved, 1 line failed\n")
  }

  @Test func usageErrors() {
    let batch = ["resolve", "--profiles", "-"] + common
    for (arguments, message) in [
      (
        batch + ["--emit", "decisions,errors"],
        "--emit takes decisions, exposures and assignments, comma-separated; found 'errors'"
      ),
      (batch + ["--emit", ""], "--emit takes decisions, exposures and assignments, comma-separated; found ''"),
      (
        batch + ["--key", "k", "--format", "text"],
        "--emit, --key and --summary-json write JSON records: drop --format text"
      ),
      (batch + ["--key", ""], "--key needs a member name"),
      (
        ["resolve", "--profile", repo("Examples/profiles/seed-profile.json"), "--key", "k"] + common,
        "--key applies to --profiles only"
      ),
      (
        ["resolve", "--profile", repo("Examples/profiles/seed-profile.json"), "--summary-json"] + common,
        "--summary-json applies to --profiles only"
      ),
    ] {
      let run = placement(arguments)
      #expect(run.status == 64)
      #expect(run.err.hasPrefix("error: \(message)"), "\(run.err)")
    }
  }

  /// `--verbose` names the rules_version and now the run resolves with.
  @Test func verboseNamesTheRulesVersion() {
    let run = placement(["resolve", "--profiles", "-", "--verbose"] + common, stdin: [#"{"profile_id":"a"}"#])
    #expect(run.err.contains("rules_version \(Self.rulesVersion), now 2026-11-30T00:00:00Z\n"))
  }

  /// The same records for any number of jobs.
  @Test func recordsAreTheSameForAnyNumberOfJobs() {
    let lines = (0..<5_000).map { #"{"k":\#($0),"profile_id":"music-fan-\#($0)",\#(Self.musicFan)}"# }
    let arguments = ["resolve", "--profiles", "-", "--key", "k", "--emit", "decisions,exposures,assignments"]
    let one = placement(arguments + common, stdin: lines)
    let three = placement(arguments + ["--jobs", "3"] + common, stdin: lines)
    #expect(one.out == three.out)
    #expect(one.out.split(separator: "\n").count > 5_000)
  }
}

/// The key reader on its own.
@Suite struct BatchKeyTests {
  func key(_ name: String, _ line: String) -> String? {
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      BatchKey(name).value(in: buffer).map { String(decoding: buffer[$0], as: UTF8.self) }
    }
  }

  @Test func readsValuesOfEveryKindAsWritten() {
    #expect(key("k", #"{"k":"a\"b\u00e9"}"#) == #""a\"b\u00e9""#)
    #expect(key("k", #"{ "a" : [1, {"k": 2}] , "k" : -1.5e+3 , "z":}"#) == "-1.5e+3")
    #expect(key("k", #"{"k":{"x":[true,false,null]}}"#) == #"{"x":[true,false,null]}"#)
    #expect(key("k", "\u{FEFF}{\"k\":0}") == "0")
    #expect(key("k", #"{"k":"é"}"#) == #""é""#)
    #expect(key("k", #"{"k":1,"k":2}"#) == "1")
  }

  @Test func refusesWhatIsNotJSON() {
    #expect(key("k", #"{"a":1}"#) == nil)
    #expect(key("k", #"{"a":01,"k":1}"#) == nil)
    #expect(key("k", #"{"k":tru}"#) == nil)
    #expect(key("k", #"{"k":"a\x"}"#) == nil)
    #expect(key("k", "{\"k\":\"a\tb\"}") == nil)
    #expect(key("k", #"["k",1]"#) == nil)
    #expect(key("k", #"{"k":[1,]}"#) == nil)
    #expect(key("k", #"{"k":1."#) == nil)
    #expect(key("k", #"{"\u006b":1}"#) == nil)
    #expect(key("k", "{\"k\":" + String(repeating: "[", count: 65) + String(repeating: "]", count: 65) + "}") == nil)
    #expect(key("k", "{\"k\":" + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}") != nil)
    let invalidUTF8: [UInt8] = Array(#"{"k":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
    #expect(invalidUTF8.withUnsafeBufferPointer { BatchKey("k").value(in: $0) } == nil)
  }
}

extension String {
  /// The line without its `"k"` member, as the plain output sees the same profile (modulo the warning).
  fileprivate func replacingKey() -> String {
    replacingOccurrences(of: #""k":"a","#, with: "").replacingOccurrences(of: #","k":[1,{"b":null}]"#, with: "")
  }
}

/// Taking the key member out of a line: the member and one comma beside it.
@Suite struct BatchKeyRemovalTests {
  func removing(_ name: String, _ line: String) -> String? {
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      BatchKey(name).member(in: buffer).map { member in
        String(
          decoding: Array(buffer[..<member.removal.lowerBound]) + Array(buffer[member.removal.upperBound...]),
          as: UTF8.self)
      }
    }
  }

  @Test func leavesAnObjectWithTheOtherMembers() {
    #expect(removing("k", #"{"k":1,"a":2}"#) == #"{"a":2}"#)
    #expect(removing("k", #"{"a":2,"k":[1,2]}"#) == #"{"a":2}"#)
    #expect(removing("k", #"{"a":2, "k" : "x" , "b":3}"#) == #"{"a":2, "b":3}"#)
    #expect(removing("k", #"{ "k":{"a":","} }"#) == "{  }")
    #expect(removing("k", #"{"a":",","k":0}"#) == #"{"a":","}"#)
  }
}

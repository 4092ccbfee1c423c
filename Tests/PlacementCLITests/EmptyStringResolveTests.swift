import Foundation
import Testing

/// Issue 10, "must show": the `nick == ""` case (review defect 1) gives the same decision through `--profile`,
/// `--profiles` with one and two jobs, and `--explain` agrees with the decision it explains.
@Suite struct EmptyStringResolveTests {
  static let rules = """
    attribute nick: string
    segment empty_nick = nick == ""
    placement p: flow {
      empty_nick -> flow a
      default    -> flow b
    }
    """
  static let profile = #"{"profile_id":"p","custom_attributes":{"nick":""}}"#

  @Test func everyCommandPathDecidesFlowA() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.rules.write(toFile: folder + "/e.rules", atomically: true, encoding: .utf8)
    try Self.profile.write(toFile: folder + "/one.json", atomically: true, encoding: .utf8)
    let common = ["--rules", folder + "/e.rules", "--now", "2026-11-30T00:00:00Z", "--explain"]
    var runs = [placement(["resolve", "--profile", folder + "/one.json"] + common)]
    for jobs in ["1", "2"] {
      runs.append(placement(["resolve", "--profiles", "-", "--jobs", jobs] + common, stdin: [Self.profile]))
    }
    for run in runs {
      #expect(run.status == 0, "\(run.err)")
      #expect(run.out.contains(#""content":{"type":"flow","id":"a","paywall":null}"#), "\(run.out)")
      #expect(run.out.contains(#""outcome":"decided""#), "\(run.out)")
      #expect(!run.out.contains("not_matched"), "\(run.out)")
    }
  }
}

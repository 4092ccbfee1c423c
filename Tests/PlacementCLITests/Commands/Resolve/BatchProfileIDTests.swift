import Foundation
import Testing

/// `resolve --profiles` in JSON: a decision of a profile without a usable id (none, null, empty, white space, or
/// over the id limit) names its input line, so decisions that no id tells apart can be joined back to their
/// lines; a profile with a usable id has no `line`. An id over the limit is one warning, not two.
@Suite struct BatchProfileIDTests {
  let common = ["--now", "2026-11-30T00:00:00Z", "--rules", repo("Rules"), "--placement", "onboarding_end"]
  static let long = String(repeating: "x", count: 1_500)
  static let tooLong = "profile_id of 1500 bytes is over the limit of 1024 bytes; the profile has no id"
  /// Every id shape the batch reads: on the binder's path (plain or escaped, usable or not) and on the reference
  /// path (a line with a duplicate member).
  static let lines = [
    #"{"profile_id":"a-1"}"#,
    #"{"custom_attributes":{"experience":"pro"}}"#,
    #"{"profile_id":null}"#,
    #"{"profile_id":""}"#,
    #"{"profile_id":"  "}"#,
    #"{"profile_id":"\#(long)"}"#,
    #"{"profile_id":"p\u0031"}"#,
    #"{"profile_id":"\u0020"}"#,
    #"{"profile_id":"b-1","profile_id":null}"#,
    #"{"profile_id":"c-1","profile_id":"c-2"}"#,
  ]

  static func decision(_ id: String, line: Int? = nil, flow: String = "generic_onboarding", warnings: String = "")
    -> String
  {
    let audience =
      flow == "pro_onboarding"
      ? #"{"index":0,"name":"pros","segment":"experience == pro"}"#
      : #"{"index":3,"name":"default","segment":null}"#
    let reason = flow == "pro_onboarding" ? "TARGETING_MATCH" : "DEFAULT"
    return #"{"placement":"onboarding_end","profile_id":\#(id)"# + (line.map { #","line":\#($0)"# } ?? "")
      + #","audience":\#(audience),"content":{"type":"flow","id":"\#(flow)","paywall":null},"ab_test":null,"#
      + #""reason":"\#(reason)","exposures":[],"warnings":[\#(warnings)]}"#
  }

  static let expected = [
    decision(#""a-1""#),
    decision("null", line: 2, flow: "pro_onboarding"),
    decision("null", line: 3),
    decision(#""""#, line: 4),
    decision(#""  ""#, line: 5),
    decision("null", line: 6, warnings: #""\#(tooLong)""#),
    decision(#""p1""#),
    decision(#"" ""#, line: 8),
    decision("null", line: 9),
    decision(#""c-2""#),
  ]

  @Test(arguments: ["1", "2"])
  func decisionsWithoutAUsableIDNameTheirLine(jobs: String) {
    let run = placement(["resolve", "--profiles", "-", "--jobs", jobs] + common, stdin: Self.lines)
    #expect(run.status == 0)
    #expect(run.err == "10 profiles resolved, 0 lines failed\n")
    #expect(run.out.split(separator: "\n").map(String.init) == Self.expected)
  }

  /// Explanations take the path that builds a `Decision`; its lines name the input line alike.
  @Test func explainedDecisionsNameTheirLineToo() {
    let run = placement(["resolve", "--profiles", "-", "--explain"] + common, stdin: Self.lines)
    #expect(run.status == 0)
    let heads = run.out.split(separator: "\n").map { $0.components(separatedBy: #","audience""#)[0] }
    #expect(
      heads == [
        #"{"placement":"onboarding_end","profile_id":"a-1""#,
        #"{"placement":"onboarding_end","profile_id":null,"line":2"#,
        #"{"placement":"onboarding_end","profile_id":null,"line":3"#,
        #"{"placement":"onboarding_end","profile_id":"","line":4"#,
        #"{"placement":"onboarding_end","profile_id":"  ","line":5"#,
        #"{"placement":"onboarding_end","profile_id":null,"line":6"#,
        #"{"placement":"onboarding_end","profile_id":"p1""#,
        #"{"placement":"onboarding_end","profile_id":" ","line":8"#,
        #"{"placement":"onboarding_end","profile_id":null,"line":9"#,
        #"{"placement":"onboarding_end","profile_id":"c-2""#,
      ])
  }

  /// A single profile is its own input: its decisions carry no `line`, and an id over the limit is one warning.
  @Test func aSingleProfileHasNoLineAndOneWarningForALongID() {
    let run = placement(["resolve", "--profile", "-"] + common, stdin: [Self.lines[5]])
    #expect(run.status == 0)
    #expect(run.out == Self.decision("null", warnings: #""\#(Self.tooLong)""#) + "\n")
  }
}

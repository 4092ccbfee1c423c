import TestSupport
import Testing

@testable import PlacementCore

/// The batch binder reads behavioural events from the line's bytes and builds only those a query reads; every
/// line gives the reference path's warnings and decisions, whichever path binds it.
@Suite struct EventStreamingTests {
  static let rules = """
    segment engaged = count(event "app_open" within last 7 days) >= 2
    segment us = country == "US"

    placement main_paywall: paywall {
      us limit 2 per 7 days -> paywall winback
      engaged -> paywall engaged
      default -> paywall standard
    }
    """
  static let now = Instant(iso8601: "2026-11-30T00:00:00Z")!

  static let open = #"{"name":"app_open","at":"2026-11-29T10:00:00Z"}"#
  static let shown =
    #"{"name":"shown","at":1764400000000,"properties":{"placement":"main_paywall","content":"winback"}}"#

  /// Lines and whether the fast path binds them.
  static let lines: [(String, Bool)] = [
    (#"{"country":"US","events":[\#(open),\#(open),{"name":"other","at":"2026-11-28T00:00:00Z"}]}"#, true),
    (#"{"country":"US","events":[\#(shown),\#(open),\#(shown),\#(open)]}"#, true),
    (#"{"country":"US","events":[\#(shown),{"name":"other","at":1,"properties":{"a":1,"b":true,"c":"x"}}]}"#, true),
    (
      #"{"country":"US","events":[\#(shown),{"name":"shown","at":1764400000000,"properties":{"content":"winback","#
        + #""n":2.5,"ok":false,"placement":"main_paywall"}}]}"#, true
    ),
    (#"{"country":"US","events":[ { "name" : "app_open" , "at" : 1764400000000 } , \#(open) ]}"#, true),
    (#"{"country":"US","events":[{"name":"other","at":"yesterday"},\#(open),\#(open)]}"#, true),
    (#"{"country":"US","events":[{"name":"app_open","at":"yesterday"},\#(open)]}"#, true),
    (#"{"country":"US","events":[{"name":"app_open","at":"2026-11-29"},\#(open)]}"#, true),
    (#"{"country":"US","events":[{"name":"app_open","at":"2026-11-29 10:00+01:00"},\#(open)]}"#, true),
    (#"{"country":"US","events":[{"name":"shown","at":1,"properties":5},\#(open)]}"#, true),
    (#"{"country":"US","events":[{"name":"shown","at":1764400000000,"properties":{"placement":{}}}]}"#, true),
    (#"{"country":"US","events":[{"name":"other","at":1,"properties":{"a":1,"b":2,"c":3,"d":4,"e":5}}]}"#, true),
    (#"{"country":"US","events":[{"name":"app_open"},{"name":"app_open","at":null},\#(open),\#(open)]}"#, true),
    (#"{"country":"US","events":[{"name":"app\u005fopen","at":"2026-11-29T00:00:00Z"},\#(open)]}"#, true),
    (#"{"country":"US","events":[{"name":"café","at":1},3,"x",null,[],\#(open)]}"#, true),
    (#"{"country":"US","events":[{"name":"flow_user_input","at":1},{"name":"flow_screen_showed","at":1}]}"#, true),
    (#"{"country":"US","events":[{"name":"app_open","at":1e300},{"at":1},{"name":7,"at":1}]}"#, true),
    (#"{"country":"US","events":[{"name":"app_open","at":1,"x":{"y":1}},\#(open)]}"#, true),
    (#"{"country":"US","events":[{"name":"a","name":"b","at":1}]}"#, true),
    (#"{"country":"US","events":[{"name":"a","at":1,"properties":{"k":1,"k":2}}]}"#, true),
  ]

  @Test(arguments: lines)
  func batchAgreesWithReference(_ line: String, _ fastPath: Bool) throws {
    let ruleSet = try #require(compile(Self.rules).ruleSet)
    var fast = ruleSet.emptyProfile()
    #expect(ruleSet.bindFast(contiguous: Array(line.utf8), limits: .default, into: &fast) == fastPath)
    let bound = try ruleSet.bind(jsonBytes: Array(line.utf8))
    let reference = ruleSet.bind(try Profile(jsonBytes: Array(line.utf8)))
    #expect(bound.warnings == reference.warnings)
    let options = ResolveOptions(now: Self.now, explain: true)
    let decided = try ruleSet.resolve("main_paywall", for: bound, options: options)
    #expect(decided == (try ruleSet.resolve("main_paywall", for: reference, options: options)))
  }

  /// More behavioural events than the log keeps: the binder leaves the line to the reference path, which keeps
  /// the most recent of all events, read or not.
  @Test func aBareDateAtIsSkippedWithAWarningOnBothPaths() throws {
    let ruleSet = try #require(compile(Self.rules).ruleSet)
    let line = Array(#"{"events":[{"name":"app_open","at":"2026-11-29"},\#(Self.open)]}"#.utf8)
    let warning = "events[0]: 'at' must be an ISO 8601 instant with an offset or Unix milliseconds; event skipped"
    #expect(try ruleSet.bind(jsonBytes: line).warnings.contains(warning))
    #expect(ruleSet.bind(try Profile(jsonBytes: line)).warnings.contains(warning))
  }

  @Test func overTheEventLimitTheReferencePathBinds() throws {
    let ruleSet = try #require(compile(Self.rules).ruleSet)
    let events = (0..<(EventLog.maxEvents + 1)).map { #"{"name":"other","at":\#($0)}"# }
    let line = #"{"country":"US","events":[\#(events.joined(separator: ","))]}"#
    var fast = ruleSet.emptyProfile()
    #expect(!ruleSet.bindFast(contiguous: Array(line.utf8), limits: .default, into: &fast))
  }

  /// The binder builds no string for a name shorter than every name the flow decoder reads.
  @Test func flowEventNamesHaveAtLeast15Bytes() {
    let names = [FlowEvent.stateUpdatedEventName, FlowEvent.inputEventName] + FlowMilestone.allCases.map(\.rawValue)
    #expect(names.allSatisfy { $0.utf8.count >= 15 })
  }
}

import Testing

@testable import PlacementCore

/// The decision writer emits verbatim pieces for speed; it must match, byte for byte, the same layout written
/// through `JSONWriter`'s general API (the reference below), whatever the decision holds.
@Suite struct DecisionJSONTests {
  static let decisions: [Decision] = {
    let audiences = [
      Audience(index: 0, name: "pros", segment: "experience == pro"), Audience(index: 3, name: "default", segment: nil),
      Audience(index: 1, name: "quote\"d", segment: #"city == "Zürich" and note contains "\n""#),
      // A placement override decides before any row (index -1); the batch cache once indexed its rows by it.
      Audience(index: -1, name: "override", segment: #"profile_id == "qa-winback""#),
    ]
    let contents: [ShownContent] = [
      .flow(id: "pro_onboarding", paywall: nil), .flow(id: "music", paywall: "music_a"), .paywall(id: "winback"),
      .holdout,
    ]
    let tests: [ABAssignment?] = [
      nil,
      ABAssignment(
        name: "music_paywalls", versionID: "main_paywall/music_fans/music_paywalls", variation: "a", bucket: 42),
      ABAssignment(name: "t", versionID: "v\u{2028}1", variation: "holdout", bucket: nil),
    ]
    let traces: [[RowTrace]?] = [
      nil, [],
      [
        RowTrace(
          index: 0, name: "pros", outcome: .notMatched(condition: "experience == pro", seen: "experience = missing")),
        RowTrace(index: 1, name: "stopped", outcome: .fellThrough(reason: "the row's content is fallthrough")),
        RowTrace(index: 2, name: "default", outcome: .decided(reason: nil)),
        RowTrace(index: 3, name: "xmas", outcome: .scheduledOut(reason: "scheduled from a until b")),
        RowTrace(index: 4, name: "layered", outcome: .outsideLayer(reason: "outside")),
      ],
      [
        RowTrace(index: 0, name: "music_fans", outcome: .decided(reason: "variation 'a' of test 't' (bucket 7)"))
      ],
    ]
    var all: [Decision] = []
    for (number, audience) in audiences.enumerated() {
      for content in contents {
        for test in tests {
          for trace in traces {
            all.append(
              Decision(
                placement: "onboarding_end", profileID: number == 1 ? nil : "p-\(number)\t", audience: audience,
                content: content, abTest: test, reason: DecisionReason.allCases[number % DecisionReason.allCases.count],
                exposures: Self.exposures[number % Self.exposures.count],
                warnings: number == 2 ? ["a \"b\"", "c\u{1}"] : [],
                explanation: trace))
          }
        }
      }
    }
    return all
  }()

  static let exposures: [[Exposure]] = [
    [],
    [
      Exposure(
        test: "yoga_offer", versionID: "yoga-offer-2026-11", variation: "control", bucket: 28, outcome: .fellThrough),
      Exposure(test: "t\"", versionID: "v\u{2028}1", variation: "holdout", bucket: nil, outcome: .holdout),
    ],
    ExposureOutcome.allCases.map { Exposure(test: "t", versionID: "v", variation: "a", bucket: 0, outcome: $0) },
  ]

  @Test func verbatimWriterMatchesTheGeneralWriter() {
    for decision in Self.decisions {
      #expect(decision.jsonString == Self.reference(decision))
    }
  }

  @Test func batchCacheWritesTheSameBytes() {
    var cache = DecisionJSONCache()
    // Twice over, so the second pass reuses cached pieces; every decision under position 0 and row numbers that
    // repeat with different contents, so a stale piece would show.
    for _ in 0..<2 {
      for decision in Self.decisions {
        var json = JSONWriter()
        cache.write(decision, position: 0, to: &json)
        #expect(json.string == decision.jsonString)
      }
    }
  }

  @Test func decisionsOnOneWriterAreCommaSeparated() {
    var json = JSONWriter()
    json.beginArray()
    for decision in Self.decisions.prefix(3) { decision.write(to: &json) }
    json.endArray()
    let expected = "[" + Self.decisions.prefix(3).map(Self.reference).joined(separator: ",") + "]"
    #expect(json.string == expected)
  }

  /// The decision layout written with `JSONWriter`'s key/value API.
  static func reference(_ decision: Decision) -> String {
    var json = JSONWriter()
    json.beginObject()
    json.key("placement")
    json.value(decision.placement)
    json.key("profile_id")
    if let id = decision.profileID { json.value(id) } else { json.null() }
    json.key("audience")
    json.beginObject()
    json.key("index")
    json.value(decision.audience.index)
    json.key("name")
    json.value(decision.audience.name)
    json.key("segment")
    if let segment = decision.audience.segment { json.value(segment) } else { json.null() }
    json.endObject()
    json.key("content")
    json.beginObject()
    json.key("type")
    json.value(decision.content.type)
    switch decision.content {
    case .flow(let id, let paywall):
      json.key("id")
      json.value(id)
      json.key("paywall")
      if let paywall { json.value(paywall) } else { json.null() }
    case .paywall(let id):
      json.key("id")
      json.value(id)
    case .holdout: break
    }
    json.endObject()
    json.key("ab_test")
    if let test = decision.abTest {
      json.beginObject()
      json.key("name")
      json.value(test.name)
      json.key("version_id")
      json.value(test.versionID)
      json.key("variation")
      json.value(test.variation)
      json.key("bucket")
      if let bucket = test.bucket { json.value(bucket) } else { json.null() }
      json.endObject()
    } else {
      json.null()
    }
    json.key("reason")
    json.value(decision.reason.rawValue)
    json.key("exposures")
    json.beginArray()
    for exposure in decision.exposures {
      json.beginObject()
      json.key("test")
      json.value(exposure.test)
      json.key("version_id")
      json.value(exposure.versionID)
      json.key("variation")
      if exposure.outcome.isKeptOut { json.null() } else { json.value(exposure.variation) }
      json.key("bucket")
      if let bucket = exposure.bucket { json.value(bucket) } else { json.null() }
      json.key("outcome")
      json.value(exposure.outcome.rawValue)
      json.endObject()
    }
    json.endArray()
    json.key("warnings")
    json.beginArray()
    for warning in decision.warnings { json.value(warning) }
    json.endArray()
    if let explanation = decision.explanation {
      json.key("explain")
      json.beginArray()
      for row in explanation {
        json.beginObject()
        json.key("index")
        json.value(row.index)
        json.key("name")
        json.value(row.name)
        json.key("outcome")
        switch row.outcome {
        case .notMatched(let condition, let seen):
          json.value("not_matched")
          json.key("condition")
          json.value(condition)
          json.key("seen")
          json.value(seen)
        case .fellThrough(let reason):
          json.value("fell_through")
          json.key("reason")
          json.value(reason)
        case .scheduledOut(let reason):
          json.value("scheduled_out")
          json.key("reason")
          json.value(reason)
        case .capped(let reason):
          json.value("capped")
          json.key("reason")
          json.value(reason)
        case .outsideLayer(let reason):
          json.value("outside_layer")
          json.key("reason")
          json.value(reason)
        case .notNewUser(let reason):
          json.value("not_new_user")
          json.key("reason")
          json.value(reason)
        case .inOtherTest(let reason):
          json.value("in_other_test")
          json.key("reason")
          json.value(reason)
        case .decided(let reason):
          json.value("decided")
          if let reason {
            json.key("reason")
            json.value(reason)
          }
        }
        json.endObject()
      }
      json.endArray()
    }
    json.endObject()
    return json.string
  }
}

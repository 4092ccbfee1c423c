import Foundation
import PlacementKit
import TestSupport
import Testing

@testable import PlacementCore

/// Every entry point binds through the same coercion. Generated profiles given as JSON bytes
/// (`bind(jsonBytes:)`: the streaming binder or the reference reader) and the same profiles built in code
/// (`Profile()`, `setAttribute`, `customAttributes`, `apply(eventNamed:params:)` with iOS-style params) give
/// identical bound values and decisions.
@Suite struct ProfileBuildingDifferentialTests {
  let ruleSet = BinderFixture.ruleSet

  /// Events for the fixture's sourced attributes, including clears, as JSON objects.
  static let events: [String] = [
    #"{"name":"flow_user_input","instanceId":"s1","element_id":"experience","element_type":"single_choice","item_ids":["pro"],"item_titles":["Pro"]}"#,
    #"{"name":"flow_user_input","instanceId":"s1","element_id":"experience","element_type":"single_choice","item_ids":[],"item_titles":[]}"#,
    #"{"name":"flow_user_input","instanceId":"s2","element_id":"interests","element_type":"multi_choice","item_ids":["music","yoga"],"item_titles":["M","Y"]}"#,
    #"{"name":"flow_user_input","instanceId":"s2","element_id":"interests","element_type":"multi_choice","item_ids":[],"item_titles":[]}"#,
    #"{"name":"flow_user_input","instanceId":"s3","element_id":"weight","element_type":"number_input","value":"82"}"#,
    #"{"name":"flow_user_input","instanceId":"s3","element_id":"weight","element_type":"number_input","value":""}"#,
    #"{"name":"flow_user_input","instanceId":"s4","element_id":"reminders","element_type":"toggle","value":false}"#,
    #"{"name":"flow_user_input","instanceId":"s5","element_id":"birthday","element_type":"date_picker","value":645000000000}"#,
    #"{"name":"flow_screen_showed","instanceId":"s5"}"#,
  ]

  /// A generated line, sometimes with a few events appended.
  static func line(_ random: inout SplitMix64) -> String {
    var line = BinderFixture.profileLine(&random).trimmingCharacters(in: .whitespaces)
    guard random.chance(40), line.hasSuffix("}"), !line.contains(#""events""#) else { return line }
    let picked = (0..<(1 + random.below(4))).map { _ in random.pick(events) }
    line.removeLast()
    let separator = line.hasSuffix("{") ? "" : ","
    return line + separator + #""events":[\#(picked.joined(separator: ","))]}"#
  }

  /// The same profile built through the public building API; nil for a line the API cannot express as given
  /// (not an object, or a top-level member the API rejects, which the JSON reader only warns about).
  static func built(from json: JSONValue) -> Profile? {
    guard case .object(let members) = json else { return nil }
    var profile = Profile()
    for (key, value) in members.sorted(by: { $0.key < $1.key }) {
      if case .null = value { continue }
      switch (key, value) {
      case ("custom_attributes", .object(let attributes)): profile.customAttributes = attributes
      case ("events", .array(let events)):
        for case .object(var event) in events {
          guard case .string(let name) = event.removeValue(forKey: "name") else { return nil }
          profile.apply(eventNamed: name, params: event.mapValues(params))
        }
      default:
        guard (try? profile.setAttribute(key, to: value)) != nil else { return nil }
      }
    }
    return profile
  }

  /// A JSON value as the iOS SDK's params carry it: `String`, `Int`, `Double`, `Bool`, arrays, dictionaries.
  static func params(_ value: JSONValue) -> any Sendable {
    switch value {
    case .string(let s): return s
    case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? Int(n) as any Sendable : n
    case .bool(let b): return b
    case .null: return Optional<String>.none as any Sendable
    case .array(let elements): return elements.map(params)
    case .object(let members): return members.mapValues(params)
    }
  }

  @Test func jsonBytesAndBuiltProfilesBindTheSame() throws {
    var random = SplitMix64(state: 23)
    var compared = 0
    var withEvents = 0
    for _ in 0..<2_000 {
      let line = Self.line(&random)
      guard let fromBytes = try? ruleSet.bind(jsonBytes: Array(line.utf8)),
        let json = try? JSONReader.parse(line), let profile = Self.built(from: json)
      else { continue }
      let fromCode = ruleSet.bind(profile)
      compared += 1
      if line.contains(#""events""#) { withEvents += 1 }
      #expect(fromBytes.values == fromCode.values, "\(line)")
      #expect(fromBytes.scalars == fromCode.scalars, "\(line)")
      #expect(fromBytes.profileID == fromCode.profileID, "\(line)")
      for placement in ruleSet.placementNames {
        let a = try ruleSet.resolve(placement, for: fromBytes, options: BinderFixture.options)
        let b = try ruleSet.resolve(placement, for: fromCode, options: BinderFixture.options)
        #expect(a.audience == b.audience && a.content == b.content && a.abTest == b.abTest, "\(line)")
      }
    }
    // The comparison must cover most lines, and events, or it proves little.
    #expect(compared > 1_500, "compared \(compared)")
    #expect(withEvents > 400, "with events \(withEvents)")
  }
}

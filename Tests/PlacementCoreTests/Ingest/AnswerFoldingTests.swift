import TestSupport
import Testing

@testable import PlacementCore

/// `placement ingest` folds the events an attribute reads into `custom_attributes`: the printed profile binds to
/// the values the profile with every event binds to.
@Suite struct AnswerFoldingTests {
  /// Attributes over one element read without a screen (`level`), one read on a screen only (`pick` on `s1`),
  /// a text, a date, and a multi choice; element `spare` is read by none.
  static let rules = """
    attribute level: choice(a, b, c) from quiz "level"
    attribute picked: choice(a, b, c) from quiz "pick" on screen "s1"
    attribute note: string from input "note"
    attribute born: date from input "born"
    attribute likes: choices(a, b, c) from quiz "likes"
    segment pro = level == c
    placement p: flow {
      pro     -> flow pro
      default -> flow other
    }
    """

  let ruleSet = compile(Self.rules).ruleSet!

  func event(_ element: String, screen: String?, _ json: String) -> String {
    let at = screen.map { #""instanceId":"\#($0)","# } ?? ""
    return #"{"name":"flow_user_input",\#(at)"element_id":"\#(element)",\#(json)}"#
  }

  func ingested(_ events: [String], into document: String) throws -> (printed: JSONValue, bound: BoundProfile) {
    let members: [String: JSONValue]
    guard case .object(let parsed) = try JSONReader.parse(Array(document.utf8)) else { throw HarnessError(message: "") }
    members = parsed
    let profile = try Profile(json: .object(members))
    var decoded: [IngestedEvent] = []
    var everything = profile
    for text in events {
      let json = try JSONReader.parse(Array(text.utf8))
      guard let event = try FlowEvent.decode(json) else { continue }
      decoded.append(IngestedEvent(json: json, event: event))
      everything.answers.apply(event)
    }
    let result = ruleSet.ingest(decoded, into: members, profile: profile)
    return (.object(result.members), ruleSet.bind(everything))
  }

  @Test func aChangedAnswerReplacesTheProfilesOldEvent() throws {
    let old = event("level", screen: "q", #""element_type":"single_choice","item_ids":["c"]"#)
    let new = event("level", screen: "q", #""element_type":"single_choice","item_ids":["a"]"#)
    let (printed, expected) = try ingested([new], into: #"{"profile_id":"x","events":[\#(old)]}"#)
    #expect(serialized(printed, sortedKeys: true) == #"{"custom_attributes":{"level":"a"},"profile_id":"x"}"#)
    let bound = ruleSet.bind(try Profile(json: printed))
    #expect(bound.values == expected.values)
    #expect(
      try ruleSet.resolve("p", for: bound, options: ResolveOptions(now: testNow)).content
        == .flow(id: "other", paywall: nil))
  }

  @Test func answersNoAttributeReadsStayInEvents() throws {
    let spare = event("spare", screen: "q", #""element_type":"text_input","value":"kept""#)
    let onOtherScreen = event("pick", screen: "s2", #""element_type":"single_choice","item_ids":["b"]"#)
    let picked = event("pick", screen: "s1", #""element_type":"single_choice","item_ids":["a"]"#)
    let view = #"{"name":"flow_screen_showed","instanceId":"q"}"#
    let (printed, _) = try ingested([onOtherScreen, picked], into: #"{"events":[\#(spare),\#(view)]}"#)
    #expect(
      serialized(printed, sortedKeys: true)
        == #"{"custom_attributes":{"picked":"a"},"events":["#
        + #"{"element_id":"spare","element_type":"text_input","instanceId":"q","name":"flow_user_input","value":"kept"},"#
        + #"{"instanceId":"q","name":"flow_screen_showed"},"#
        + #"{"element_id":"pick","element_type":"single_choice","instanceId":"s2","item_ids":["b"],"name":"flow_user_input"}]}"#
    )
  }

  @Test func anAmbiguousElementKeepsEveryEventAndStaysAmbiguous() throws {
    let first = event("level", screen: "s1", #""element_type":"single_choice","item_ids":["a"]"#)
    let second = event("level", screen: nil, #""element_type":"single_choice","item_ids":["b"]"#)
    let (printed, expected) = try ingested([second], into: #"{"custom_attributes":{"level":"c"},"events":[\#(first)]}"#)
    guard case .object(let members) = printed, case .array(let events)? = members["events"] else {
      Issue.record("no events in \(serialized(printed, sortedKeys: true))")
      return
    }
    #expect(events.count == 2)
    #expect(members["custom_attributes"] == .object([:]))
    let bound = ruleSet.bind(try Profile(json: printed))
    #expect(bound.values == expected.values)
    #expect(
      bound.warnings == [
        "attribute 'level': element 'level' was answered on several screens (<no instanceId>, s1); qualify the "
          + "source with a screen"
      ])
  }

  @Test func aClearedFieldRemovesTheStoredValue() throws {
    let cleared = event("note", screen: "q", #""element_type":"text_input","value":"""#)
    let (printed, expected) = try ingested([cleared], into: #"{"custom_attributes":{"note":"old"}}"#)
    #expect(serialized(printed, sortedKeys: true) == #"{"custom_attributes":{}}"#)
    #expect(expected.values[ruleSet.attributes.first { $0.name == "note" }!.slot] == .missing)
  }

  /// Generated profiles (stored events and values) and event streams over every kind of key: the printed profile
  /// binds every attribute to the value the profile with all its events binds it to, with the same ambiguities.
  @Test func thePrintedProfileBindsAsTheProfileWithEveryEvent() throws {
    var random = SplitMix64(state: 29)
    let elements = ["level", "pick", "note", "born", "likes", "spare"]
    let screens: [String?] = [nil, "s1", "s2"]
    func anyEvent() -> String {
      let element = random.pick(elements)
      let screen = random.pick(screens)
      let body: String
      switch element {
      case "level", "pick":
        body = #""element_type":"single_choice","item_ids":[\#(random.pick(["", #""a""#, #""b""#, #""c""#, #""z""#]))]"#
      case "likes": body = #""element_type":"multi_choice","item_ids":[\#(random.pick(["", #""a""#, #""b","c""#]))]"#
      case "born": body = #""element_type":"date_picker","value":\#(random.pick(["0", "645408000000"]))"#
      default: body = #""element_type":"text_input","value":\#(random.pick([#""""#, #""x""#, #""y""#]))"#
      }
      return event(element, screen: screen, body)
    }
    var checked = 0
    for _ in 0..<400 {
      let stored = (0..<random.below(4)).map { _ in anyEvent() }
      let values = random.chance(50) ? #""level":"b","note":"stored","picked":"c""# : ""
      let document =
        #"{"profile_id":"p","custom_attributes":{\#(values)},"events":[\#(stored.joined(separator: ","))]}"#
      let stream = (0..<random.below(5)).map { _ in anyEvent() }
      let (printed, expected) = try ingested(stream, into: document)
      let bound = ruleSet.bind(try Profile(json: printed))
      let context = "\(document) + \(stream) printed \(serialized(printed, sortedKeys: true))"
      #expect(bound.values == expected.values, "\(context)")
      // An ambiguous answer stays ambiguous: reported again whenever the printed profile is resolved.
      let ambiguities = { (profile: BoundProfile) in profile.warnings.filter { $0.contains("several screens") } }
      #expect(ambiguities(bound) == ambiguities(expected), "\(context)")
      checked += 1
    }
    #expect(checked == 400)
  }
}

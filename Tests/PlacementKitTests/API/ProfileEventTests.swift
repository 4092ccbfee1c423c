import PlacementKit
import Testing

/// Events applied to a profile built in code (`apply(eventNamed:params:)`) warn as the same events read from a
/// profile's JSON do.
@Suite struct ProfileEventTests {
  @Test func aProfilesEventsAndTheParamsPathWarnToo() throws {
    let json =
      #"{"events":[{"name":"flow_user_input","element_id":"experience","element_type":"single_choice","item_ids":["pro","beginner"]}]}"#
    let profile = try Profile(jsonBytes: Array(json.utf8))
    #expect(
      profile.warnings
        == [
          #"events[0]: event 'experience': single_choice with 2 item_ids ("pro", "beginner"): the first, "pro", is the answer"#
        ])
    var built = Profile()
    built.apply(
      eventNamed: "flow_user_input",
      params: ["element_id": "experience", "element_type": "single_choice", "item_ids": ["pro", "beginner"]])
    #expect(built.warnings == profile.warnings.map { String($0.dropFirst("events[0]: ".count)) })
  }
}

import Foundation
import PlacementKit
import Testing

@testable import PlacementServer

/// OFREP through a real server: the context mapping, the evaluation's fields held to the engine's decision, every
/// error code, and the bulk ETag flow.
@Suite struct OFREPTests {
  static let ruleSet = ServerRouteTests.ruleSet

  static func evaluate(_ server: Server, _ key: String, _ json: String) -> TestClient.Response? {
    TestClient(port: server.port).exchange(TestClient.request("POST", "/ofrep/v1/evaluate/flags/\(key)", json: json))
  }

  @Test func theContextIsAProfileAndTheEvaluationTheDecision() throws {
    let profile = try Profile(
      json: .object([
        "profile_id": .string("u-7"), "app_version": .string("2.4.0"),
        "custom_attributes": .object(["experience": .string("pro")]),
      ]))
    let decision = try Self.ruleSet.resolve("onboarding_end", for: profile)
    try withServer { server in
      let response = try #require(
        Self.evaluate(
          server, "onboarding_end", #"{"context":{"targetingKey":"u-7","app_version":"2.4.0","experience":"pro"}}"#))
      #expect(response.status == 200)
      let json = try #require(response.json as? [String: Any])
      #expect(json["key"] as? String == "onboarding_end")
      #expect(json["value"] as? String == OFREPEvaluation.contentID(decision.content))
      #expect(json["value"] as? String == "pro_onboarding")
      #expect(json["reason"] as? String == "TARGETING_MATCH")
      #expect(json["variant"] as? String == "pro_onboarding")
      let metadata = try #require(json["metadata"] as? [String: Any])
      #expect(metadata["content_type"] as? String == "flow")
      #expect(metadata["audience"] as? String == decision.audience.name)
      #expect(metadata["decision_reason"] as? String == "TARGETING_MATCH")
      #expect(metadata["rules_version"] as? String == Self.ruleSet.version)
      #expect(metadata["test"] == nil)
    }
  }

  /// Every profile of Examples/profiles without events, at every placement: the OFREP value, variant and test
  /// metadata are those of the engine's decision for the same profile.
  @Test func everyExampleProfileGetsTheEnginesContent() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Repository.profiles).filter {
      $0.hasSuffix(".json")
    }
    var compared = 0
    try withServer { server in
      for name in names.sorted() {
        let bytes = try ServerRouteTests.profileBytes(name)
        guard case .object(var members) = try JSONReader.parse(bytes), members["events"] == nil else { continue }
        let profile = try Profile(json: .object(members))
        var context: [String: JSONValue] = ["targetingKey": members.removeValue(forKey: "profile_id")!]
        if case .object(let custom)? = members.removeValue(forKey: "custom_attributes") {
          context.merge(custom) { a, _ in a }
        }
        context.merge(members) { a, _ in a }
        let body = serialized(.object(["context": .object(context)]), sortedKeys: true)
        for placement in Self.ruleSet.placementNames {
          let decision = try Self.ruleSet.resolve(placement, for: profile)
          let json = try #require(Self.evaluate(server, placement, body)?.json as? [String: Any])
          #expect(json["value"] as? String == OFREPEvaluation.contentID(decision.content), "\(name) \(placement)")
          #expect(
            json["variant"] as? String == decision.abTest?.variation ?? OFREPEvaluation.contentID(decision.content))
          let metadata = json["metadata"] as? [String: Any]
          #expect(metadata?["test"] as? String == decision.exposures.last?.test, "\(name) \(placement)")
          #expect(metadata?["bucket"] as? Int == decision.exposures.last?.bucket, "\(name) \(placement)")
          compared += 1
        }
      }
    }
    #expect(compared >= 15)
  }

  @Test(arguments: [
    ("nope", #"{"context":{"targetingKey":"u"}}"#, 404, "FLAG_NOT_FOUND"),
    ("onboarding_end", #"{"context":{"experience":"pro"}}"#, 400, "TARGETING_KEY_MISSING"),
    ("onboarding_end", #"{"context":{"targetingKey":""}}"#, 400, "TARGETING_KEY_MISSING"),
    ("onboarding_end", "", 400, "TARGETING_KEY_MISSING"),
    ("onboarding_end", #"{"context":{"targetingKey":7}}"#, 400, "INVALID_CONTEXT"),
    ("onboarding_end", #"{"context":[1]}"#, 400, "INVALID_CONTEXT"),
    ("onboarding_end", #"{"context":{"targetingKey":"a","profile_id":"b"}}"#, 400, "INVALID_CONTEXT"),
    ("onboarding_end", #"{"context":"#, 400, "PARSE_ERROR"),
    ("onboarding_end", #"[]"#, 400, "PARSE_ERROR"),
  ])
  func errorsHaveTheirOFREPCode(key: String, body: String, status: Int, code: String) throws {
    try withServer { server in
      let response = try #require(Self.evaluate(server, key, body))
      #expect(response.status == status)
      let json = try #require(response.json as? [String: Any])
      #expect(json["key"] as? String == key)
      #expect(json["errorCode"] as? String == code)
      #expect((json["errorDetails"] as? String)?.isEmpty == false)
    }
  }

  @Test func aValueOfTheWrongTypeIsAWarningNotAnError() throws {
    try withServer { server in
      let json = try #require(
        Self.evaluate(
          server, "onboarding_end", #"{"context":{"targetingKey":"u","app_version":7,"experience":"pro"}}"#)?
          .json as? [String: Any])
      let metadata = json["metadata"] as? [String: Any]
      #expect((metadata?["warnings"] as? String)?.contains("app_version") == true)
    }
  }

  @Test func bulkEvaluatesEveryPlacementWithAnETagAnd304() throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      let body = #"{"context":{"targetingKey":"u-9","experience":"beginner"}}"#
      let first = try #require(client.exchange(TestClient.request("POST", "/ofrep/v1/evaluate/flags", json: body)))
      #expect(first.status == 200)
      let flags = (first.json as? [String: Any])?["flags"] as? [[String: Any]]
      #expect(flags?.map { $0["key"] as? String } == Self.ruleSet.placementNames)
      let tag = try #require(first.field("ETag"))
      #expect(tag.hasPrefix("\"\(Self.ruleSet.version)-"))
      let again = try #require(
        client.exchange(
          TestClient.request("POST", "/ofrep/v1/evaluate/flags", json: body, fields: ["If-None-Match: W/\(tag)"])))
      #expect(again.status == 304)
      #expect(again.body.isEmpty)
      #expect(again.field("ETag") == tag)
      let other = try #require(
        client.exchange(
          TestClient.request(
            "POST", "/ofrep/v1/evaluate/flags", json: #"{"context":{"targetingKey":"u-9","experience":"pro"}}"#,
            fields: ["If-None-Match: \(tag)"])))
      #expect(other.status == 200)
      #expect(other.field("ETag") != tag)
      let missing = try #require(client.exchange(TestClient.request("POST", "/ofrep/v1/evaluate/flags", json: #"{}"#)))
      #expect(missing.status == 400)
      #expect((missing.json as? [String: Any])?["errorCode"] as? String == "TARGETING_KEY_MISSING")
      #expect((missing.json as? [String: Any])?["key"] == nil)
    }
  }

  @Test func entityTagsMatchWeaklyInAList() {
    #expect(EntityTag.matches("\"a\", W/\"b\"", "\"b\""))
    #expect(EntityTag.matches(" * ", "\"b\""))
    #expect(!EntityTag.matches("\"a\"", "\"b\""))
    #expect(EntityTag.of(Array("x".utf8), rulesVersion: "v") == "\"v-af63f54c86021707\"")
  }

  /// A yoga fan whose first paywall came before `yoga_offer` started: the exposure's metadata has the test and its
  /// outcome but no variation (the profile is in no arm).
  @Test func aProfileACrossPlacementTestKeptOutHasNoVariationInTheMetadata() throws {
    let profile = try Profile(
      json: .object([
        "profile_id": .string("old"), "installed_at": .string("2026-11-25T09:00:00Z"),
        "first_paywall_at": .string("2026-10-20T12:00:00Z"),
        "custom_attributes": .object(["interests": .array([.string("yoga")])]),
      ]))
    let options = ResolveOptions(now: Instant(iso8601: "2026-12-01T00:00:00Z")!)
    let decision = try Self.ruleSet.resolve("main_paywall", for: profile, options: options)
    var json = JSONWriter()
    OFREPEvaluation.write(decision, rulesVersion: Self.ruleSet.version, to: &json)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
    let metadata = try #require(object["metadata"] as? [String: Any])
    #expect(metadata["test"] as? String == "yoga_offer")
    #expect(metadata["outcome"] as? String == "not_new_user")
    #expect(metadata["variation"] == nil)
    #expect(metadata["bucket"] == nil)
    #expect(object["variant"] as? String == "standard")
  }

  @Test func ourReasonsMapToOpenFeaturesVocabulary() {
    #expect(DecisionReason.allCases.count == 10)
    let mapped = DecisionReason.allCases.map { OFREPEvaluation.reason($0, segment: "x") }
    #expect(
      mapped == [
        "TARGETING_MATCH", "SPLIT", "DISABLED", "SPLIT", "TARGETING_MATCH", "TARGETING_MATCH", "TARGETING_MATCH",
        "STATIC", "DEFAULT", "TARGETING_MATCH",
      ])
    #expect(OFREPEvaluation.reason(.scheduledOut, segment: nil) == "DEFAULT")
    #expect(OFREPEvaluation.reason(.prerequisiteFailed, segment: nil) == "DEFAULT")
  }
}

import Foundation
import PlacementKit
import Testing

@testable import PlacementServer

/// The routes through a real server on 127.0.0.1, their answers held to the engine's own in-process results.
@Suite struct ServerRouteTests {
  static let ruleSet = try! RuleSet.load(directory: Repository.rules).get()

  static func profileBytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: "\(Repository.profiles)/\(name)")))
  }

  @Test func probesAndTheManifestSayWhatIsServed() throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      let health = try #require(client.exchange(TestClient.request("GET", "/healthz")))
      #expect(health.status == 200)
      #expect(health.text == "{\"status\":\"ok\"}\n")
      let ready = try #require(client.exchange(TestClient.request("GET", "/readyz")))
      #expect(ready.status == 200)
      #expect(
        ready.text.hasPrefix(
          "{\"status\":\"ready\",\"rules_version\":\"\(Self.ruleSet.version)\",\"served_from_cache\":false,"
            + "\"staleness_seconds\":"))
      let manifest = try #require(client.exchange(TestClient.request("GET", "/v1/rules"))?.json as? [String: Any])
      #expect(manifest["rules_version"] as? String == Self.ruleSet.version)
      #expect(manifest["placements"] as? [String] == Self.ruleSet.placementNames)
      #expect(manifest["source"] as? String == Repository.rules)
      #expect(manifest["version"] as? Int == 1)
      #expect(manifest["revision"] is NSNull)
      #expect(manifest["served_from_cache"] as? Bool == false)
      #expect(manifest["reloads"] as? Int == 0)
      #expect(manifest["tool_version"] as? String == "test")
      client.send(TestClient.request("HEAD", "/healthz"))
      let head = try #require(client.readResponse(bodyless: true))
      #expect(head.status == 200)
      #expect(head.body.isEmpty)
      #expect(head.field("Content-Length") == "16")
    }
  }

  @Test func resolveAnswersTheDecisionJSONOfTheEngine() throws {
    let body = try Self.profileBytes("lapsed.json")
    let now = Instant(iso8601: "2026-12-01T00:00:00Z")!
    let bound = try Self.ruleSet.bind(jsonBytes: body)
    let expected = Self.ruleSet.placementHandles.map {
      try! Self.ruleSet.resolve($0, for: bound, options: ResolveOptions(now: now, explain: true)).jsonString
    }
    try withServer(options: ServiceOptions(allowNow: true)) { server in
      let client = TestClient(port: server.port)
      let response = try #require(
        client.exchange(TestClient.request("POST", "/v1/resolve?explain=true&now=2026-12-01T00:00:00Z", body: body)))
      #expect(response.status == 200)
      #expect(response.field("Placement-Rules-Version") == Self.ruleSet.version)
      #expect(
        response.text
          == "{\"rules_version\":\"\(Self.ruleSet.version)\",\"decisions\":[\(expected.joined(separator: ","))]}\n")
    }
  }

  @Test func resolveTakesPlacementsInTheOrderAsked() throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      let target = "/v1/resolve?placements=upgrade_prompt,onboarding_end&placements=upgrade_prompt"
      let response = try #require(client.exchange(TestClient.request("POST", target, json: #"{"profile_id":"p"}"#)))
      let decisions = (response.json as? [String: Any])?["decisions"] as? [[String: Any]]
      #expect(decisions?.map { $0["placement"] as? String } == ["upgrade_prompt", "onboarding_end"])
    }
  }

  @Test(arguments: [
    ("/v1/resolve?placements=onboarding_edn", #"{"profile_id":"p"}"#, 404, "unknown-placement"),
    ("/v1/resolve?placement=onboarding_end", #"{"profile_id":"p"}"#, 400, "bad-query"),
    ("/v1/resolve?now=2026-12-01T00:00:00Z", #"{"profile_id":"p"}"#, 400, "bad-query"),
    ("/v1/resolve?explain=maybe", #"{"profile_id":"p"}"#, 400, "bad-query"),
    ("/v1/resolve?placements=%zz", #"{"profile_id":"p"}"#, 400, "bad-query"),
    ("/v1/resolve", #"{"profile_id":"p""#, 400, "invalid-profile"),
    ("/v1/resolve", #"[1]"#, 400, "invalid-profile"),
    ("/v1/nothing", #"{}"#, 404, "not-found"),
  ])
  func resolveRefusesBadRequestsWithTheirCode(target: String, json: String, status: Int, code: String) throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      let response = try #require(client.exchange(TestClient.request("POST", target, json: json)))
      #expect(response.status == status)
      #expect((response.json as? [String: Any])?["code"] as? String == code)
      // The connection stays usable after a refusal.
      #expect(client.exchange(TestClient.request("GET", "/healthz"))?.status == 200)
    }
  }

  @Test func theQueryErrorsSayWhatToDo() throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      let typo = client.exchange(TestClient.request("POST", "/v1/resolve?placement=x", json: "{}"))
      #expect(
        (typo?.json as? [String: Any])?["message"] as? String
          == "unknown query parameter 'placement'; did you mean 'placements'?")
      let invalid = client.exchange(TestClient.request("POST", "/v1/resolve", json: "{\n \"a\" 1}"))
      let error = invalid?.json as? [String: Any]
      #expect(error?["line"] as? Int == 2)
      #expect(error?["column"] as? Int == 6)
    }
  }

  @Test func aWrongMethodIs405WithAllow() throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      let response = try #require(client.exchange(TestClient.request("GET", "/v1/resolve")))
      #expect(response.status == 405)
      #expect(response.field("Allow") == "POST")
    }
  }

  @Test func theBatchStreamsOneLinePerProfileAndPlacementAndReportsBadLines() throws {
    let lines = [
      #"{"profile_id":"b-1","custom_attributes":{"experience":"pro"}}"#, "", #"{"profile_id":"#, "  ",
      #"{"profile_id":"b-2"}"#,
    ]
    let body = Array(lines.joined(separator: "\n").utf8)
    let handle = Self.ruleSet.placementHandle(named: "onboarding_end")!
    let now = Instant(iso8601: "2026-12-01T00:00:00Z")!
    let expected = try [lines[0], lines[4]].map { line in
      try Self.ruleSet.resolve(
        handle, for: Self.ruleSet.bind(jsonBytes: Array(line.utf8)), options: ResolveOptions(now: now)
      )
      .jsonString
    }
    try withServer(options: ServiceOptions(allowNow: true)) { server in
      let client = TestClient(port: server.port)
      let target = "/v1/resolve/batch?placements=onboarding_end&now=2026-12-01T00:00:00Z"
      let response = try #require(client.exchange(TestClient.request("POST", target, body: body)))
      #expect(response.status == 200)
      #expect(response.field("Transfer-Encoding") == "chunked")
      #expect(response.field("Content-Type") == "application/x-ndjson")
      #expect(response.field("Placement-Rules-Version") == Self.ruleSet.version)
      let error = #"{"line":3,"column":15,"error":"invalid JSON: unexpected end of input (expected a value)"}"#
      #expect(response.text == [expected[0], error, expected[1]].map { $0 + "\n" }.joined())
      #expect(client.exchange(TestClient.request("GET", "/healthz"))?.status == 200)
    }
  }

  @Test func anUnknownPlacementInABatchIs404BeforeAnyLine() throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      let response = try #require(
        client.exchange(TestClient.request("POST", "/v1/resolve/batch?placements=x", json: "{}\n")))
      #expect(response.status == 404)
      #expect(client.exchange(TestClient.request("GET", "/healthz"))?.status == 200)
    }
  }

  @Test func metricsCountRequestsDecisionsAndTheRulesServed() throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      for _ in 0..<3 {
        _ = client.exchange(
          TestClient.request("POST", "/v1/resolve?placements=onboarding_end", json: #"{"profile_id":"p"}"#))
      }
      _ = client.exchange(TestClient.request("GET", "/nowhere"))
      let page = try #require(client.exchange(TestClient.request("GET", "/metrics"))).text
      #expect(page.contains("placement_http_requests_total{route=\"/v1/resolve\",status=\"200\"} 3\n"))
      #expect(page.contains("placement_http_requests_total{route=\"other\",status=\"404\"} 1\n"))
      #expect(page.contains("placement_http_request_duration_seconds_count{route=\"/v1/resolve\"} 3\n"))
      #expect(page.contains("placement_http_request_duration_seconds_bucket{route=\"/v1/resolve\",le=\"+Inf\"} 3\n"))
      #expect(page.contains("placement_decisions_total{placement=\"onboarding_end\",reason=\"DEFAULT\"} 3\n"))
      #expect(
        page.contains(
          "placement_rules_info{rules_version=\"\(Self.ruleSet.version)\",revision=\"\",source=\"\(Repository.rules)\"} 1\n"
        ))
      #expect(page.contains("placement_rules_reloads_total 0\n"))
      #expect(page.contains("placement_rules_reload_failures_total 0\n"))
      #expect(page.contains("placement_rules_loaded 1\n"))
      #expect(page.contains("placement_rules_served_from_cache 0\n"))
      #expect(page.contains("placement_http_connections_open 1\n"))
    }
  }
}

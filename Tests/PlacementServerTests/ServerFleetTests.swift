import Foundation
import PlacementKit
import TestSupport
import Testing

@testable import PlacementServer

/// `placement serve` following its rules' source (docs/Fleet.md): a bundle file replaced on disk, a bundle URL
/// on a loopback ``BundleServer``, the cache serving while the URL is down, and a server that starts without rules
/// and becomes ready when the source answers. Every decision names the `rules_version` that made it.
@Suite struct ServerFleetTests {
  static let flag = TestClient.request(
    "POST", "/ofrep/v1/evaluate/flags/main_paywall", json: #"{"context":{"targetingKey":"u-1"}}"#)

  /// A bundle of Rules/ whose last file ends with `suffix`, built with `revision`.
  static func bundle(_ suffix: String, revision: String) throws -> (bytes: [UInt8], version: String) {
    let bundle = try RuleLoading.bundle(
      of: try ServerReloadTests.rulesFolder(suffix), withTests: false, revision: revision, toolVersion: "test"
    )
    return (try bundle.archive(), bundle.rulesVersion)
  }

  static func scratch() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-fleet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.path
  }

  /// The `rules_version` of an OFREP evaluation's metadata.
  static func decidedVersion(_ client: TestClient) -> String? {
    let response = client.exchange(flag)
    return ((response?.json as? [String: Any])?["metadata"] as? [String: Any])?["rules_version"] as? String
  }

  static func manifest(_ client: TestClient) -> [String: Any] {
    client.exchange(TestClient.request("GET", "/v1/rules"))?.json as? [String: Any] ?? [:]
  }

  static func metric(_ client: TestClient, _ sample: String) -> String? {
    let page = client.exchange(TestClient.request("GET", "/metrics"))?.text ?? ""
    return page.split(separator: "\n").first { $0.hasPrefix(sample + " ") }.map {
      String($0.dropFirst(sample.count + 1))
    }
  }

  @Test func aBundleReplacedOnDiskServesAfterAPollAndABrokenOneIsRefused() throws {
    let first = try Self.bundle("# a\n", revision: "1-aaaaaaa")
    let second = try Self.bundle("# b\n", revision: "2-bbbbbbb")
    let path = try Self.scratch() + "/rules.bundle"
    try ServerReloadTests.publish(first.bytes, at: path)
    let rules = ServedRules(source: .bundle(path))
    try rules.load()
    try withServer(serving: rules) { server in
      let client = TestClient(port: server.port)
      #expect(Self.decidedVersion(client) == first.version)
      #expect(server.rules.poll() == nil)
      try ServerReloadTests.publish(second.bytes, at: path)
      #expect(server.rules.poll()?.outcome == .applied)
      #expect(Self.decidedVersion(client) == second.version)
      var corrupt = second.bytes
      corrupt[corrupt.count / 2] ^= 0x20
      try ServerReloadTests.publish(corrupt, at: path)
      #expect(server.rules.poll()?.outcome == .rejected)
      try ServerReloadTests.publish(first.bytes, at: path)
      let older = try #require(server.rules.poll())
      #expect(older.outcome == .rejected)
      #expect(
        older.loadError?.message
          == "'\(path)': bundle revision '1-aaaaaaa' is older than the served revision '2-bbbbbbb'")
      #expect(Self.decidedVersion(client) == second.version)
      let manifest = Self.manifest(client)
      #expect(manifest["rules_version"] as? String == second.version)
      #expect(manifest["revision"] as? String == "2-bbbbbbb")
      #expect(manifest["version"] as? Int == 2)
      #expect(manifest["reloads"] as? Int == 3)
      #expect(manifest["reload_failures"] as? Int == 2)
      #expect(manifest["consecutive_failures"] as? Int == 2)
      #expect(manifest["last_error"] as? String == older.loadError?.message)
      #expect(Self.metric(client, "placement_rules_reloads_total") == "3")
      #expect(Self.metric(client, "placement_rules_reload_failures_total") == "2")
      #expect(Self.metric(client, "placement_rules_consecutive_failures") == "2")
      #expect(
        Self.metric(
          client, "placement_rules_info{rules_version=\"\(second.version)\",revision=\"2-bbbbbbb\",source=\"\(path)\"}")
          == "1")
      #expect(client.exchange(TestClient.request("GET", "/readyz"))?.status == 200)
    }
  }

  @Test func aBundleURLIsFollowedAndItsCacheServesARestartWhileTheURLIsDown() throws {
    let origin = try BundleServer()
    let first = try Self.bundle("# a\n", revision: "1-aaaaaaa")
    let second = try Self.bundle("# b\n", revision: "2-bbbbbbb")
    origin.publish(first.bytes, etag: "\"e1\"")
    let cache = try Self.scratch() + "/cache.bundle"
    let rules = ServedRules(source: .url(origin.url), cache: cache)
    try rules.load()
    try withServer(serving: rules) { server in
      let client = TestClient(port: server.port)
      #expect(Self.decidedVersion(client) == first.version)
      #expect(server.rules.poll() == nil)
      #expect(origin.requests.map { $0["if-none-match"] } == [nil, "\"e1\""])
      origin.publish(second.bytes, etag: "\"e2\"")
      #expect(server.rules.poll()?.outcome == .applied)
      #expect(Self.decidedVersion(client) == second.version)
      #expect(Self.manifest(client)["source"] as? String == origin.url.absoluteString)
      origin.fail(with: 503)
      #expect(server.rules.poll()?.outcome == .rejected)
      #expect(Self.decidedVersion(client) == second.version)
    }
    origin.stop()
    let restarted = ServedRules(source: .url(origin.url), cache: cache)
    try restarted.load()
    try withServer(serving: restarted) { server in
      let client = TestClient(port: server.port)
      #expect(Self.decidedVersion(client) == second.version)
      let ready = try #require(client.exchange(TestClient.request("GET", "/readyz"))?.json as? [String: Any])
      #expect(ready["status"] as? String == "ready")
      #expect(ready["served_from_cache"] as? Bool == true)
      #expect(Self.manifest(client)["revision"] as? String == "2-bbbbbbb")
      #expect(Self.metric(client, "placement_rules_served_from_cache") == "1")
    }
  }

  @Test func withoutRulesTheServerAnswers503UntilTheSourceGivesThem() throws {
    let origin = try BundleServer()
    origin.fail(with: 404)
    let first = try Self.bundle("# a\n", revision: "1-aaaaaaa")
    let rules = ServedRules(source: .url(origin.url), interval: .milliseconds(20))
    #expect(throws: RulesUnavailableError.self) { try rules.load() }
    try withServer(serving: rules) { server in
      let client = TestClient(port: server.port)
      let ready = try #require(client.exchange(TestClient.request("GET", "/readyz")))
      #expect(ready.status == 503)
      let reason = try #require((ready.json as? [String: Any])?["reason"] as? String)
      #expect(reason.hasPrefix("cannot load rules from '\(origin.url.absoluteString)': "))
      let flag = try #require(client.exchange(Self.flag))
      #expect(flag.status == 503)
      #expect(flag.field("Retry-After") == "1")
      #expect((flag.json as? [String: Any])?["errorCode"] as? String == "GENERAL")
      let native = try #require(
        client.exchange(TestClient.request("POST", "/v1/resolve", json: #"{"profile_id":"p"}"#)))
      #expect(native.status == 503)
      #expect((native.json as? [String: Any])?["code"] as? String == "rules-not-loaded")
      #expect(client.exchange(TestClient.request("GET", "/v1/rules"))?.status == 503)
      #expect(Self.metric(client, "placement_rules_loaded") == "0")
      #expect(client.exchange(TestClient.request("GET", "/healthz"))?.status == 200)
      origin.publish(first.bytes, etag: "\"e1\"")
      rules.follow()
      rules.pollNow()
      var waited = 0
      while rules.snapshot == nil, waited < 1_000 {
        usleep(10_000)
        waited += 1
      }
      #expect(client.exchange(TestClient.request("GET", "/readyz"))?.status == 200)
      #expect(Self.decidedVersion(client) == first.version)
      #expect(Self.metric(client, "placement_rules_loaded") == "1")
    }
  }
}

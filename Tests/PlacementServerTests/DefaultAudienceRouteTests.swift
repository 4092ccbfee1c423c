import Foundation
import PlacementKit
import Testing

/// `POST /v1/resolve?default_audience`: every placement decided by its default row.
@Suite struct DefaultAudienceRouteTests {
  @Test func theQueryFlagResolvesTheDefaultRows() throws {
    let body = try ServerRouteTests.profileBytes("lapsed.json")
    try withServer { server in
      let client = TestClient(port: server.port)
      let plain = try #require(
        client.exchange(TestClient.request("POST", "/v1/resolve?placements=main_paywall", body: body)))
      let flagged = try #require(
        client.exchange(
          TestClient.request("POST", "/v1/resolve?placements=main_paywall&default_audience=true", body: body)))
      func content(_ response: TestClient.Response) -> String? {
        let decisions = (response.json as? [String: Any])?["decisions"] as? [[String: Any]]
        return (decisions?.first?["content"] as? [String: Any])?["id"] as? String
      }
      #expect(content(plain) == "winback")
      #expect(flagged.status == 200)
      #expect(content(flagged) == "standard")
      let bad = try #require(
        client.exchange(TestClient.request("POST", "/v1/resolve?default_audience=maybe", body: body)))
      #expect(bad.status == 400)
    }
  }
}

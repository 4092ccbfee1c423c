import PlacementKit
import Testing

@testable import PlacementServer

/// The small parts: query parsing, listen addresses, the bearer check, metric label escaping, the OFREP context.
@Suite struct ServerPartsTests {
  @Test func queriesArePercentDecodedInOrder() throws {
    let query = try #require(Query("placements=a%2Cb&explain&x=1+2&placements=c"))
    #expect(query.parameters.map(\.name) == ["placements", "explain", "x", "placements"])
    #expect(query.values("placements") == ["a,b", "c"])
    #expect(query.values("x") == ["1 2"])
    #expect(query.values("explain") == [""])
    #expect(Query("a=%4") == nil)
    #expect(Query("a=%ff") == nil)
    #expect(Query(nil)?.parameters.isEmpty == true)
    #expect(Route.of(path: "/ofrep/v1/evaluate/flags/main%5Fpaywall") == (.ofrepFlag, "main_paywall"))
    #expect(Route.of(path: "/ofrep/v1/evaluate/flags/a/b").0 == .other)
  }

  @Test func listenAddressesAreIPAddressesWithAPort() {
    #expect(ListenAddress("127.0.0.1:8080")?.description == "127.0.0.1:8080")
    #expect(ListenAddress("localhost:0")?.host == "127.0.0.1")
    #expect(ListenAddress("[::1]:80")?.isIPv6 == true)
    #expect(ListenAddress("[::1]:80")?.isLoopback == true)
    #expect(ListenAddress("127.1.2.3:80")?.isLoopback == true)
    #expect(ListenAddress("0.0.0.0:80")?.isLoopback == false)
    #expect(ListenAddress("[::]:80")?.isLoopback == false)
    #expect(ListenAddress("10.0.0.1:80")?.isLoopback == false)
    for bad in ["example.com:80", "127.0.0.1", "127.0.0.1:65536", "127.0.0.1:-1", "[::1:80", "::1:80", "1.2.3.4:8a"] {
      #expect(ListenAddress(bad) == nil, "\(bad)")
    }
  }

  @Test func theBearerCheckWantsTheWholeToken() {
    #expect(BearerToken.authorizes("Bearer abc", token: "abc"))
    #expect(BearerToken.authorizes("BEARER  abc", token: "abc"))
    #expect(!BearerToken.authorizes("Bearer abcd", token: "abc"))
    #expect(!BearerToken.authorizes("Bearer ab", token: "abc"))
    #expect(!BearerToken.authorizes("Basic abc", token: "abc"))
    #expect(!BearerToken.authorizes(nil, token: "abc"))
  }

  @Test func metricLabelsAreEscaped() {
    #expect(MetricsPage.escaped("a\"b\\c\nd") == #"a\"b\\c\nd"#)
    #expect(MetricsPage.number(0.00025) == "0.00025")
    #expect(MetricsPage.number(2) == "2")
  }

  @Test func theContextSplitsIntoBuiltInAndCustomAttributes() throws {
    let context: [String: JSONValue] = [
      "targetingKey": .string("u1"), "country": .string("DE"), "experience": .string("pro"),
      "profile_id": .string("u1"), "interests": .array([.string("yoga")]),
    ]
    let json = try OFREPContext.profile(fromContext: context).get()
    #expect(
      String(decoding: json, as: UTF8.self)
        == #"{"country":"DE","custom_attributes":{"experience":"pro","interests":["yoga"]},"profile_id":"u1"}"#)
    let profile = try Profile(jsonBytes: json)
    #expect(profile.profileID == "u1")
    #expect(profile.builtins == ["profile_id": .string("u1"), "country": .string("DE")])
    #expect(profile.customAttributes == ["experience": .string("pro"), "interests": .array([.string("yoga")])])
    #expect(profile.warnings == [])
  }

  @Test func httpDatesAreRFC9110() {
    #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
  }
}

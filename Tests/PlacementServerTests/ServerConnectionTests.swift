import Foundation
import PlacementKit
import Testing

@testable import PlacementServer

/// The transport: keep-alive, pipelining, limits, timeouts, the connection limit, the token, a client that goes
/// away, and the drain on shutdown. No test sleeps: each waits on a socket read bounded by the client's timeout.
@Suite struct ServerConnectionTests {
  @Test func pipelinedRequestsAreAnsweredInOrderOnOneConnection() throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      var batch: [UInt8] = []
      for placement in ["upgrade_prompt", "onboarding_end", "main_paywall"] {
        batch += TestClient.request("POST", "/v1/resolve?placements=\(placement)", json: #"{"profile_id":"p"}"#)
      }
      batch += TestClient.request("GET", "/healthz")
      client.send(batch)
      var order: [String] = []
      for _ in 0..<3 {
        let decisions = (client.readResponse()?.json as? [String: Any])?["decisions"] as? [[String: Any]]
        order.append(decisions?.first?["placement"] as? String ?? "?")
      }
      #expect(order == ["upgrade_prompt", "onboarding_end", "main_paywall"])
      #expect(client.readResponse()?.status == 200)
    }
  }

  /// More pipelined requests than one turn answers, sent before reading any response: all are answered.
  @Test func aLongPipelineIsAnsweredWhole() throws {
    try withServer(threads: 1) { server in
      let client = TestClient(port: server.port)
      let count = Connection.requestsPerTurn * 3 + 5
      client.send((0..<count).flatMap { _ in TestClient.request("GET", "/healthz") })
      var answered = 0
      while answered < count, client.readResponse()?.status == 200 { answered += 1 }
      #expect(answered == count)
    }
  }

  @Test func aConnectionCloseRequestIsAnsweredThenClosed() throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      let response = client.exchange(TestClient.request("GET", "/healthz", fields: ["Connection: close"]))
      #expect(response?.field("Connection") == "close")
      #expect(client.isClosedByServer())
    }
  }

  @Test(arguments: [
    ("GET /healthz HTTP/1.1\r\nHost: h\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n", 431),
    ("GET /\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\n\r\n", 414),
    ("POST /v1/resolve HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 411),
    ("POST /v1/resolve HTTP/1.1\r\nHost: h\r\n\r\n", 411),
    ("GARBAGE\r\n\r\n", 400),
    ("GET / HTTP/3.0\r\nHost: h\r\n\r\n", 505),
  ])
  func malformedRequestsGetTheirStatusAndTheConnectionCloses(request: String, status: Int) throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      let response = try #require(client.exchange(Array(request.utf8)))
      #expect(response.status == status)
      #expect(response.field("Connection") == "close")
      #expect(client.isClosedByServer())
    }
  }

  @Test func aBodyOverTheLimitIs413BeforeItIsRead() throws {
    try withServer(options: ServiceOptions(maxBodyBytes: 1_000)) { server in
      let client = TestClient(port: server.port)
      client.send("POST /v1/resolve HTTP/1.1\r\nHost: h\r\nContent-Length: 5000000\r\n\r\n")
      let response = try #require(client.readResponse())
      #expect(response.status == 413)
      #expect(
        (response.json as? [String: Any])?["message"] as? String
          == "the request body of 5000000 bytes is over the limit of 1000 bytes")
    }
  }

  @Test func expectContinueGetsA100BeforeTheBody() throws {
    try withServer { server in
      let client = TestClient(port: server.port)
      client.send("POST /v1/resolve HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
      client.send("{}")
      #expect(client.readResponse()?.status == 200)
    }
  }

  /// A client that sends a byte at a time and never finishes gets 408 at the read timeout, then is closed.
  @Test func aSlowClientIsDroppedAtTheReadTimeout() throws {
    try withServer(configure: { $0.readTimeout = 0.3 }) { server in
      let client = TestClient(port: server.port)
      client.send("GET /hea")
      let response = try #require(client.readResponse())
      #expect(response.status == 408)
      #expect(client.isClosedByServer())
      let page = TestClient(port: server.port).exchange(TestClient.request("GET", "/metrics"))?.text ?? ""
      #expect(page.contains("placement_http_connections_timed_out_total 1\n"))
    }
  }

  /// A body that stops arriving is a slow client too.
  @Test func aStalledBodyIsDroppedAtTheReadTimeout() throws {
    try withServer(configure: { $0.readTimeout = 0.3 }) { server in
      let client = TestClient(port: server.port)
      client.send("POST /v1/resolve HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n{")
      let response = try #require(client.readResponse())
      #expect(response.status == 408)
      #expect(
        (response.json as? [String: Any])?["message"] as? String
          == "the request arrived too slowly (read timeout 0.3 s)")
      #expect(client.isClosedByServer())
    }
  }

  /// A batch whose body the server reads more slowly than the read timeout (it resolves as it reads) is not the
  /// client's delay: every line is answered. The timeout (1 s) is well under the debug build's time to resolve the
  /// 60,000 lines, and well over a loaded machine's pause between the client's writes.
  @Test func aBatchReadSlowlyByTheServerIsNotTimedOut() throws {
    let line =
      Array(#"{"profile_id":"p","custom_attributes":{"experience":"pro","interests":["music"]}}"#.utf8) + [0x0A]
    let count = 60_000
    let body = [[UInt8]](repeating: line, count: count).flatMap { $0 }
    try withServer(threads: 1, configure: { $0.readTimeout = 1 }) { server in
      // The client waits long enough for a loaded shared machine; only the server's read timeout is under test.
      let client = TestClient(port: server.port, timeout: 600)
      client.send(TestClient.request("POST", "/v1/resolve/batch?placements=onboarding_end", body: body))
      let response = try #require(client.readResponse())
      #expect(response.body.filter { $0 == 0x0A }.count == count)
    }
  }

  @Test func anIdleConnectionIsClosedAtTheIdleTimeout() throws {
    try withServer(configure: { $0.idleTimeout = 0.3 }) { server in
      let client = TestClient(port: server.port)
      #expect(client.exchange(TestClient.request("GET", "/healthz"))?.status == 200)
      #expect(client.isClosedByServer())
    }
  }

  @Test func overTheConnectionLimitAClientGets503() throws {
    try withServer(configure: { $0.maxConnections = 2 }) { server in
      let first = TestClient(port: server.port)
      let second = TestClient(port: server.port)
      #expect(first.exchange(TestClient.request("GET", "/healthz"))?.status == 200)
      #expect(second.exchange(TestClient.request("GET", "/healthz"))?.status == 200)
      let third = TestClient(port: server.port)
      #expect(third.readResponse()?.status == 503)
      #expect(third.isClosedByServer())
      #expect(first.exchange(TestClient.request("GET", "/healthz"))?.status == 200)
    }
  }

  @Test func aTokenIsRequiredEverywhereButTheProbes() throws {
    try withServer(options: ServiceOptions(token: "s3cret")) { server in
      let client = TestClient(port: server.port)
      let refused = try #require(client.exchange(TestClient.request("GET", "/v1/rules")))
      #expect(refused.status == 401)
      #expect(refused.field("WWW-Authenticate") == "Bearer")
      #expect(
        client.exchange(TestClient.request("GET", "/v1/rules", fields: ["Authorization: Bearer s3cre"]))?.status == 401)
      #expect(
        client.exchange(TestClient.request("GET", "/v1/rules", fields: ["Authorization: bearer s3cret"]))?.status == 200
      )
      let body = TestClient.request("POST", "/v1/resolve", json: "{}")
      #expect(client.exchange(body)?.status == 401)
      #expect(client.exchange(TestClient.request("GET", "/healthz"))?.status == 200)
      #expect(client.exchange(TestClient.request("GET", "/readyz"))?.status == 200)
    }
  }

  /// A client that asks for a large batch and leaves after the first bytes does not disturb the server.
  @Test func aClientLeavingMidResponseLeavesTheServerServing() throws {
    let line = Array(#"{"profile_id":"p","custom_attributes":{"experience":"pro"}}"#.utf8) + [0x0A]
    let body = [[UInt8]](repeating: line, count: 20_000).flatMap { $0 }
    try withServer { server in
      for _ in 0..<3 {
        let client = TestClient(port: server.port)
        client.send(TestClient.request("POST", "/v1/resolve/batch", body: body))
        var byte: UInt8 = 0
        #expect(recv(client.descriptor, &byte, 1, 0) == 1)
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(client.descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
      }
      #expect(TestClient(port: server.port).exchange(TestClient.request("GET", "/healthz"))?.status == 200)
    }
  }

  /// A client that sends a whole batch before reading anything (as most HTTP clients do) gets every line: the
  /// server reads the rest of the body while the first decisions wait for the client.
  @Test func aBatchSentWholeBeforeAnyReadIsAnsweredWhole() throws {
    let pad = String(repeating: "x", count: 1_000)
    let line = Array(#"{"profile_id":"p","custom_attributes":{"pad":"\#(pad)"}}"#.utf8) + [0x0A]
    let count = 8_000
    let body = [[UInt8]](repeating: line, count: count).flatMap { $0 }
    try withServer { server in
      let client = TestClient(port: server.port, timeout: 60)
      client.send(TestClient.request("POST", "/v1/resolve/batch?placements=onboarding_end", body: body))
      let response = try #require(client.readResponse())
      #expect(response.status == 200)
      #expect(response.body.filter { $0 == 0x0A }.count == count)
    }
  }

  /// Many connections opened and dropped at once (some mid-request): the server answers afterwards and closes
  /// every one of them.
  @Test func connectionsOpenedAndDroppedLeaveNothingOpen() throws {
    try withServer { server in
      for round in 0..<4 {
        var clients: [TestClient] = []
        for index in 0..<100 {
          let client = TestClient(port: server.port)
          if index % 3 == 0 { client.send("POST /v1/resolve HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n{") }
          if index % 3 == 1 { client.send("GET /healthz HTTP/1.1\r\nHo") }
          clients.append(client)
        }
        clients.removeAll()
        let probe = TestClient(port: server.port)
        #expect(probe.exchange(TestClient.request("GET", "/healthz"))?.status == 200, "round \(round)")
      }
      // The server sees the closes in its own time: poll its count, boundedly, through its own route.
      var open = Int.max
      for _ in 0..<2_000 where open > 1 {
        let page = TestClient(port: server.port).exchange(
          TestClient.request("GET", "/metrics", fields: ["Connection: close"]))
        open =
          page?.text.split(separator: "\n").first { $0.hasPrefix("placement_http_connections_open ") }
          .flatMap { Int($0.split(separator: " ")[1]) } ?? Int.max
      }
      #expect(open <= 1)
    }
  }

  /// A shutdown closes idle connections, answers the request in flight with `Connection: close`, and ends.
  @Test func aShutdownFinishesTheRequestInFlight() throws {
    var configuration = ServerConfiguration(address: ListenAddress("127.0.0.1:0")!, threads: 1)
    configuration.readTimeout = 30
    let server = try Server(
      configuration: configuration, rules: loadedRules(Repository.rules), options: ServiceOptions())
    server.start()
    let idle = TestClient(port: server.port)
    #expect(idle.exchange(TestClient.request("GET", "/healthz"))?.status == 200)
    let busy = TestClient(port: server.port)
    let request = TestClient.request("POST", "/v1/resolve", json: #"{"profile_id":"late"}"#)
    busy.send(Array(request.dropLast(5)))
    // The head is read once the server has answered another request of the same loop after it.
    #expect(
      TestClient(port: server.port).exchange(TestClient.request("GET", "/healthz", fields: ["Connection: close"]))?
        .status == 200)
    server.shutdown(within: 20)
    #expect(idle.isClosedByServer())
    busy.send(Array(request.suffix(5)))
    let response = try #require(busy.readResponse())
    #expect(response.status == 200)
    #expect(response.field("Connection") == "close")
    #expect(busy.isClosedByServer())
    server.wait()
    #expect(server.openConnections == 0)
  }
}

import Testing

@testable import PlacementServer

/// The decoder over whole streams: heads, bodies and pipelined requests, every malformed case with its status,
/// the limits, and the same events however the bytes are split.
@Suite struct HTTPRequestDecoderTests {
  /// One decoded request (its head and body), or the error that ended the stream.
  enum Decoded: Equatable {
    case request(HTTPRequestHead, body: [UInt8])
    case failed(status: Int, code: String)
  }

  /// Decodes `text` fed in pieces of `piece` bytes (0: all at once), as a connection would.
  static func decode(_ text: String, piece: Int = 0, limits: HTTPLimits = HTTPLimits()) -> [Decoded] {
    decode(Array(text.utf8), piece: piece, limits: limits)
  }

  static func decode(_ bytes: [UInt8], piece: Int = 0, limits: HTTPLimits = HTTPLimits()) -> [Decoded] {
    var decoder = HTTPRequestDecoder(limits: limits)
    var buffered: [UInt8] = []
    var results: [Decoded] = []
    var head: HTTPRequestHead?
    var body: [UInt8] = []
    var fed = 0
    while true {
      let step = piece == 0 ? bytes.count : piece
      if fed < bytes.count {
        buffered += bytes[fed..<min(bytes.count, fed + step)]
        fed = min(bytes.count, fed + step)
      }
      var progressed = false
      while let (event, consumed) = buffered.withUnsafeBufferPointer({ decoder.next($0) }) {
        progressed = true
        switch event {
        case .head(let value): head = value
        case .body(let range): body += buffered[range]
        case .end:
          results.append(.request(head!, body: body))
          head = nil
          body = []
        case .failed(let error):
          results.append(.failed(status: error.status, code: error.code))
          return results
        }
        buffered.removeFirst(consumed)
      }
      if fed == bytes.count, !progressed { return results }
    }
  }

  static func head(_ results: [Decoded], _ index: Int = 0) -> HTTPRequestHead? {
    guard results.indices.contains(index), case .request(let head, _) = results[index] else { return nil }
    return head
  }

  @Test func aGetRequestGivesItsLineFieldsAndFraming() throws {
    let results = Self.decode("GET /v1/rules?x=1 HTTP/1.1\r\nHost: a\r\nAccept:  text/plain \r\n\r\n")
    let head = try #require(Self.head(results))
    #expect(head.method == "GET")
    #expect(head.target == "/v1/rules?x=1")
    #expect(head.path == "/v1/rules")
    #expect(head.query == "x=1")
    #expect(head.minorVersion == 1)
    #expect(head.fields == [.init(name: "Host", value: "a"), .init(name: "Accept", value: "text/plain")])
    #expect(head.field("accept") == "text/plain")
    #expect(head.contentLength == 0)
    #expect(head.keepAlive)
    #expect(!head.expectsContinue)
    #expect(results.count == 1)
  }

  @Test func aPostBodyIsExactlyContentLengthBytes() {
    let results = Self.decode("POST /v1/resolve HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET")
    guard case .request(let head, let body) = results.first else { return #expect(Bool(false)) }
    #expect(head.contentLength == 5)
    #expect(body == Array("hello".utf8))
    #expect(results.count == 1)
  }

  @Test func pipelinedRequestsComeOutInOrder() {
    let text =
      "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nabGET /b HTTP/1.1\r\nHost: h\r\n\r\n"
      + "POST /c HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\n\r\nz"
    let results = Self.decode(text)
    #expect(results.count == 3)
    #expect(results.map { Self.head([$0])?.path } == ["/a", "/b", "/c"])
    guard case .request(_, let first) = results[0], case .request(_, let third) = results[2] else {
      return #expect(Bool(false))
    }
    #expect(first == Array("ab".utf8))
    #expect(third == Array("z".utf8))
  }

  @Test(arguments: [1, 2, 3, 7, 64])
  func anySplitGivesTheSameEvents(piece: Int) {
    let text =
      "\r\nPOST /v1/resolve?explain=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\nConnection: close\r\n\r\n"
      + "{\"a\":true}\nGET /healthz HTTP/1.0\r\n\r\n"
    #expect(Self.decode(text, piece: piece) == Self.decode(text))
    #expect(Self.decode(text).count == 2)
  }

  @Test func emptyLinesBeforeTheRequestLineAreSkipped() {
    #expect(Self.head(Self.decode("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n"))?.path == "/")
  }

  @Test func connectionPersistenceFollowsTheVersionAndConnectionField() {
    #expect(Self.head(Self.decode("GET / HTTP/1.1\r\nHost: h\r\nConnection: Close\r\n\r\n"))?.keepAlive == false)
    #expect(Self.head(Self.decode("GET / HTTP/1.0\r\n\r\n"))?.keepAlive == false)
    #expect(Self.head(Self.decode("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"))?.keepAlive == true)
    #expect(
      Self.head(Self.decode("GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade, close\r\n\r\n"))?.keepAlive == false)
  }

  @Test func absoluteFormTargetsGiveTheirPathAndQuery() {
    #expect(Self.head(Self.decode("GET http://h:80/v1/rules?a HTTP/1.1\r\nHost: h\r\n\r\n"))?.path == "/v1/rules")
    #expect(Self.head(Self.decode("GET HTTPS://h?q=1 HTTP/1.1\r\nHost: h\r\n\r\n"))?.query == "q=1")
    #expect(Self.head(Self.decode("GET http://h HTTP/1.1\r\nHost: h\r\n\r\n"))?.path == "/")
  }

  @Test func expectContinueIsReadAndOtherExpectationsAre417() {
    let head = Self.head(
      Self.decode("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\nContent-Length: 1\r\n\r\nx"))
    #expect(head?.expectsContinue == true)
    #expect(
      Self.decode("POST / HTTP/1.1\r\nHost: h\r\nExpect: teapot\r\nContent-Length: 1\r\n\r\nx")
        == [.failed(status: 417, code: "expectation-failed")])
  }

  /// Each malformed head, with the status and code it gets.
  @Test(arguments: [
    ("GET / HTTP/1.1\nHost: h\r\n\r\n", 400, "bare-line-feed"),
    ("GET / HTTP/1.1\r\nHost: h\rX: y\r\n\r\n", 400, "bare-carriage-return"),
    ("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", 400, "obsolete-line-folding"),
    ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400, "malformed-header"),
    ("GET / HTTP/1.1\r\nNo colon\r\n\r\n", 400, "malformed-header"),
    ("GET / HTTP/1.1\r\nHost: h\r\nX: a\u{1}b\r\n\r\n", 400, "malformed-header"),
    ("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", 400, "malformed-request-line"),
    ("GET / HTTP/1.1 extra\r\nHost: h\r\n\r\n", 400, "malformed-request-line"),
    ("GET /\r\nHost: h\r\n\r\n", 400, "malformed-request-line"),
    ("G(T / HTTP/1.1\r\nHost: h\r\n\r\n", 400, "malformed-request-line"),
    ("\u{16}\u{3}\u{1}junk", 400, "malformed-request-line"),
    ("GET v1/rules HTTP/1.1\r\nHost: h\r\n\r\n", 400, "malformed-target"),
    ("GET /a\u{7F} HTTP/1.1\r\nHost: h\r\n\r\n", 400, "malformed-target"),
    ("GET / HTTP/1.x\r\nHost: h\r\n\r\n", 400, "malformed-version"),
    ("GET / http/1.1\r\nHost: h\r\n\r\n", 400, "malformed-version"),
    ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505, "version-not-supported"),
    ("GET / HTTP/1.1\r\n\r\n", 400, "missing-host"),
    ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "missing-host"),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1x\r\n\r\n", 400, "malformed-content-length"),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", 400, "malformed-content-length"),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1, 1\r\n\r\n", 400, "malformed-content-length"),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400, "malformed-content-length"),
    (
      "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400,
      "length-and-transfer-encoding"
    ),
    ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", 411, "chunked-body"),
    ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", 400, "transfer-encoding"),
    ("POST / HTTP/1.1\r\nHost: h\r\n\r\n", 411, "length-required"),
  ])
  func malformedHeadsGetTheirStatus(text: String, status: Int, code: String) {
    #expect(Self.decode(text) == [.failed(status: status, code: code)])
    #expect(Self.decode(text, piece: 1) == [.failed(status: status, code: code)])
  }

  @Test func twoEqualContentLengthsAreOneAndAHugeOneIsRefusedByAnyLimit() {
    let twice = Self.decode("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 02\r\n\r\nab")
    #expect(Self.head(twice)?.contentLength == 2)
    var decoder = HTTPRequestDecoder()
    let huge = Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n".utf8)
    let event = huge.withUnsafeBufferPointer { decoder.next($0)?.event }
    guard case .head(let head)? = event else { return #expect(Bool(false)) }
    #expect(head.contentLength == Int.max)
  }

  @Test func theHeadLimitCountsEveryByteUpToTheEmptyLine() {
    let head = "GET / HTTP/1.1\r\nHost: h\r\n\r\n"
    let exact = HTTPLimits(maxHeaderBytes: head.utf8.count)
    #expect(Self.head(Self.decode(head, limits: exact)) != nil)
    let under = HTTPLimits(maxHeaderBytes: head.utf8.count - 1)
    #expect(Self.decode(head, limits: under) == [.failed(status: 431, code: "header-too-large")])
    let longLine = "GET /" + String(repeating: "a", count: 300) + " HTTP/1.1\r\n"
    #expect(
      Self.decode(longLine, limits: HTTPLimits(maxHeaderBytes: 256)) == [.failed(status: 414, code: "target-too-long")])
  }

  /// A head that never ends is refused as soon as it passes the limit, not when (if ever) it ends.
  @Test func anEndlessHeadIsRefusedAtTheLimit() {
    var decoder = HTTPRequestDecoder(limits: HTTPLimits(maxHeaderBytes: 1_024))
    var buffered = Array("GET / HTTP/1.1\r\nHost: h\r\n".utf8)
    var event: HTTPRequestDecoder.Event?
    for _ in 0..<200 where event == nil {
      buffered += Array("X-Filler: 0123456789\r\n".utf8)
      event = buffered.withUnsafeBufferPointer { decoder.next($0)?.event }
    }
    #expect(event == .failed(HTTPError.headTooLarge(1_024)))
    #expect(buffered.count < 1_100)
  }

  @Test func theFieldCountLimitIsExact() {
    let fields = (0..<5).map { "X-\($0): v\r\n" }.joined()
    let text = "GET / HTTP/1.1\r\nHost: h\r\n\(fields)\r\n"
    #expect(Self.head(Self.decode(text, limits: HTTPLimits(maxHeaderCount: 6))) != nil)
    #expect(
      Self.decode(text, limits: HTTPLimits(maxHeaderCount: 5)) == [.failed(status: 431, code: "too-many-headers")])
  }

  @Test func betweenRequestsIsTrueOnlyBeforeAHeadStarts() {
    var decoder = HTTPRequestDecoder()
    #expect(decoder.isBetweenRequests)
    let partial = Array("GET / HT".utf8)
    #expect(partial.withUnsafeBufferPointer { decoder.next($0) } == nil)
    #expect(!decoder.isBetweenRequests)
  }
}

import Foundation
import PlacementKit
import Testing

@testable import PlacementLSP

@Suite struct LSPProtocolTests {
  func frame(_ json: String) -> [UInt8] { Array("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8) }

  @Test func framerReassemblesSplitMessagesAndReadsTwoInOneChunk() {
    var framer = MessageFramer()
    let first = frame(#"{"a":1}"#)
    framer.append(first[0..<10])
    #expect(framer.next() == nil)
    framer.append(first[10...] + frame(#"{"b":"é"}"#))
    #expect(framer.next() == .body(Array(#"{"a":1}"#.utf8)))
    #expect(framer.next() == .body(Array(#"{"b":"é"}"#.utf8)))
    #expect(framer.next() == nil)
  }

  @Test func framerReportsABadHeaderAndResynchronises() {
    var framer = MessageFramer()
    framer.append(Array("Content-Type: x\r\n\r\n".utf8) + frame("{}"))
    #expect(framer.next() == .badHeader("missing or invalid Content-Length header"))
    #expect(framer.next() == .body(Array("{}".utf8)))
    var huge = MessageFramer()
    huge.append(Array(repeating: UInt8(ascii: "x"), count: MessageFramer.maxHeaderBytes + 1))
    #expect(huge.next() == .badHeader("header block longer than 8192 bytes"))
  }

  @Test func framerSkipsAnUnusableLengthToTheNextContentLength() {
    // The body after a bad length is not read as a header: the next message is the next `Content-Length:`.
    for (value, reason) in [
      ("abc", "invalid Content-Length 'abc': expected a byte count"),
      ("-5", "invalid Content-Length '-5': expected a byte count"),
      ("99999999999999999999", "invalid Content-Length '99999999999999999999': expected a byte count"),
    ] {
      var framer = MessageFramer()
      framer.append(Array("Content-Length: \(value)\r\n\r\n{\"lost\":1}".utf8) + frame(#"{"a":1}"#) + frame("{}"))
      #expect(framer.next() == .badHeader(reason))
      #expect(framer.next() == .body(Array(#"{"a":1}"#.utf8)))
      #expect(framer.next() == .body(Array("{}".utf8)))
      #expect(framer.next() == nil)
    }
    // Headers ended by bare `\n`: the message names only the value's first line.
    var bare = MessageFramer()
    bare.append(Array("Content-Length: 8\n\n{\"a\": 1}".utf8) + frame("{}"))
    #expect(bare.next() == .badHeader("invalid Content-Length '8': expected a byte count"))
    #expect(bare.next() == .body(Array("{}".utf8)))
  }

  @Test func framerRefusesAnOversizedBodyWithoutBufferingIt() {
    var framer = MessageFramer()
    framer.append(Array("Content-Length: \(MessageFramer.maxBodyBytes + 1)\r\n\r\n".utf8))
    #expect(framer.next() == .badHeader("Content-Length 67108865 is over the limit of 67108864 bytes"))
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
    for _ in 0..<64 {
      framer.append(chunk)
      #expect(framer.next() == nil)
    }
    #expect(framer.bufferedBytes < 16)
    // A `Content-Length:` split across two reads is still found (in any case).
    framer.append(Array("CONTENT-LEN".utf8))
    #expect(framer.next() == nil)
    framer.append(Array("GTH: 2\r\n\r\n{}".utf8))
    #expect(framer.next() == .body(Array("{}".utf8)))
  }

  func server() -> LanguageServer { LanguageServer(clock: { 0 }) }

  func errorCode(_ server: LanguageServer, _ body: String) -> [Double?] {
    server.receive(Array(body.utf8))
    return server.takeOutgoing().map { message in
      if case .number(let code)? = message[path: "error.code"] { return code }
      return nil
    }
  }

  @Test func requestsBeforeInitializeAreRefusedAndNotificationsDropped() {
    let s = server()
    #expect(errorCode(s, #"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#) == [-32002])
    #expect(errorCode(s, #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}"#) == [])
  }

  @Test func malformedMessagesGetErrorResponses() {
    let s = server()
    #expect(errorCode(s, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#) == [nil])
    #expect(errorCode(s, "{not json") == [-32700])
    #expect(errorCode(s, "[1,2]") == [-32600])
    #expect(errorCode(s, #"{"id":3,"method":"shutdown"}"#) == [-32600])
    #expect(errorCode(s, #"{"jsonrpc":"2.0","id":4,"method":7}"#) == [-32600])
    #expect(errorCode(s, #"{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}"#) == [-32600])
    #expect(errorCode(s, #"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{}}"#) == [-32602])
    #expect(errorCode(s, #"{"jsonrpc":"2.0","id":"six","method":"no/such"}"#) == [-32601])
    #expect(errorCode(s, #"{"jsonrpc":"2.0","method":"no/such/notification"}"#) == [])
    #expect(errorCode(s, #"{"jsonrpc":"2.0","id":7,"method":"initialize","params":{}}"#) == [-32600])
    // The error response echoes the id exactly, string or number.
    s.receive(Array(#"{"jsonrpc":"2.0","id":"six","method":"no/such"}"#.utf8))
    #expect(s.takeOutgoing().first?["id"] == .string("six"))
  }

  /// A notification's method with an `id` is a request the method cannot answer: InvalidRequest saying so, not
  /// "unknown method", in every state; the notification is not applied.
  @Test func aNotificationSentAsARequestIsAnInvalidRequest() {
    let s = server()
    func reply(_ body: String) -> JSONValue? {
      s.receive(Array(body.utf8))
      return s.takeOutgoing().first
    }
    let early = reply(#"{"jsonrpc":"2.0","id":1,"method":"initialized","params":{}}"#)
    #expect(early?[path: "error.code"] == -32600)
    #expect(early?[path: "error.message"] == "'initialized' is a notification: send it without an 'id'")
    _ = reply(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}"#)
    let change = reply(#"{"jsonrpc":"2.0","id":4,"method":"textDocument/didChange"}"#)
    #expect(
      change == [
        "jsonrpc": "2.0", "id": 4,
        "error": [
          "code": -32600, "message": "'textDocument/didChange' is a notification: send it without an 'id'",
        ],
      ])
    // An open sent as a request opens nothing.
    let open = reply(
      #"{"jsonrpc":"2.0","id":5,"method":"textDocument/didOpen","params":{"textDocument":{"uri":"untitled:a","languageId":"placement","version":1,"text":"segment a = age > 1"}}}"#
    )
    #expect(open?[path: "error.code"] == -32600)
    #expect(s.workspace.open["untitled:a"] == nil)
    _ = reply(#"{"jsonrpc":"2.0","id":6,"method":"shutdown"}"#)
    let exit = reply(#"{"jsonrpc":"2.0","id":7,"method":"exit"}"#)
    #expect(exit?[path: "error.message"] == "'exit' is a notification: send it without an 'id'")
    #expect(s.exitCode == nil)
  }

  @Test func shutdownThenExitEndsWithStatusZero() {
    let s = server()
    _ = errorCode(s, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
    #expect(errorCode(s, #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#) == [nil])
    #expect(errorCode(s, #"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{}}"#) == [-32600])
    #expect(s.exitCode == nil)
    _ = errorCode(s, #"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(s.exitCode == 0)
  }

  @Test func exitWithoutShutdownEndsWithStatusOne() {
    let s = server()
    _ = errorCode(s, #"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(s.exitCode == 1)
  }

  @Test func aCancelledRequestIsAnsweredWithRequestCancelled() {
    let s = server()
    _ = errorCode(s, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
    _ = errorCode(s, #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#)
    #expect(errorCode(s, #"{"jsonrpc":"2.0","id":2,"method":"workspace/symbol","params":{"query":""}}"#) == [-32800])
    #expect(errorCode(s, #"{"jsonrpc":"2.0","id":3,"method":"workspace/symbol","params":{"query":""}}"#) == [nil])
  }

  @Test func positionEncodingIsNegotiated() {
    let utf8 = LSPTestClient(root: nil, encodings: ["utf-8", "utf-16"])
    #expect(utf8.server.workspace.encoding == .utf8)
    let utf16 = LSPTestClient(root: nil, encodings: ["utf-32"])
    #expect(utf16.server.workspace.encoding == .utf16)
    let s = server()
    s.receive(
      Array(
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":["utf-8"]}}}}"#
          .utf8))
    #expect(s.takeOutgoing().first?[path: "result.capabilities.positionEncoding"] == "utf-8")
  }

  @Test func lineIndexCountsUTF16UnitsAndUTF8Bytes() {
    let text = Array("a😀é=b\r\nx".utf8)
    let utf16 = LineIndex(text, encoding: .utf16)
    // 'a' 1 unit, 😀 2 units, 'é' 1 unit: '=' is at character 4, byte 7.
    #expect(utf16.position(of: 7) == LSPPosition(line: 0, character: 4))
    #expect(utf16.offset(of: LSPPosition(line: 0, character: 4)) == 7)
    // Past the end of a line clamps to the line's end (before \r\n); past the last line to the end.
    #expect(utf16.offset(of: LSPPosition(line: 0, character: 99)) == 9)
    #expect(utf16.offset(of: LSPPosition(line: 1, character: 0)) == 11)
    #expect(utf16.offset(of: LSPPosition(line: 7, character: 0)) == 12)
    let utf8 = LineIndex(text, encoding: .utf8)
    #expect(utf8.position(of: 7) == LSPPosition(line: 0, character: 7))
    // A character inside a UTF-8 sequence snaps back to the sequence's start.
    #expect(utf8.offset(of: LSPPosition(line: 0, character: 3)) == 1)
  }

  /// A compiled file's index reads its `SourceFile`'s line table (bytes after any byte order mark); text outside a
  /// compilation gets a table of its own. Both place every offset alike.
  @Test func aCompiledFilesIndexSharesItsLineTable() {
    let text = "a😀é=b\r\nx\n\nsegment s = y\n"
    let source = SourceFile(name: "t.rules", bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
    let compiled = LineIndex(source, encoding: .utf16)
    let read = LineIndex(Array(text.utf8), encoding: .utf16)
    #expect(compiled.lineStarts == [0, 11, 13, 14, 28])
    #expect(read.lineStarts == compiled.lineStarts)
    for offset in 0...text.utf8.count {
      #expect(compiled.position(of: offset) == read.position(of: offset))
      #expect(compiled.offset(of: compiled.position(of: offset)) == read.offset(of: read.position(of: offset)))
    }
    #expect(compiled.position(of: 15) == LSPPosition(line: 3, character: 1))
  }

  @Test func fileURIsRoundTripWithPercentEncoding() {
    #expect(DocumentURI.uri("/a b/ü.rules") == "file:///a%20b/%C3%BC.rules")
    #expect(DocumentURI.path("file:///a%20b/%C3%BC.rules") == "/a b/ü.rules")
    #expect(DocumentURI.path("file://localhost/x.rules") == "/x.rules")
    #expect(DocumentURI.path("untitled:Untitled-1") == nil)
  }
}

import Dispatch
import Foundation
import PlacementKit
import Testing

@testable import PlacementCore
@testable import PlacementLSP

/// A lint the test holds: the first call signals that it started and waits for ``release()``; every call
/// records the first line of the document it lints (the tests write `# vN` there). The facts asserted are
/// orderings and versions, never durations. Its lock is a pthread mutex, as the worker's, so Thread Sanitizer
/// checks the suite (`.ci/run`).
final class HeldLint: Sendable {
  private let calls = PthreadLocked<[String]>([])
  private let started = DispatchSemaphore(value: 0)
  private let gate = DispatchSemaphore(value: 0)

  var lint: @Sendable (Compilation) -> LintResult {
    { [self] compilation in
      let bytes = compilation.model.files.first?.file.bytes ?? []
      let line = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
      let count = calls.withLock { calls in
        calls.append(line)
        return calls.count
      }
      if count == 1 {
        started.signal()
        gate.wait()
      }
      return CompiledGroup.lint(compilation)
    }
  }

  /// Blocks until the first lint has started (and is held).
  func waitUntilStarted() { started.wait() }
  func release() { gate.signal() }
  /// The first line of each document linted, in order.
  var linted: [String] { calls.withLock { $0 } }
}

@Suite struct LSPLintWorkerTests {
  /// A generated table: `rows` segments over one number and a placement with a row per segment, plus `extra`.
  static func table(_ version: Int, rows: Int, extra: String = "") -> String {
    "# v\(version)\nattribute score: number\n" + (0..<rows).map { "segment s\($0) = score == \($0)\n" }.joined()
      + "placement p: paywall {\n" + (0..<rows).map { "  s\($0) -> paywall w\($0)\n" }.joined()
      + "  default -> paywall d\n}\n" + extra
  }

  static func published(_ messages: [JSONValue]) -> [JSONValue] {
    messages.filter { $0["method"] == "textDocument/publishDiagnostics" }
  }

  /// The diagnostics a fresh server publishes for `text` (the real lint, not held).
  static func diagnostics(of text: String, uri: String) -> [JSONValue]? {
    let client = LSPTestClient(root: nil)
    client.open(uri, text)
    return client.diagnostics()[uri]
  }

  @Test func requestsAreAnsweredWhileALintRunsAndASupersededVersionIsNeverLintedOrPublished() throws {
    let held = HeldLint()
    let client = LSPTestClient(root: nil, lint: held.lint)
    let uri = "untitled:held"
    client.open(uri, Self.table(1, rows: 40, extra: "segment broken = nope\n"))
    client.server.flush(now: client.now)
    held.waitUntilStarted()
    // Version 1 is being linted (held): hover and completion are answered meanwhile, and edits are applied.
    let hover = client.request("textDocument/hover", LSPTestClient.position(uri, LSPPosition(line: 2, character: 9)))
    #expect(hover[path: "result.contents.value"]?.stringValue?.contains("score == 0") == true)
    client.change(uri, Self.table(2, rows: 40, extra: "segment broken = nope2\n"), version: 2)
    client.server.flush(now: client.now)
    client.change(uri, Self.table(3, rows: 40, extra: "segment unused = score > 1\n"), version: 3)
    client.server.flush(now: client.now)
    let completion = client.request(
      "textDocument/completion", LSPTestClient.position(uri, LSPPosition(line: 2, character: 12)))
    #expect(completion["result"] != nil && completion["error"] == nil)
    #expect(Self.published(client.notifications).isEmpty)
    #expect(client.server.lintsInFlight)

    held.release()
    client.server.finishLints()
    _ = client.take()
    // Version 2 was superseded while it waited (never linted); version 1's result came after version 3 arrived
    // and was dropped: only version 3 is published, with exactly what a fresh server publishes for it.
    #expect(held.linted == ["# v1", "# v3"])
    let published = Self.published(client.notifications)
    #expect(published.map { $0[path: "params.version"] } == [3])
    let expected = try #require(
      Self.diagnostics(of: Self.table(3, rows: 40, extra: "segment unused = score > 1\n"), uri: uri))
    #expect(published.first?[path: "params.diagnostics"]?.arrayValue == expected)
    #expect(expected.contains { $0["code"] == "unused-segment" })
    #expect(!client.server.lintsInFlight)
  }

  @Test func aLintThatFinishesBeforeTheNextEditIsPublishedAndVersionsOnlyGoForward() {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:forward"
    var versions: [JSONValue?] = []
    for version in 1...4 {
      if version == 1 {
        client.open(uri, Self.table(1, rows: 5, extra: "segment broken = nope\n"))
      } else {
        client.change(uri, Self.table(version, rows: 5, extra: "segment broken = nope\(version)\n"), version: version)
      }
      // Two edits between flushes: only the second is linted.
      if version == 3 { continue }
      client.server.flush(now: client.now)
      client.server.finishLints()
      _ = client.take()
      versions += Self.published(client.notifications).map { $0[path: "params.version"] }
      client.notifications = []
    }
    #expect(versions == [1, 2, 4])
  }

  @Test func codeActionsBeforeTheLintIsInOfferTheCompilersFixes() throws {
    let held = HeldLint()
    let client = LSPTestClient(root: nil, lint: held.lint)
    let uri = "untitled:fix"
    client.open(uri, "# v1\nattribute score: number\nsegment s = scor > 1\n")
    client.server.flush(now: client.now)
    held.waitUntilStarted()
    let actions = client.result(
      "textDocument/codeAction",
      [
        "textDocument": ["uri": .string(uri)],
        "range": ["start": ["line": 2, "character": 12], "end": ["line": 2, "character": 16]],
        "context": ["diagnostics": []],
      ])
    #expect(actions.arrayValue?.compactMap { $0["title"]?.stringValue }.contains { $0.contains("score") } == true)
    held.release()
    client.server.finishLints()
  }
}

/// The stdio transport with the lint on its worker: the worker wakes the transport through a pipe, with no
/// other input to unblock it.
@Suite struct LSPLintWorkerTransportTests {
  /// Reads frames from a descriptor; gives up (returns what it has) after 60 s without a byte, so a broken
  /// server fails the test instead of hanging it.
  final class FrameReader {
    let descriptor: Int32
    var framer = MessageFramer()
    var messages: [JSONValue] = []

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    /// Reads until a message satisfies `predicate`; returns every message read by then (it included).
    func until(_ predicate: (JSONValue) -> Bool) -> [JSONValue] {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        while case .body(let body)? = framer.next() {
          let message = (try? JSONReader.parse(body)) ?? .null
          messages.append(message)
          if predicate(message) { return messages }
        }
        var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&wait, 1, 60_000) > 0 else { return messages }
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return messages }
        framer.append(buffer[0..<count])
      }
    }
  }

  func frame(_ message: JSONValue) -> Data {
    Data(MessageFramer.frame(Array(JSONWriter.serialized(message, sortedKeys: true).utf8)))
  }

  @Test func theWorkerWakesTheTransportWhichAnswersRequestsWhileTheLintRunsAndDropsTheStaleVersion() throws {
    let held = HeldLint()
    let input = Pipe()
    let output = Pipe()
    let (readEnd, writeEnd) = (input.fileHandleForReading.fileDescriptor, output.fileHandleForWriting.fileDescriptor)
    let status = PthreadLocked<Int32?>(nil)
    let finished = DispatchSemaphore(value: 0)
    let lint = held.lint
    Thread {
      let server = LanguageServer(
        documentationBase: "https://docs.example/", lint: lint, clock: StdioTransport.monotonicSeconds)
      let code = StdioTransport(input: readEnd, output: writeEnd, server: server).run()
      status.withLock { $0 = code }
      finished.signal()
    }.start()
    let client = input.fileHandleForWriting
    let reader = FrameReader(output.fileHandleForReading.fileDescriptor)
    let uri = "untitled:big"
    let big = LSPLintWorkerTests.table(1, rows: 200, extra: "segment broken = nope\n")
    client.write(
      frame([
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": ["capabilities": [:], "initializationOptions": ["debounceMilliseconds": 0]],
      ]) + frame(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        + frame([
          "jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": [
            "textDocument": ["uri": .string(uri), "languageId": "placement", "version": 1, "text": .string(big)]
          ],
        ]))
    _ = reader.until { $0["id"] == 1 }
    held.waitUntilStarted()
    // The big document's lint is running (held): a hover is answered, then an edit and a request after it, so
    // the transport has applied the edit before the lint of version 1 ends.
    let hover: JSONValue = [
      "textDocument": ["uri": .string(uri)], "position": ["line": 2, "character": 9],
    ]
    client.write(frame(["jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": hover]))
    let untilHover = reader.until { $0["id"] == 2 }
    #expect(untilHover.last?[path: "result.contents.value"]?.stringValue?.contains("score == 0") == true)
    let second = LSPLintWorkerTests.table(2, rows: 200, extra: "segment unused = score > 1\n")
    client.write(
      frame([
        "jsonrpc": "2.0", "method": "textDocument/didChange",
        "params": [
          "textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(second)]],
        ],
      ]) + frame(["jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": hover]))
    _ = reader.until { $0["id"] == 3 }
    #expect(LSPLintWorkerTests.published(reader.messages).isEmpty)
    held.release()
    // Nothing more is sent: only the worker's wake-up can make the transport publish version 2.
    let untilDiagnostics = reader.until { $0["method"] == "textDocument/publishDiagnostics" }
    let published = LSPLintWorkerTests.published(untilDiagnostics)
    #expect(published.map { $0[path: "params.version"] } == [2])
    let expected = try #require(LSPLintWorkerTests.diagnostics(of: second, uri: uri))
    #expect(published.first?[path: "params.diagnostics"]?.arrayValue == expected)
    client.write(
      frame(["jsonrpc": "2.0", "id": 4, "method": "shutdown"]) + frame(["jsonrpc": "2.0", "method": "exit"]))
    _ = reader.until { $0["id"] == 4 }
    finished.wait()
    #expect(status.withLock { $0 } == 0)
    #expect(held.linted == ["# v1", "# v2"])
    #expect(LSPLintWorkerTests.published(reader.messages).count == 1)
  }

  @Test func shutdownWaitsForTheLintOfTheLastVersionAndPublishesItBeforeItsResponse() throws {
    let input = Pipe()
    let output = Pipe()
    let uri = "untitled:last"
    var bytes = frame([
      "jsonrpc": "2.0", "id": 1, "method": "initialize",
      "params": ["capabilities": [:], "initializationOptions": ["debounceMilliseconds": 0]],
    ])
    bytes += frame([
      "jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": [
        "textDocument": [
          "uri": .string(uri), "languageId": "placement", "version": 1,
          "text": .string(LSPLintWorkerTests.table(1, rows: 100, extra: "segment broken = nope\n")),
        ]
      ],
    ])
    let last = LSPLintWorkerTests.table(2, rows: 100, extra: "segment unused = score > 1\n")
    bytes += frame([
      "jsonrpc": "2.0", "method": "textDocument/didChange",
      "params": ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(last)]]],
    ])
    bytes += frame(["jsonrpc": "2.0", "id": 2, "method": "shutdown"]) + frame(["jsonrpc": "2.0", "method": "exit"])
    input.fileHandleForWriting.write(bytes)
    try input.fileHandleForWriting.close()
    let server = LanguageServer(documentationBase: "https://docs.example/", clock: StdioTransport.monotonicSeconds)
    let status = StdioTransport(
      input: input.fileHandleForReading.fileDescriptor, output: output.fileHandleForWriting.fileDescriptor,
      server: server
    ).run()
    try output.fileHandleForWriting.close()
    let messages = FrameReader(output.fileHandleForReading.fileDescriptor).until { _ in false }
    #expect(status == 0)
    // Whatever was published before, versions only go forward and the last one before the response is 2's.
    let versions = LSPLintWorkerTests.published(messages).compactMap { $0[path: "params.version"]?.intValue }
    #expect(versions == versions.sorted() && Set(versions).count == versions.count)
    #expect(versions.last == 2)
    #expect(messages.last?["id"] == 2)
    let published = LSPLintWorkerTests.published(messages).last?[path: "params.diagnostics"]?.arrayValue
    #expect(published == LSPLintWorkerTests.diagnostics(of: last, uri: uri))
  }
}

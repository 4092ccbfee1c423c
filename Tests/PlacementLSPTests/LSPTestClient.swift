import Foundation
import PlacementKit
import TestSupport

@testable import PlacementLSP

/// Drives a ``LanguageServer`` in-process the way an editor would, with a clock the test moves.
final class LSPTestClient {
  let server: LanguageServer
  var now = 1000.0
  private var nextID = 1
  /// Notifications received and not yet looked at.
  var notifications: [JSONValue] = []

  /// - Parameter lint: what the server's lint worker runs (default: the real lint).
  init(
    root: String?, debounce: Double = 0, encodings: [String]? = nil,
    lint: @escaping @Sendable (Compilation) -> LintResult = CompiledGroup.lint
  ) {
    var clockBox: (() -> Double)?
    server = LanguageServer(
      debounceDelay: debounce, documentationBase: "https://docs.example/", lint: lint, clock: { clockBox?() ?? 0 })
    clockBox = { [unowned self] in self.now }
    var capabilities: JSONValue = [:]
    if let encodings { capabilities = ["general": ["positionEncodings": .array(encodings.map { .string($0) })]] }
    let response = request(
      "initialize", ["rootUri": root.map { .string(DocumentURI.uri($0)) } ?? .null, "capabilities": capabilities])
    precondition(response["result"] != nil, "initialize failed: \(response)")
    notify("initialized", [:])
  }

  /// Sends a request and returns its response (the whole message: `result` or `error`).
  @discardableResult
  func request(_ method: String, _ params: JSONValue) -> JSONValue {
    let id = nextID
    nextID += 1
    send(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params])
    for message in take() where message["id"] == .number(Double(id)) { return message }
    return .null
  }

  func result(_ method: String, _ params: JSONValue) -> JSONValue { request(method, params)["result"] ?? .null }

  func notify(_ method: String, _ params: JSONValue) {
    send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    notifications += take()
  }

  func send(_ message: JSONValue) { server.receive(Array(JSONWriter.serialized(message, sortedKeys: true).utf8)) }

  /// Outgoing messages; notifications are kept for later.
  func take() -> [JSONValue] {
    let messages = server.takeOutgoing()
    notifications += messages.filter { $0["id"] == nil }
    return messages.filter { $0["id"] != nil }
  }

  func open(_ uri: String, _ text: String, version: Int = 1) {
    notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": .string(uri), "languageId": "placement", "version": .number(Double(version)), "text": .string(text),
        ]
      ])
  }

  func change(_ uri: String, _ text: String, version: Int) {
    notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(uri), "version": .number(Double(version))],
        "contentChanges": [["text": .string(text)]],
      ])
  }

  /// Moves the clock by `seconds`, waits for the lints due by then, and returns the diagnostics published, by
  /// URI (last one wins).
  func diagnostics(after seconds: Double = 1) -> [String: [JSONValue]] {
    now += seconds
    server.flush(now: now)
    server.finishLints()
    _ = take()
    var result: [String: [JSONValue]] = [:]
    for message in notifications where message["method"] == "textDocument/publishDiagnostics" {
      if let uri = message[path: "params.uri"]?.stringValue {
        result[uri] = message[path: "params.diagnostics"]?.arrayValue ?? []
      }
    }
    notifications = []
    return result
  }

  static func position(_ uri: String, _ position: LSPPosition) -> JSONValue {
    ["textDocument": ["uri": .string(uri)], "position": position.json]
  }
}

/// Source text with `«…»` markers around the ranges a test talks about; the markers are removed.
struct Marked {
  let text: String
  /// Each marked range as an LSP `Range` (UTF-16), in marker order.
  let ranges: [JSONValue]
  let starts: [LSPPosition]

  init(_ marked: String, encoding: PositionEncoding = .utf16) {
    let clean = MarkedText(marked, markers: ["«", "»"])
    text = clean.text
    let lines = LineIndex(Array(text.utf8), encoding: encoding)
    // Each `»` closes a range at the last `«` before it.
    var open = 0
    var marked: [SourceRange] = []
    for (marker, offset) in clean.markers {
      if marker == "«" { open = offset } else { marked.append(SourceRange(start: open, end: offset)) }
    }
    ranges = marked.map(lines.range)
    starts = marked.map { lines.position(of: $0.start) }
  }
}

/// A temporary folder holding `Rules/<name>` files; removed by the caller.
func temporaryRules(_ files: [String: String]) throws -> String {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("placement-lsp-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: root + "/Rules", withIntermediateDirectories: true)
  for (name, text) in files { try text.write(toFile: root + "/Rules/" + name, atomically: true, encoding: .utf8) }
  return root
}

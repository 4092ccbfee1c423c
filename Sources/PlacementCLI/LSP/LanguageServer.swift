import PlacementKit

/// The `placement lsp` server (LSP 3.17), independent of how bytes travel: ``receive(_:)`` takes one message
/// body, ``takeOutgoing()`` hands back the messages to send, ``flush(now:)`` publishes the diagnostics whose
/// debounce delay has passed. ``StdioTransport`` drives it from standard input and output; tests drive it
/// in-process.
///
/// Single-threaded by design: requests are answered in the order they arrive, so no request can see a
/// half-applied edit, and there is no timer thread to outlive `shutdown` (the transport waits for input with a
/// timeout set to the next diagnostics deadline).
final class LanguageServer {
  enum State { case uninitialized, running, shutDown }

  var state = State.uninitialized
  /// The exit status once `exit` arrived: 0 after `shutdown`, 1 without (LSP 3.17 `exit`).
  private(set) var exitCode: Int32?
  var workspace = Workspace(folders: [], encoding: .utf16)
  /// Where `codeDescription` links point: a URI ending in `/` under which `Diagnostics.md` and `Lint.md` live.
  var documentationBase: String?
  /// How long after the last edit diagnostics are published (seconds); edits within it are coalesced.
  var debounceDelay: Double
  /// Groups whose diagnostics are due, with the time they are due.
  private(set) var pending: [String: Double] = [:]
  /// URIs whose published diagnostics are not empty, per group (cleared with an empty list when they go clean).
  private var published: [String: Set<String>] = [:]
  private var outgoing: [JSONValue] = []
  /// Requests cancelled before they were handled.
  private var cancelled: Set<JSONRPC.ID> = []
  /// The current time in seconds (monotonic in the real transport).
  let clock: () -> Double

  init(debounceDelay: Double = 0.15, documentationBase: String? = nil, clock: @escaping () -> Double) {
    self.debounceDelay = debounceDelay
    self.documentationBase = documentationBase
    self.clock = clock
  }

  /// Messages produced so far, in order.
  func takeOutgoing() -> [JSONValue] {
    defer { outgoing = [] }
    return outgoing
  }

  func send(_ message: JSONValue) { outgoing.append(message) }

  func notify(_ method: String, _ params: JSONValue) { send(JSONRPC.notification(method, params)) }

  /// A frame the transport could not read as a message.
  func receiveBadFrame(_ reason: String) {
    send(JSONRPC.error(id: nil, code: .parseError, message: reason))
  }

  /// Notes that a request is cancelled (`$/cancelRequest` read ahead of it by the transport).
  func cancel(_ id: JSONRPC.ID) { cancelled.insert(id) }

  /// Handles one message body.
  func receive(_ body: [UInt8]) {
    switch JSONRPC.decode(body) {
    case .invalid(let id, let code, let message): send(JSONRPC.error(id: id, code: code, message: message))
    case .response: break
    case .notification(let method, let params): handleNotification(method, params)
    case .request(let id, let method, let params): handleRequest(id, method, params)
    }
  }

  private func handleRequest(_ id: JSONRPC.ID, _ method: String, _ params: JSONValue) {
    if cancelled.remove(id) != nil {
      send(JSONRPC.error(id: id, code: .requestCancelled, message: "request cancelled"))
      return
    }
    let result: Result<JSONValue, JSONRPC.Failure>
    switch state {
    case .uninitialized where method != "initialize":
      result = .failure(JSONRPC.Failure(.serverNotInitialized, "the server is not initialized yet"))
    case .running where method == "initialize":
      result = .failure(JSONRPC.Failure(.invalidRequest, "the server is already initialized"))
    case .shutDown:
      result = .failure(JSONRPC.Failure(.invalidRequest, "the server is shut down; only 'exit' is accepted"))
    default:
      if let handler = Self.requests[method] {
        do throws(JSONRPC.Failure) {
          result = .success(try handler(self, params))
        } catch {
          result = .failure(error)
        }
      } else {
        result = .failure(JSONRPC.Failure(.methodNotFound, "unknown method '\(method)'"))
      }
    }
    switch result {
    case .success(let value): send(JSONRPC.response(id: id, result: value))
    case .failure(let failure): send(JSONRPC.error(id: id, code: failure.code, message: failure.message))
    }
  }

  private func handleNotification(_ method: String, _ params: JSONValue) {
    if method == "exit" {
      exitCode = state == .shutDown ? 0 : 1
      pending = [:]
      return
    }
    guard state == .running, let handler = Self.notifications[method] else { return }
    handler(self, params)
  }

  typealias Request = @Sendable (LanguageServer, JSONValue) throws(JSONRPC.Failure) -> JSONValue
  typealias Notification = @Sendable (LanguageServer, JSONValue) -> Void

  static let requests: [String: Request] = [
    "initialize": { server, params throws(JSONRPC.Failure) in server.initialize(params) },
    "shutdown": { server, _ throws(JSONRPC.Failure) in
      // Diagnostics already due (a document opened in the same read) are published, not lost; debounced ones
      // not yet due are dropped.
      server.flush(now: server.clock())
      server.state = .shutDown
      server.pending = [:]
      return .null
    },
    "textDocument/hover": { s, p throws(JSONRPC.Failure) in try s.hover(p) },
    "textDocument/definition": { s, p throws(JSONRPC.Failure) in try s.definition(p) },
    "textDocument/references": { s, p throws(JSONRPC.Failure) in try s.references(p) },
    "textDocument/prepareRename": { s, p throws(JSONRPC.Failure) in try s.prepareRename(p) },
    "textDocument/rename": { s, p throws(JSONRPC.Failure) in try s.rename(p) },
    "textDocument/completion": { s, p throws(JSONRPC.Failure) in try s.completion(p) },
    "textDocument/documentSymbol": { s, p throws(JSONRPC.Failure) in try s.documentSymbols(p) },
    "workspace/symbol": { s, p throws(JSONRPC.Failure) in s.workspaceSymbols(p) },
    "textDocument/formatting": { s, p throws(JSONRPC.Failure) in try s.formatting(p) },
    "textDocument/rangeFormatting": { s, p throws(JSONRPC.Failure) in try s.rangeFormatting(p) },
    "textDocument/codeAction": { s, p throws(JSONRPC.Failure) in try s.codeActions(p) },
  ]

  static let notifications: [String: Notification] = [
    "initialized": { _, _ in },
    "textDocument/didOpen": { s, p in s.didOpen(p) },
    "textDocument/didChange": { s, p in s.didChange(p) },
    "textDocument/didClose": { s, p in s.didClose(p) },
    "textDocument/didSave": { s, p in s.didSave(p) },
    "workspace/didChangeWatchedFiles": { s, p in s.didChangeWatchedFiles(p) },
    "workspace/didChangeWorkspaceFolders": { s, p in s.didChangeWorkspaceFolders(p) },
    "$/cancelRequest": { s, p in if let id = JSONRPC.ID(p["id"]) { s.cancel(id) } },
  ]

  // MARK: Diagnostics scheduling

  /// Schedules a group's diagnostics `delay` seconds from now (a later edit pushes the deadline back).
  func schedule(_ group: String, delay: Double) {
    pending[group] = clock() + delay
  }

  /// The earliest pending deadline, or nil when nothing is pending.
  var nextDeadline: Double? { pending.values.min() }

  /// Publishes the diagnostics of every group due at `now`.
  func flush(now: Double) {
    for (group, deadline) in pending.sorted(by: { $0.key < $1.key }) where deadline <= now {
      pending[group] = nil
      publishDiagnostics(group)
    }
  }

  /// Publishes the diagnostics of a group's files: every file with findings, and an empty list for each file
  /// that had findings before and has none now.
  func publishDiagnostics(_ group: String) {
    let analysis = workspace.analysis(ofGroup: group)
    let findings = analysis.findingsByURI()
    var now: Set<String> = []
    for (uri, diagnostics) in findings.sorted(by: { $0.key < $1.key }) {
      guard !diagnostics.isEmpty || published[group]?.contains(uri) == true || workspace.open[uri] != nil else {
        continue
      }
      if !diagnostics.isEmpty { now.insert(uri) }
      var params: JSONValue = [
        "uri": .string(uri), "diagnostics": .array(diagnostics.map { lspDiagnostic($0, in: analysis) }),
      ]
      if let version = workspace.open[uri]?.version, case .object(var members) = params {
        members["version"] = .number(Double(version))
        params = .object(members)
      }
      notify("textDocument/publishDiagnostics", params)
    }
    for uri in (published[group] ?? []).subtracting(now) where findings[uri] == nil {
      notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
    }
    published[group] = now
  }
}

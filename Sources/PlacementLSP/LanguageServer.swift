import PlacementKit

/// The `placement lsp` server (LSP 3.17), independent of how bytes travel: ``receive(_:)`` takes one message
/// body, ``takeOutgoing()`` hands back the messages to send, ``flush(now:)`` publishes the diagnostics whose
/// debounce delay has passed. ``StdioTransport`` drives it from standard input and output; tests drive it
/// in-process.
///
/// Requests and notifications are handled on one thread, in the order they arrive, so no request can see a
/// half-applied edit, and there is no timer thread to outlive `shutdown` (the transport waits for input with a
/// timeout set to the next diagnostics deadline). Only the lint runs elsewhere, on the ``LintWorker``: when a
/// group's diagnostics are due, its compilation is handed to the worker, and ``collectLints()`` (called by the
/// transport when the worker wakes it) publishes a result only while it is the latest one submitted for the
/// group and the group has not changed since, so a version superseded while it was being linted is never
/// published, and diagnostics never go back to an older version.
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
  var pending: [String: Double] = [:]
  /// URIs whose published diagnostics are not empty, per group (cleared with an empty list when they go clean).
  var published: [String: Set<String>] = [:]
  private var outgoing: [JSONValue] = []
  /// Requests cancelled before they were handled.
  private var cancelled: Set<JSONRPC.ID> = []
  /// Runs the lints off this thread.
  let worker: LintWorker
  /// Per group, the latest lint submitted to the worker and not yet collected, with the compiled group it lints.
  var submitted: [String: (number: Int, compiled: CompiledGroup)] = [:]
  /// How many lints were submitted (each one's number).
  var submissions = 0
  /// The current time in seconds (monotonic in the real transport).
  let clock: () -> Double
  /// The version `initialize` reports in `serverInfo` (the tool's); nil reports none.
  let version: String?

  /// - Parameters:
  ///   - version: the version `initialize` reports in `serverInfo`; nil reports none.
  ///   - lint: what the worker runs on a group's compilation (tests pass one they can hold).
  init(
    debounceDelay: Double = 0.15, documentationBase: String? = nil, version: String? = nil,
    lint: @escaping @Sendable (Compilation) -> LintResult = CompiledGroup.lint, clock: @escaping () -> Double
  ) {
    self.debounceDelay = debounceDelay
    self.documentationBase = documentationBase
    self.version = version
    self.clock = clock
    worker = LintWorker(lint: lint)
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
    case _ where Self.notifications[method] != nil || method == "exit":
      result = .failure(
        JSONRPC.Failure(.invalidRequest, "'\(method)' is a notification: send it without an 'id'"))
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
      submitted = [:]
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
      // Diagnostics already due (a document opened in the same read) are published, not lost, once the
      // worker has linted them; debounced ones not yet due are dropped.
      server.flush(now: server.clock())
      server.finishLints()
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
}

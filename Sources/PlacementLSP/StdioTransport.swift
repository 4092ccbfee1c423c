import Foundation
import PlacementKit

/// Runs a ``LanguageServer`` on file descriptors (standard input and output): reads frames, waits with `poll(2)`
/// for input, for the lint worker's wake-up or for the next diagnostics deadline, and writes each outgoing
/// message as one frame. This thread is the only writer of the output.
///
/// Frames already read are handled in arrival order, except that a `$/cancelRequest` among them cancels a
/// request read before it that is still waiting. Input that is already waiting is read and handled before the
/// diagnostics that are due are handed to the lint worker (up to ``maxReadsBeforeDiagnostics`` reads in a
/// row), so a request sent just after a `didOpen` is not held behind the compile of the whole group; the lint
/// itself runs on the worker, and its diagnostics are published when the worker wakes this thread through a
/// pipe.
package struct StdioTransport {
  let input: Int32
  let output: Int32
  let server: LanguageServer
  /// Reads (of up to 64 KiB each) handled in a row while input keeps arriving, before due diagnostics are
  /// published anyway: a client that never pauses still gets them.
  static let maxReadsBeforeDiagnostics = 64

  /// `placement lsp`: serves a new ``LanguageServer`` on standard input and output until `exit` arrives or the
  /// input ends, with a monotonic clock and the checkout's `docs/` as the documentation base; returns the exit
  /// status (0 after `shutdown` + `exit`). A closed output does not end the process (`SIGPIPE` is ignored).
  /// - Parameter version: the `serverInfo.version` the server reports.
  package static func serve(version: String) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let server = LanguageServer(documentationBase: documentationBase(), version: version, clock: monotonicSeconds)
    return StdioTransport(input: 0, output: 1, server: server).run()
  }

  /// Seconds on the system's monotonic clock.
  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// The `docs/` folder of the checkout the executable was built in (`.build/<config>/placement` two levels
  /// below it), as a `file:` URI; nil when there is none (then diagnostics carry no documentation link unless the
  /// client passes `initializationOptions.documentationUrl`).
  static func documentationBase() -> String? {
    var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<4 {
      let docs = directory.appendingPathComponent("docs")
      if FileManager.default.fileExists(atPath: docs.appendingPathComponent("Lint.md").path) {
        return DocumentURI.uri(docs.path) + "/"
      }
      directory.deleteLastPathComponent()
    }
    return nil
  }

  /// Serves until `exit` arrives or the input ends; returns the exit status (0 after `shutdown` + `exit`).
  func run() -> Int32 {
    let wake = WakePipe(worker: server.worker)
    defer { wake.close(worker: server.worker) }
    var framer = MessageFramer()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var readsInARow = 0
    while server.exitCode == nil {
      var timeout = server.nextDeadline.map { max(0, Int32((($0 - server.clock()) * 1000).rounded(.up))) } ?? -1
      // Without a wake-up pipe (pipe(2) failed), look for finished lints every 20 ms while one is running.
      if wake.readEnd < 0, server.lintsInFlight { timeout = timeout < 0 ? 20 : min(timeout, 20) }
      var descriptors = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        return 1
      }
      if descriptors[1].revents != 0 { wake.drain() }
      if descriptors[0].revents != 0 {
        let count = read(input, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        if count <= 0 { return server.exitCode ?? 1 }
        framer.append(buffer[0..<count])
        handle(&framer)
        readsInARow += 1
        if readsInARow < Self.maxReadsBeforeDiagnostics, server.exitCode == nil, inputWaiting() { continue }
      }
      readsInARow = 0
      server.flush(now: server.clock())
      server.collectLints()
      write(server.takeOutgoing())
    }
    write(server.takeOutgoing())
    return server.exitCode ?? 1
  }

  /// True when a read would not block (bytes, or the end of the input, are waiting).
  private func inputWaiting() -> Bool {
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }

  private func handle(_ framer: inout MessageFramer) {
    var frames: [MessageFramer.Frame] = []
    while let frame = framer.next() { frames.append(frame) }
    for case .body(let body) in frames {
      if case .notification("$/cancelRequest", let params) = JSONRPC.decode(body), let id = JSONRPC.ID(params["id"]) {
        server.cancel(id)
      }
    }
    for frame in frames {
      switch frame {
      case .body(let body): server.receive(body)
      case .badHeader(let reason): server.receiveBadFrame(reason)
      }
      write(server.takeOutgoing())
      if server.exitCode != nil { return }
    }
  }

  private func write(_ messages: [JSONValue]) {
    for message in messages {
      var writer = JSONWriter()
      writer.value(message)
      var rest = MessageFramer.frame(writer.bytes)
      while !rest.isEmpty {
        let result = Foundation.write(output, rest, rest.count)
        if result < 0, errno == EINTR { continue }
        if result <= 0 { return }
        rest.removeFirst(result)
      }
    }
  }
}

/// The self-pipe through which the lint worker wakes the transport's `poll(2)` after each result: the worker
/// writes a byte (non-blocking: a full pipe already means "wake up"), the transport reads them all.
struct WakePipe {
  /// The end the transport polls; -1 when the pipe could not be made.
  let readEnd: Int32
  private let writeEnd: Int32

  init(worker: LintWorker) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      (readEnd, writeEnd) = (-1, -1)
      return
    }
    for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    (readEnd, writeEnd) = (ends[0], ends[1])
    let target = writeEnd
    worker.setWake {
      var byte: UInt8 = 1
      _ = Foundation.write(target, &byte, 1)
    }
  }

  /// Reads every waiting byte.
  func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(readEnd, &bytes, bytes.count) > 0 {}
  }

  /// Detaches the worker (waiting for a wake-up in progress), then closes both ends.
  func close(worker: LintWorker) {
    worker.setWake(nil)
    guard readEnd >= 0 else { return }
    Foundation.close(readEnd)
    Foundation.close(writeEnd)
  }
}

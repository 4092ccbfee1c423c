import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A static HTTP server on 127.0.0.1 for one published file, as object storage or nginx serves a bundle: `GET`
/// answers `200` with the bytes and their `ETag`, or `304 Not Modified` when `If-None-Match` names that `ETag`.
/// It records every request's headers, can answer with an error status instead, and can go down and come back
/// on the same port. One connection at a time, each closed after its answer (`Connection: close`).
public final class BundleServer: Sendable {
  struct Published: Sendable {
    var bytes: [UInt8]
    var etag: String?
    /// Answer with this status and no body instead (a `503` from a failing origin).
    var failure: Int?
  }

  struct State: Sendable {
    var published = Published(bytes: [], etag: nil)
    var requests: [[String: String]] = []
    /// The listening socket and the signal its accept thread gives once it has closed it.
    var listener: (socket: Int32, closed: DispatchSemaphore)?
  }

  /// The port the server listens on (chosen by the system at creation, kept across ``stop()`` and ``start()``).
  public let port: UInt16
  private let state = Mutex(State())

  /// The URL of the published file.
  public var url: URL { URL(string: "http://127.0.0.1:\(port)/app/rules.bundle")! }

  /// Every request's headers, names lower-cased, in order; `:method` and `:path` hold the request line's.
  public var requests: [[String: String]] { state.withLock { $0.requests } }

  public init() throws {
    let listener = try Self.listening(port: 0)
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
    serve(listener)
  }

  deinit {
    stop()
  }

  /// Publishes `bytes` under `etag` (no `ETag` header when nil).
  public func publish(_ bytes: [UInt8], etag: String?) {
    state.withLock { $0.published = Published(bytes: bytes, etag: etag) }
  }

  /// Answers every request with `status` and no body until the next ``publish(_:etag:)``.
  public func fail(with status: Int) {
    state.withLock { $0.published.failure = status }
  }

  /// Stops listening: connections are refused until ``start()``.
  public func stop() {
    guard
      let listener = state.withLock({ state in
        defer { state.listener = nil }; return state.listener
      })
    else {
      return
    }
    // Only the accept thread closes the socket, after accept fails: closing it here could hand its descriptor
    // number to another server's socket while this thread is about to call accept with it.
    shutdown(listener.socket, Int32(SHUT_RDWR))
    listener.closed.wait()
  }

  /// Listens again on the same port.
  public func start() throws {
    serve(try Self.listening(port: port))
  }

  private func serve(_ listener: Int32) {
    let closed = DispatchSemaphore(value: 0)
    state.withLock { $0.listener = (listener, closed) }
    Thread { [self] in
      defer {
        state.withLock { state in
          if state.listener?.socket == listener { state.listener = nil }
        }
        close(listener)
        closed.signal()
      }
      while true {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else {
          if errno == EINTR { continue }
          return
        }
        answer(connection)
        close(connection)
      }
    }.start()
  }

  private func answer(_ connection: Int32) {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while !received.ends(with: Array("\r\n\r\n".utf8)), received.count < 65536 {
      let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return }
      received += chunk[..<count]
      if let end = received.firstRange(of: Array("\r\n\r\n".utf8)) { received = Array(received[..<end.upperBound]) }
    }
    let lines = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    var headers = [":method": String(requestLine.first ?? ""), ":path": String(requestLine.dropFirst().first ?? "")]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let published = state.withLock { state in
      state.requests.append(headers)
      return state.published
    }
    var head: String
    var body: [UInt8] = []
    if let failure = published.failure {
      head = "HTTP/1.1 \(failure) Failing\r\n"
    } else if let etag = published.etag, headers["if-none-match"] == etag {
      head = "HTTP/1.1 304 Not Modified\r\nETag: \(etag)\r\n"
    } else {
      head = "HTTP/1.1 200 OK\r\nContent-Type: application/x-tar\r\n"
      if let etag = published.etag { head += "ETag: \(etag)\r\n" }
      body = published.bytes
    }
    head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    let bytes = Array(head.utf8) + body
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  /// A listening socket on 127.0.0.1:`port` (0: any free port), reusing the address so a restart gets its port.
  private static func listening(port: UInt16) throws -> Int32 {
    #if canImport(Glibc)
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let listener = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else {
      let code = errno
      close(listener)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
    return listener
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}

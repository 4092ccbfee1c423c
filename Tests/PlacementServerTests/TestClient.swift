import Foundation

@testable import PlacementServer

/// A blocking HTTP/1.1 client over one TCP connection to 127.0.0.1, for tests: every read waits at most
/// `timeout` seconds (`SO_RCVTIMEO`), so a server that does not answer fails the test instead of hanging it.
final class TestClient {
  let descriptor: Int32
  private var buffered: [UInt8] = []

  /// A parsed response.
  struct Response {
    let status: Int
    let fields: [(name: String, value: String)]
    let body: [UInt8]

    func field(_ name: String) -> String? { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
    var text: String { String(decoding: body, as: UTF8.self) }
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) }
  }

  init(port: UInt16, timeout: Double = 10) {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  deinit { close(descriptor) }

  func send(_ text: String) { send(Array(text.utf8)) }

  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        Foundation.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  /// A request with `Host` and, with a body, `Content-Length`.
  static func request(
    _ method: String, _ target: String, body: [UInt8]? = nil, fields: [String] = []
  ) -> [UInt8] {
    var text = "\(method) \(target) HTTP/1.1\r\nHost: test\r\n"
    for field in fields { text += field + "\r\n" }
    if let body { text += "Content-Length: \(body.count)\r\n" }
    return Array((text + "\r\n").utf8) + (body ?? [])
  }

  static func request(_ method: String, _ target: String, json: String, fields: [String] = []) -> [UInt8] {
    request(method, target, body: Array(json.utf8), fields: fields)
  }

  /// Sends a request and reads its response.
  func exchange(_ request: [UInt8]) -> Response? {
    send(request)
    return readResponse()
  }

  /// The next response (a body by Content-Length or chunked; none with `bodyless`, for HEAD), or nil when the
  /// connection ends or times out.
  func readResponse(bodyless: Bool = false) -> Response? {
    guard let headEnd = readUntil([13, 10, 13, 10]) else { return nil }
    let head = String(decoding: buffered[..<headEnd], as: UTF8.self)
    buffered.removeFirst(headEnd + 4)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
    let fields = lines.map { line -> (name: String, value: String) in
      let colon = line.firstIndex(of: ":")!
      return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    let response = { (body: [UInt8]) in Response(status: status, fields: fields, body: body) }
    if status == 100 { return readResponse(bodyless: bodyless) }
    if bodyless { return response([]) }
    if fields.contains(where: { $0.name == "Transfer-Encoding" && $0.value == "chunked" }) {
      var body: [UInt8] = []
      while true {
        guard let lineEnd = readUntil([13, 10]),
          let size = Int(String(decoding: buffered[..<lineEnd], as: UTF8.self), radix: 16)
        else { return nil }
        buffered.removeFirst(lineEnd + 2)
        guard fill(size + 2) else { return nil }
        body += buffered[..<size]
        buffered.removeFirst(size + 2)
        if size == 0 { return response(body) }
      }
    }
    let length = fields.first { $0.name == "Content-Length" }.flatMap { Int($0.value) } ?? 0
    guard fill(length) else { return nil }
    let body = Array(buffered[..<length])
    buffered.removeFirst(length)
    return response(body)
  }

  /// Whether the server closed the connection (a read returns 0 or the connection was reset) before the timeout.
  func isClosedByServer() -> Bool {
    var byte: UInt8 = 0
    while true {
      let count = recv(descriptor, &byte, 1, 0)
      if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
      if count < 0 { return false }
    }
  }

  private func readUntil(_ marker: [UInt8]) -> Int? {
    var searched = 0
    while true {
      if buffered.count >= marker.count {
        for start in max(0, searched - marker.count)...(buffered.count - marker.count)
        where buffered[start..<(start + marker.count)].elementsEqual(marker) {
          return start
        }
        searched = buffered.count
      }
      guard receive() else { return nil }
    }
  }

  private func fill(_ count: Int) -> Bool {
    while buffered.count < count { guard receive() else { return false } }
    return true
  }

  private func receive() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return false }
    buffered += chunk[..<count]
    return true
  }
}

/// The LSP base protocol's framing (LSP 3.17 §"Base Protocol"): each message is a header block of
/// `Name: value\r\n` lines ended by an empty line, then `Content-Length` bytes of UTF-8 JSON.
///
/// The reader is fed whatever bytes arrive and hands back complete bodies; a bad header costs that header
/// block (the reader resynchronises at the next `Content-Length:`), never the stream.
struct MessageFramer {
  /// The largest body accepted (bytes): 64 MiB, far above a 4 MiB rules file escaped as JSON.
  static let maxBodyBytes = 64 << 20
  /// The longest header block accepted (bytes) before the reader gives up on it.
  static let maxHeaderBytes = 8192

  /// One thing read from the stream.
  enum Frame: Equatable {
    /// A complete message body.
    case body([UInt8])
    /// A header block that cannot be used (missing or invalid `Content-Length`, too long): the message is lost
    /// and the server answers with a parse error.
    case badHeader(String)
  }

  private var buffer: [UInt8] = []
  private var start = 0

  /// Appends bytes read from the stream.
  mutating func append(_ bytes: some Sequence<UInt8>) {
    if start > 65_536, start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete frame, or nil when more bytes are needed.
  mutating func next() -> Frame? {
    guard let headerEnd = find([13, 10, 13, 10], from: start) else {
      if buffer.count - start > Self.maxHeaderBytes {
        start = buffer.count
        return .badHeader("header block longer than \(Self.maxHeaderBytes) bytes")
      }
      return nil
    }
    let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
    var length: Int?
    for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingSpaces.lowercased()
      if name == "content-length" { length = Int(line[line.index(after: colon)...].trimmingSpaces) }
    }
    guard let length, length >= 0, length <= Self.maxBodyBytes else {
      start = headerEnd + 4
      return .badHeader("missing or invalid Content-Length header")
    }
    let bodyStart = headerEnd + 4
    guard buffer.count - bodyStart >= length else { return nil }
    let body = Array(buffer[bodyStart..<bodyStart + length])
    start = bodyStart + length
    return .body(body)
  }

  private func find(_ needle: [UInt8], from offset: Int) -> Int? {
    guard buffer.count - offset >= needle.count else { return nil }
    var index = offset
    while index + needle.count <= buffer.count {
      if buffer[index] == needle[0], buffer[index + 1] == needle[1], buffer[index + 2] == needle[2],
        buffer[index + 3] == needle[3]
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// A body with its `Content-Length` header, ready to write.
  static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }
}

extension Substring {
  var trimmingSpaces: Substring {
    var text = self
    while text.first == " " || text.first == "\t" { text = text.dropFirst() }
    while text.last == " " || text.last == "\t" { text = text.dropLast() }
    return text
  }
}

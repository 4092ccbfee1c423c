/// The LSP base protocol's framing (LSP 3.17 §"Base Protocol"): each message is a header block of
/// `Name: value\r\n` lines ended by an empty line, then `Content-Length` bytes of UTF-8 JSON.
///
/// The reader is fed whatever bytes arrive and hands back complete bodies; a bad header costs that header
/// block and whatever follows it up to the next `Content-Length:` (matched without regard to case, anywhere in
/// the stream), never the stream: a header block without a usable length (missing, not a number, negative,
/// over ``maxBodyBytes``) is reported once and the reader skips to the next `Content-Length:`, discarding the
/// bytes in between as they arrive (an oversized body is never buffered).
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
  /// True after a bad header block: bytes are discarded up to the next `Content-Length:`.
  private var resynchronising = false

  /// Bytes read and not yet handed back or discarded.
  var bufferedBytes: Int { buffer.count - start }

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
    if resynchronising {
      guard let header = findContentLength(from: start) else {
        // Keep only a tail that could be the beginning of a split `Content-Length:`.
        start = max(start, buffer.count - (Self.contentLength.count - 1))
        return nil
      }
      start = header
      resynchronising = false
    }
    guard let headerEnd = find([13, 10, 13, 10], from: start) else {
      if buffer.count - start > Self.maxHeaderBytes {
        skipBadHeader()
        return .badHeader("header block longer than \(Self.maxHeaderBytes) bytes")
      }
      return nil
    }
    let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
    var value: Substring?
    for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingSpaces.lowercased()
      if name == "content-length" { value = line[line.index(after: colon)...].trimmingSpaces }
    }
    guard let value else {
      skipBadHeader()
      return .badHeader("missing or invalid Content-Length header")
    }
    guard let length = Int(value), length >= 0 else {
      skipBadHeader()
      let shown = value.prefix { $0 != "\n" && $0 != "\r" }.prefix(40)
      return .badHeader("invalid Content-Length '\(shown)': expected a byte count")
    }
    guard length <= Self.maxBodyBytes else {
      skipBadHeader()
      return .badHeader("Content-Length \(length) is over the limit of \(Self.maxBodyBytes) bytes")
    }
    let bodyStart = headerEnd + 4
    guard buffer.count - bodyStart >= length else { return nil }
    let body = Array(buffer[bodyStart..<bodyStart + length])
    start = bodyStart + length
    return .body(body)
  }

  /// Drops the header block at `start` and looks for the next message from the byte after its first: a
  /// `Content-Length:` later in the same block, or in the body that followed it, is where the next message is.
  private mutating func skipBadHeader() {
    start += 1
    resynchronising = true
  }

  private static let contentLength = Array("content-length:".utf8)

  /// The offset of the next `Content-Length:` (any case) at or after `offset`.
  private func findContentLength(from offset: Int) -> Int? {
    let needle = Self.contentLength
    var index = offset
    while index + needle.count <= buffer.count {
      if Self.lowercased(buffer[index]) == needle[0] {
        var matched = 1
        while matched < needle.count, Self.lowercased(buffer[index + matched]) == needle[matched] { matched += 1 }
        if matched == needle.count { return index }
      }
      index += 1
    }
    return nil
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
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

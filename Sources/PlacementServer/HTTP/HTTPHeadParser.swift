/// Reads a complete request head (RFC 9112 §2–3, §6): the request line, the header fields, and the framing
/// they imply. Strict where leniency lets two readers disagree about where a request ends (request smuggling):
/// no bare LF or CR, no line folding, no space before a field's colon, one Content-Length value, no
/// Transfer-Encoding at all (bodies come with Content-Length only).
public enum HTTPHeadParser {
  /// Parses `bytes`, a head up to and including the CRLF of its empty line (empty lines before the request line
  /// are skipped).
  /// - Returns: the head, or the error to answer with (400, 411, 417, 431, 505).
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: HTTPLimits) -> Result<
    HTTPRequestHead, HTTPError
  > {
    guard let lines = lines(of: bytes) else {
      return .failure(bytes.contains(HTTPSyntax.lf) ? .bareLineFeed : .bareCarriageReturn)
    }
    guard let requestLine = lines.first(where: { !$0.isEmpty }) else { return .failure(.malformedRequestLine) }
    let start = lines.firstIndex { !$0.isEmpty }!
    let fieldLines = lines[(start + 1)...].prefix { !$0.isEmpty }
    guard fieldLines.count <= limits.maxHeaderCount else {
      return .failure(HTTPError.tooManyFields(limits.maxHeaderCount))
    }
    let line: RequestLine
    switch RequestLine.parse(UnsafeBufferPointer(rebasing: bytes[requestLine])) {
    case .success(let parsed): line = parsed
    case .failure(let error): return .failure(error)
    }
    var fields: [HTTPRequestHead.Field] = []
    fields.reserveCapacity(fieldLines.count)
    for range in fieldLines {
      switch field(UnsafeBufferPointer(rebasing: bytes[range])) {
      case .success(let field): fields.append(field)
      case .failure(let error): return .failure(error)
      }
    }
    return HTTPFraming.head(line, fields: fields)
  }

  /// ``parse(_:limits:)`` over a head in any byte collection (read in place when its storage is contiguous).
  static func parse(_ bytes: some Collection<UInt8>, limits: HTTPLimits) -> Result<HTTPRequestHead, HTTPError> {
    bytes.withContiguousStorageIfAvailable { parse($0, limits: limits) }
      ?? Array(bytes).withUnsafeBufferPointer { parse($0, limits: limits) }
  }

  /// The ranges of the lines of `bytes` without their CRLF; nil when a LF or CR stands alone. Bytes after the
  /// last CRLF (there are none in a complete head) are ignored.
  static func lines(of bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
    var lines: [Range<Int>] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == HTTPSyntax.lf { return nil }
      if byte == HTTPSyntax.cr {
        guard index + 1 < bytes.count, bytes[index + 1] == HTTPSyntax.lf else {
          return index + 1 == bytes.count ? lines : nil
        }
        lines.append(start..<index)
        index += 2
        start = index
        continue
      }
      index += 1
    }
    return lines
  }

  /// `name ":" OWS value OWS`.
  static func field(_ line: UnsafeBufferPointer<UInt8>) -> Result<HTTPRequestHead.Field, HTTPError> {
    guard let first = line.first else { return .failure(.malformedField) }
    if first == HTTPSyntax.space || first == HTTPSyntax.tab { return .failure(.lineFolding) }
    guard let colon = line.firstIndex(of: HTTPSyntax.colon), colon > 0,
      line[..<colon].allSatisfy(HTTPSyntax.isToken)
    else { return .failure(.malformedField) }
    var valueStart = colon + 1
    var valueEnd = line.count
    while valueStart < valueEnd, line[valueStart] == HTTPSyntax.space || line[valueStart] == HTTPSyntax.tab {
      valueStart += 1
    }
    while valueEnd > valueStart, line[valueEnd - 1] == HTTPSyntax.space || line[valueEnd - 1] == HTTPSyntax.tab {
      valueEnd -= 1
    }
    let value = UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd])
    guard value.allSatisfy(HTTPSyntax.isFieldValueByte) else { return .failure(.malformedFieldValue) }
    return .success(
      HTTPRequestHead.Field(
        name: String(decoding: UnsafeBufferPointer(rebasing: line[..<colon]), as: UTF8.self),
        value: String(decoding: value, as: UTF8.self)))
  }
}

extension HTTPRequestDecoder {
  /// ``next(_:)`` over `input[range]` (the unconsumed input), read in place; offsets count from
  /// `range.lowerBound` as 0.
  mutating func next(_ input: [UInt8], in range: Range<Int>) -> (event: Event, consumed: Int)? {
    input.withUnsafeBufferPointer { next(UnsafeBufferPointer(rebasing: $0[range])) }
  }
}

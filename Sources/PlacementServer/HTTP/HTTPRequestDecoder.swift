/// Splits a connection's byte stream into requests: a pure, incremental state machine (no I/O, no clock).
///
/// The caller keeps the bytes not yet consumed and calls ``next(_:)`` with them, from the first unconsumed byte,
/// whenever more arrive; each call returns one event and the number of bytes it consumed, or nil when the event
/// needs more bytes. A head is scanned once, however it is split (the scan resumes where it stopped), and parsed
/// whole by ``HTTPHeadParser`` when its empty line arrives. Pipelined requests come out one after the other, in
/// order. After `.failed` the stream cannot be framed any more: answer the error and close the connection.
public struct HTTPRequestDecoder: Sendable {
  /// What the next bytes hold.
  public enum Event: Sendable, Equatable {
    /// A complete head; its body (``HTTPRequestHead/contentLength`` bytes) follows as `.body` events, then `.end`.
    case head(HTTPRequestHead)
    /// The next bytes of the body: this range of the bytes given (always from 0).
    case body(Range<Int>)
    /// The request is complete (after its head, or its last body bytes).
    case end
    /// The request cannot be read; answer with this error and close.
    case failed(HTTPError)
  }

  /// How far the head being read has been scanned.
  struct HeadScan: Sendable {
    var searchFrom = 0
    var lineStart = 0
    var sawRequestLine = false
    var fieldLines = 0
  }

  enum State: Sendable {
    case head(HeadScan)
    case body(remaining: Int)
    case end
    case failed
  }

  public let limits: HTTPLimits
  private(set) var state: State = .head(HeadScan())

  public init(limits: HTTPLimits = HTTPLimits()) {
    self.limits = limits
  }

  /// True between requests: no byte of the next request has been scanned.
  public var isBetweenRequests: Bool {
    if case .head(let scan) = state { return scan.searchFrom == 0 }
    return false
  }

  /// Bytes of the current request's body that no `.body` event has returned yet (0 outside a body).
  public var remainingBodyBytes: Int {
    if case .body(let remaining) = state { return remaining }
    return 0
  }

  /// The next event in `bytes` (the unconsumed input), and how many of its bytes that event consumed; nil when
  /// more bytes are needed (or after `.failed`). Offsets (`consumed`, a `.body` range) count from `bytes`'s first
  /// byte as 0.
  public mutating func next<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> (event: Event, consumed: Int)?
  where Bytes.Index == Int {
    switch state {
    case .failed:
      return nil
    case .end:
      state = .head(HeadScan())
      return (.end, 0)
    case .body(let remaining):
      guard !bytes.isEmpty else { return nil }
      let taken = min(remaining, bytes.count)
      state = taken == remaining ? .end : .body(remaining: remaining - taken)
      return (.body(0..<taken), taken)
    case .head(var scan):
      let result = scanHead(bytes, &scan)
      if result == nil { state = .head(scan) }
      return result
    }
  }

  /// Scans for the empty line that ends the head, checking line ends, the first byte and the limits on the way.
  private mutating func scanHead<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ scan: inout HeadScan)
    -> (event: Event, consumed: Int)?
  where Bytes.Index == Int {
    let base = bytes.startIndex
    var index = scan.searchFrom
    while index < bytes.count {
      if index >= limits.maxHeaderBytes {
        return fail(
          scan.sawRequestLine
            ? HTTPError.headTooLarge(limits.maxHeaderBytes) : HTTPError.requestLineTooLong(limits.maxHeaderBytes))
      }
      let byte = bytes[base + index]
      let afterCR = index > scan.lineStart && bytes[base + index - 1] == HTTPSyntax.cr
      if byte == HTTPSyntax.lf {
        guard afterCR else { return fail(.bareLineFeed) }
        if index - 1 == scan.lineStart {
          if scan.sawRequestLine { return complete(bytes[base..<(base + index + 1)]) }
        } else if !scan.sawRequestLine {
          scan.sawRequestLine = true
        } else {
          scan.fieldLines += 1
          if scan.fieldLines > limits.maxHeaderCount { return fail(HTTPError.tooManyFields(limits.maxHeaderCount)) }
        }
        scan.lineStart = index + 1
      } else if afterCR {
        return fail(.bareCarriageReturn)
      } else if !scan.sawRequestLine, index == scan.lineStart, byte != HTTPSyntax.cr, !HTTPSyntax.isToken(byte) {
        return fail(.notHTTP)
      }
      index += 1
    }
    scan.searchFrom = index
    return nil
  }

  private mutating func complete(_ head: some Collection<UInt8>) -> (event: Event, consumed: Int) {
    switch HTTPHeadParser.parse(head, limits: limits) {
    case .failure(let error):
      return fail(error)
    case .success(let parsed):
      state = parsed.contentLength > 0 ? .body(remaining: parsed.contentLength) : .end
      return (.head(parsed), head.count)
    }
  }

  private mutating func fail(_ error: HTTPError) -> (event: Event, consumed: Int) {
    state = .failed
    return (.failed(error), 0)
  }
}

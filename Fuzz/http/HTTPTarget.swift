// libFuzzer target `http`: the HTTP/1.1 request decoder of `placement serve` (Sources/PlacementServer/HTTP) on
// arbitrary bytes, as a connection's byte stream.
//
// Built by scripts/fuzz.sh with the decoder's sources in the same module (no `import`). Invariants checked on
// every input, with the default limits and with small ones (a 200-byte head, 4 fields):
// - decoding the input whole, and fed in pieces whose sizes the input itself chooses, gives the same events:
//   the same heads, the same body bytes, the same error at the same place (the decoder is incremental);
// - a head is at most the head limit, with at most the field limit, a method of token characters, a path
//   starting with `/`, and a body length that is not negative; bytes are consumed in order, never beyond the input;
// - the head parser, given the input as a complete head, returns a head or an error without trapping.

/// What decoding a byte stream produced, in order.
enum HTTPFuzzEvent: Equatable {
  case head(HTTPRequestHead)
  case body([UInt8])
  case end
  case failed(HTTPError)
}

func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  for limits in [HTTPLimits(), HTTPLimits(maxHeaderBytes: 200, maxHeaderCount: 4)] {
    let whole = httpEvents(bytes, limits: limits, pieces: [bytes.count])
    let sizes = [1] + bytes.prefix(16).map { Int($0 % 13) + 1 }
    precondition(httpEvents(bytes, limits: limits, pieces: sizes) == whole, "a split changed the events")
    for event in whole {
      guard case .head(let head) = event else { continue }
      precondition(head.fields.count <= limits.maxHeaderCount, "more fields than the limit")
      precondition(!head.method.isEmpty && head.method.utf8.allSatisfy(HTTPSyntax.isToken), "method \(head.method)")
      precondition(head.path.hasPrefix("/"), "path \(head.path)")
      precondition(head.contentLength >= 0, "negative length")
    }
  }
  bytes.withUnsafeBufferPointer { _ = HTTPHeadParser.parse($0, limits: HTTPLimits()) }
  return 0
}

/// Decodes `bytes` fed in pieces of the given sizes (cycled; merged bodies), as a connection would.
func httpEvents(_ bytes: [UInt8], limits: HTTPLimits, pieces: [Int]) -> [HTTPFuzzEvent] {
  var decoder = HTTPRequestDecoder(limits: limits)
  var events: [HTTPFuzzEvent] = []
  var buffered: [UInt8] = []
  var fed = 0
  var piece = 0
  while true {
    let step = max(1, pieces[piece % pieces.count])
    piece += 1
    let more = min(step, bytes.count - fed)
    buffered += bytes[fed..<(fed + more)]
    fed += more
    while let (event, consumed) = buffered.withUnsafeBufferPointer({ decoder.next($0) }) {
      precondition(consumed >= 0 && consumed <= buffered.count, "consumed \(consumed) of \(buffered.count)")
      switch event {
      case .head(let head):
        precondition(consumed <= limits.maxHeaderBytes, "a head of \(consumed) bytes over the limit")
        events.append(.head(head))
      case .body(let range):
        precondition(range == 0..<consumed && !range.isEmpty, "body range \(range), consumed \(consumed)")
        if case .body(let earlier)? = events.last {
          events[events.count - 1] = .body(earlier + buffered[range])
        } else {
          events.append(.body(Array(buffered[range])))
        }
      case .end: events.append(.end)
      case .failed(let error):
        events.append(.failed(error))
        return events
      }
      buffered.removeFirst(consumed)
    }
    if fed == bytes.count { return events }
  }
}

#if !PLACEMENT_FUZZ_ALL
  @_cdecl("LLVMFuzzerTestOneInput")
  public func httpEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzHTTP(data, size) }
#endif

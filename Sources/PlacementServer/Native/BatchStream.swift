import PlacementKit

/// `POST /v1/resolve/batch`: a JSON Lines body resolved line by line as it arrives, its decision lines written
/// back as a chunked response while the body is still coming, all with the rule set installed when the request
/// began (named in `Placement-Rules-Version`).
///
/// The output is that of `placement resolve --profiles FILE --errors inline`: one decision line per profile and
/// placement, in input order; a line that cannot be read gives `{"line": n, "column": c, "error": "…"}` (column
/// for invalid JSON only) and the others go on; blank lines are skipped. A line is held to the profile limit
/// (1 MiB); a longer one is reported and skipped up to its end.
final class BatchStream {
  let ruleSet: RuleSet
  let handles: [PlacementHandle]
  let query: ResolveQuery
  let limits = ProfileLimits.default
  /// The start of a line whose end has not arrived.
  private var partial: [UInt8] = []
  /// The line being skipped is over the limit: its bytes are dropped until its end.
  private var skipping = false
  private(set) var lineNumber = 0
  private(set) var resolved = 0
  private(set) var failed = 0
  /// Bytes of decision and error lines written so far.
  private(set) var written = 0

  private init(ruleSet: RuleSet, handles: [PlacementHandle], query: ResolveQuery) {
    self.ruleSet = ruleSet
    self.handles = handles
    self.query = query
  }

  /// A stream for the request `head`, or the error to answer with (a bad query, an unknown placement).
  static func open(_ head: HTTPRequestHead, rules: RuleSet, allowNow: Bool) -> Result<BatchStream, ServiceError> {
    switch ResolveQuery.parse(head.query, allowNow: allowNow) {
    case .failure(let error): return .failure(error)
    case .success(let query):
      return query.handles(in: rules).map { BatchStream(ruleSet: rules, handles: $0, query: query) }
    }
  }

  /// The response head, sent before the first line is read.
  func responseHead(keepAlive: Bool, date: String?) -> [UInt8] {
    HTTPResponse.chunkedHead(
      status: 200,
      fields: [
        (name: "Content-Type", value: "application/x-ndjson"),
        (name: "Placement-Rules-Version", value: ruleSet.version),
      ],
      keepAlive: keepAlive, date: date)
  }

  /// Resolves every line `input[bytes]` completes and appends their output to `output` as one chunk.
  func feed(_ input: [UInt8], _ bytes: Range<Int>, into output: inout [UInt8], context: inout RequestContext) {
    input.withUnsafeBufferPointer { feed(UnsafeBufferPointer(rebasing: $0[bytes]), into: &output, context: &context) }
  }

  /// Resolves every line `bytes` completes and appends their output to `output` as one chunk.
  func feed(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], context: inout RequestContext) {
    context.json.removeAll()
    let options = query.options(at: .now)
    var start = 0
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      let piece = UnsafeBufferPointer(rebasing: bytes[start..<newline])
      start = newline + 1
      if skipping {
        skipping = false
        continue
      }
      if partial.isEmpty {
        line(piece, options: options, context: &context)
      } else {
        partial.append(contentsOf: piece)
        let whole = partial
        partial.removeAll(keepingCapacity: true)
        whole.withUnsafeBufferPointer { line($0, options: options, context: &context) }
      }
    }
    keep(UnsafeBufferPointer(rebasing: bytes[start...]), context: &context)
    written += context.json.count
    HTTPResponse.appendChunk(context.json.bytes, to: &output)
  }

  /// Resolves a last line without a newline, then ends the body.
  func finish(into output: inout [UInt8], context: inout RequestContext) {
    context.json.removeAll()
    if !partial.isEmpty, !skipping {
      let whole = partial
      whole.withUnsafeBufferPointer { line($0, options: query.options(at: .now), context: &context) }
    }
    partial = []
    written += context.json.count
    HTTPResponse.appendChunk(context.json.bytes, to: &output)
    output.append(contentsOf: HTTPResponse.lastChunk)
  }

  /// Keeps the start of an unfinished line, or reports it once it is over the limit.
  private func keep(_ rest: UnsafeBufferPointer<UInt8>, context: inout RequestContext) {
    guard !skipping, !rest.isEmpty else { return }
    guard partial.count + rest.count <= limits.json.maxBytes else {
      lineNumber += 1
      failed += 1
      report(
        "the line is over the profile limit of \(limits.json.maxBytes) bytes; it is skipped", column: nil,
        context: &context)
      partial.removeAll()
      skipping = true
      return
    }
    partial.append(contentsOf: rest)
  }

  private func line(_ bytes: UnsafeBufferPointer<UInt8>, options: ResolveOptions, context: inout RequestContext) {
    lineNumber += 1
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
    let bound: BoundProfile
    do {
      bound = try ruleSet.bind(jsonBytes: bytes, limits: limits)
    } catch {
      failed += 1
      report(error.message, column: error.position?.column, context: &context)
      return
    }
    let decided = ruleSet.decidingPrerequisites(bound, options: options)
    for handle in handles {
      guard let decision = try? ruleSet.resolve(handle, for: decided, options: options) else { continue }
      context.count(decision)
      decision.write(to: &context.json)
      context.json.endLine()
    }
    resolved += 1
  }

  private func report(_ message: String, column: Int?, context: inout RequestContext) {
    context.json.lineError(message, line: lineNumber, column: column)
  }
}

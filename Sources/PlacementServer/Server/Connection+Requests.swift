import Foundation

extension Connection {
  /// Reads the buffered input's events and answers the requests they complete, in order, within a turn's budget
  /// and while the output is under the high-water mark.
  func process(_ loop: EventLoop) {
    var answered = 0
    var streamed = 0
    while !closeAfterFlush, pendingOutput < Self.highWater {
      if answered == Self.requestsPerTurn || streamed >= Self.streamBytesPerTurn {
        // Even with no byte left: the end of a body is an event of its own.
        loop.schedule(self)
        break
      }
      var available = unconsumedInput
      if case .streaming = phase { available = min(available, Self.streamBytesPerTurn - streamed) }
      let start = inputStart
      guard let (event, consumed) = decoder.next(input, in: start..<(start + available)) else { break }
      inputStart += consumed
      switch event {
      case .head(let head): begin(head, loop)
      case .body(let range):
        let bytes = (start + range.lowerBound)..<(start + range.upperBound)
        if case .streaming = phase { streamed += bytes.count }
        receive(bytes, loop)
      case .end:
        complete(loop)
        answered += 1
      case .failed(let error):
        var request = currentRequest
        request?.keepAlive = false
        answer(ServiceError(error).response, for: request, route: request?.route ?? .other, loop)
        closeAfterFlush = true
        linger = true
      }
    }
    if inputStart == input.count {
      input.removeAll(keepingCapacity: input.capacity <= 1 << 20)
      inputStart = 0
    } else if inputStart > 65_536, inputStart * 2 > input.count {
      input.removeFirst(inputStart)
      inputStart = 0
    }
  }

  var currentRequest: Request? {
    switch phase {
    case .idle: nil
    case .collecting(let request), .streaming(let request, _), .answered(let request): request
    }
  }

  /// A head was read: refuse it (route, method, token, body size), or get ready for its body.
  private func begin(_ head: HTTPRequestHead, _ loop: EventLoop) {
    let service = loop.server.service
    let (route, key, refusal) = service.route(head)
    let keepAlive = head.keepAlive && !loop.server.draining.load(ordering: .relaxed)
    let request = Request(head: head, route: route, key: key, headAt: loop.now, keepAlive: keepAlive)
    bytesAfterHead = unconsumedInput
    if let refusal { return answerEarly(refusal, request, limit: service.options.maxBodyBytes, loop) }
    switch service.plan(head, route: route) {
    case .answer(let response):
      answerEarly(response, request, limit: service.options.maxBodyBytes, loop)
    case .collect(let limit):
      guard head.contentLength <= limit else { return refuseBody(request, limit: limit, loop) }
      if head.expectsContinue, head.contentLength > 0 { output += HTTPResponse.continueResponse }
      var collecting = request
      collecting.body.reserveCapacity(head.contentLength)
      phase = .collecting(collecting)
    case .stream(let stream, let limit):
      guard head.contentLength <= limit else { return refuseBody(request, limit: limit, loop) }
      if head.expectsContinue, head.contentLength > 0 { output += HTTPResponse.continueResponse }
      output += stream.responseHead(keepAlive: keepAlive, date: loop.date.current())
      phase = .streaming(request, stream)
    }
  }

  /// Answers before the body: a body up to `limit` bytes is read and dropped (the connection stays open); a
  /// larger one is not read (the connection closes).
  private func answerEarly(_ response: HTTPResponse, _ request: Request, limit: Int, _ loop: EventLoop) {
    var request = request
    if request.head.contentLength > limit {
      request.keepAlive = false
      closeAfterFlush = true
      linger = true
    }
    answer(response, for: request, route: request.route, loop)
    phase = .answered(request)
  }

  private func refuseBody(_ request: Request, limit: Int, _ loop: EventLoop) {
    let error = HTTPError.bodyTooLarge(request.head.contentLength, limit: limit)
    answerEarly(ServiceError(error).response, request, limit: 0, loop)
  }

  private func receive(_ bytes: Range<Int>, _ loop: EventLoop) {
    switch phase {
    case .collecting(var request):
      phase = .idle  // keeps the body uniquely referenced while it grows
      request.body.append(contentsOf: input[bytes])
      phase = .collecting(request)
    case .streaming(_, let stream):
      stream.feed(input, bytes, into: &output, context: &loop.context)
      loop.context.shard.record(decisions: loop.context.decisions)
      loop.context.decisions.removeAll(keepingCapacity: true)
    case .idle, .answered:
      break
    }
  }

  /// The request's last byte is read: answer it (a stream ends its body).
  private func complete(_ loop: EventLoop) {
    switch phase {
    case .collecting(let request):
      let started = MonotonicClock.now()
      let response = loop.server.service.respond(
        request.route, key: request.key, to: request.head, body: request.body, context: &loop.context)
      answer(response, for: request, route: request.route, loop, since: started)
    case .streaming(let request, let stream):
      stream.finish(into: &output, context: &loop.context)
      let seconds = Double(MonotonicClock.now() - request.headAt) / 1e9
      loop.context.shard.record(request.route, status: 200, seconds: seconds, decisions: loop.context.decisions)
      loop.context.decisions.removeAll(keepingCapacity: true)
      if loop.server.configuration.accessLog {
        AccessLog.write(
          remote: remote, head: request.head, route: request.route, status: 200, bytes: stream.written,
          microseconds: Int(seconds * 1e6), rulesVersion: stream.ruleSet.version)
      }
      if !request.keepAlive || loop.server.draining.load(ordering: .relaxed) { closeAfterFlush = true }
    case .answered, .idle:
      break
    }
    phase = .idle
    requestStarted = unconsumedInput > 0 ? loop.now : nil
  }

  /// Queues `response` to `request` (nil: a head that could not be read), counts it and logs it.
  func answer(
    _ response: HTTPResponse, for request: Request?, route: Route, _ loop: EventLoop, since started: UInt64? = nil
  ) {
    let keepAlive = (request?.keepAlive ?? false) && !loop.server.draining.load(ordering: .relaxed)
    let head = request?.head
    response.serialize(
      into: &output, keepAlive: keepAlive, date: loop.date.current(), includeBody: head?.method != "HEAD")
    if !keepAlive { closeAfterFlush = true }
    let seconds = started.map { Double(MonotonicClock.now() - $0) / 1e9 } ?? 0
    loop.context.shard.record(route, status: response.status, seconds: seconds, decisions: loop.context.decisions)
    loop.context.decisions.removeAll(keepingCapacity: true)
    if loop.server.configuration.accessLog {
      let version = response.fields.first { $0.name == "Placement-Rules-Version" }?.value
      AccessLog.write(
        remote: remote, head: head, route: route, status: response.status, bytes: response.body.count,
        microseconds: Int(seconds * 1e6), rulesVersion: version)
    }
  }

  /// The read timeout passed with the request incomplete: 408 (unless it was answered already), then close.
  func answerTimeout(_ loop: EventLoop) {
    loop.server.service.connections.timedOut.add(1, ordering: .relaxed)
    if case .answered = phase { return loop.remove(self) }
    var request = currentRequest
    request?.keepAlive = false
    let error = HTTPError.readTimeout(seconds: loop.server.configuration.readTimeout)
    answer(ServiceError(error).response, for: request, route: request?.route ?? .other, loop)
    closeAfterFlush = true
    phase = .idle
    step(loop)
  }
}

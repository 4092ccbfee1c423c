import CEventPoll
import Foundation

/// One client connection of an event loop: its bytes in and out, the request being read, and its deadlines.
///
/// A connection alternates between reading a request and answering it; pipelined requests are answered in
/// order, each response queued after the one before. Reading stops while more than ``highWater`` bytes of
/// responses wait for the client (flow control: the client's sends then block in TCP), except for the rest of a
/// body being received (at most its Content-Length, which the route's body limit bounds); a turn answers at most
/// ``requestsPerTurn`` requests before the loop serves other connections.
final class Connection {
  let descriptor: Int32
  let remote: String
  var decoder: HTTPRequestDecoder
  /// Bytes read; those before `inputStart` are consumed.
  var input: [UInt8] = []
  var inputStart = 0
  /// Bytes to send; those before `outputStart` are sent.
  var output: [UInt8] = []
  var outputStart = 0
  var phase: Phase = .idle
  /// When the first byte of the request being read arrived (nil between requests).
  var requestStarted: UInt64?
  /// When the connection last read or wrote a byte.
  var lastActivity: UInt64
  /// When a send last made progress.
  var lastWrite: UInt64
  /// When a read last brought bytes.
  var lastRead: UInt64
  /// Bytes read since the current request's head was read (its body, and perhaps more).
  var bytesAfterHead = 0
  /// The client shut down its side: nothing more will arrive.
  var peerClosed = false
  /// Close once the output is sent (an error, `Connection: close`, a shutdown).
  var closeAfterFlush = false
  /// After the output is sent, shut down writing and read (and drop) what the client still sends, until it
  /// closes or `lingerUntil`, so that closing with unread bytes does not reset the connection before the client
  /// has read the response (a 413 sent while the body still comes).
  var linger = false
  var lingerUntil: UInt64?
  var interest: UInt32 = 0
  var isClosed = false
  var isScheduled = false

  static let highWater = 262_144
  static let requestsPerTurn = 32
  /// Batch body bytes fed per turn.
  static let streamBytesPerTurn = 262_144
  static let lingerNanoseconds: UInt64 = 2_000_000_000
  /// The least average rate of a body after its first read timeout, in bytes per second.
  static let minimumBodyRate = 1_024.0

  /// What the connection is doing with the current request.
  enum Phase {
    /// Between requests (or reading a head).
    case idle
    /// The head is read; the body is being collected.
    case collecting(Request)
    /// The head is read; the body is fed to a batch stream as it arrives.
    case streaming(Request, BatchStream)
    /// Answered before its body was read; the body is dropped as it arrives.
    case answered(Request)
  }

  /// A request whose head has been read.
  struct Request {
    let head: HTTPRequestHead
    let route: Route
    let key: String?
    var body: [UInt8] = []
    /// When the head was read (for a stream's duration).
    let headAt: UInt64
    var keepAlive: Bool
  }

  init(descriptor: Int32, remote: String, limits: HTTPLimits, now: UInt64) {
    self.descriptor = descriptor
    self.remote = remote
    decoder = HTTPRequestDecoder(limits: limits)
    lastActivity = now
    lastWrite = now
    lastRead = now
  }

  var pendingOutput: Int { output.count - outputStart }
  var unconsumedInput: Int { input.count - inputStart }

  /// No request in progress and nothing to send: a shutdown closes it at once.
  var isIdle: Bool {
    if case .idle = phase { return unconsumedInput == 0 && pendingOutput == 0 && decoder.isBetweenRequests }
    return false
  }

  func readable(_ loop: EventLoop) {
    let count = SocketIO.receive(descriptor, into: &loop.scratch)
    if count < 0 {
      if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
      return loop.remove(self)
    }
    lastActivity = loop.now
    lastRead = loop.now
    if lingerUntil != nil {
      if count == 0 { loop.remove(self) }
      return
    }
    if count == 0 {
      peerClosed = true
    } else {
      if requestStarted == nil { requestStarted = loop.now }
      if currentRequest != nil { bytesAfterHead += count }
      input.append(contentsOf: loop.scratch[0..<count])
    }
    step(loop)
  }

  func writable(_ loop: EventLoop) {
    step(loop)
  }

  /// Answers what the buffered input allows, sends what it can, then decides what to poll for, or closes.
  func step(_ loop: EventLoop) {
    if !closeAfterFlush { process(loop) }
    flush(loop)
    guard !isClosed else { return }
    if pendingOutput == 0 {
      if closeAfterFlush { return finishClosing(loop) }
      // Nothing more will arrive: a request left incomplete can never be answered.
      if peerClosed, !isScheduled { return loop.remove(self) }
    }
    // A body still arriving is read whole even while responses wait: many clients send the whole request before
    // they read anything (a batch answered as it streams would otherwise stall both sides until a timeout).
    let open = !closeAfterFlush && !peerClosed
    let reading =
      lingerUntil != nil
      || (open && pendingOutput < Self.highWater
        && unconsumedInput < decoder.limits.maxHeaderBytes + Self.streamBytesPerTurn)
      || (open && unconsumedInput < decoder.remainingBodyBytes)
    loop.poll(self, for: (reading ? UInt32(CEVENT_POLL_IN) : 0) | (pendingOutput > 0 ? UInt32(CEVENT_POLL_OUT) : 0))
  }

  /// Sends buffered output until the socket would block.
  func flush(_ loop: EventLoop) {
    while pendingOutput > 0 {
      let sent = SocketIO.send(descriptor, output, from: outputStart)
      if sent < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK { break }
        return loop.remove(self)
      }
      outputStart += sent
      lastWrite = loop.now
      lastActivity = loop.now
    }
    if outputStart == output.count {
      output.removeAll(keepingCapacity: output.capacity <= 1 << 20)
      outputStart = 0
    } else if outputStart > 65_536, outputStart * 2 > output.count {
      // Only when the sent part is the larger: each byte is moved a bounded number of times.
      output.removeFirst(outputStart)
      outputStart = 0
    }
  }

  private func finishClosing(_ loop: EventLoop) {
    guard linger, !peerClosed else { return loop.remove(self) }
    if lingerUntil == nil {
      shutdown(descriptor, Int32(SHUT_WR))
      lingerUntil = loop.now + Self.lingerNanoseconds
      input = []
      inputStart = 0
    }
    loop.poll(self, for: UInt32(CEVENT_POLL_IN))
  }

  /// Closes the connection when a deadline has passed: lingering; writing (the client has read nothing of a
  /// response for the write timeout); reading (a head not complete within the read timeout of its first byte, or
  /// a body that paused for the read timeout or averages under ``minimumBodyRate`` after it: 408 when nothing of
  /// the response was sent); idle.
  func checkDeadlines(_ loop: EventLoop) {
    let now = loop.now
    let configuration = loop.server.configuration
    if let lingerUntil {
      if now >= lingerUntil { loop.remove(self) }
      return
    }
    if pendingOutput > 0, now >= lastWrite + MonotonicClock.nanoseconds(configuration.writeTimeout) {
      return timedOut(loop)
    }
    if requestStarted != nil, !closeAfterFlush,
      readExpired(now, timeout: MonotonicClock.nanoseconds(configuration.readTimeout))
    {
      if case .streaming = phase { return timedOut(loop) }
      return answerTimeout(loop)
    }
    if isIdle, now >= lastActivity + MonotonicClock.nanoseconds(configuration.idleTimeout) { loop.remove(self) }
  }

  /// Whether the client is too slow sending the request being read. Time the server spends answering (a head
  /// and body both read) is not the client's.
  private func readExpired(_ now: UInt64, timeout: UInt64) -> Bool {
    guard let request = currentRequest else { return now >= requestStarted! + timeout }
    guard decoder.remainingBodyBytes > unconsumedInput else { return false }
    let elapsed = now - request.headAt
    let expected = Double(elapsed.subtractingReportingOverflow(timeout).partialValue) / 1e9 * Self.minimumBodyRate
    return now >= lastRead + timeout || (elapsed > timeout && Double(bytesAfterHead) < expected)
  }

  private func timedOut(_ loop: EventLoop) {
    loop.server.service.connections.timedOut.add(1, ordering: .relaxed)
    loop.remove(self)
  }
}

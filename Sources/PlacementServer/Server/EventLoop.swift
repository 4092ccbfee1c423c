import CEventPoll
import Foundation

/// One thread's event loop: waits on its epoll instance for the shared listening socket (added with
/// `EPOLLEXCLUSIVE`, so one loop wakes per new connection), its connections and its wake-up counter; serves
/// every connection it accepts to the end; checks deadlines every 100 ms.
final class EventLoop: @unchecked Sendable {
  // @unchecked: once `run` starts, only its thread touches the state below; other threads only call `wake()`,
  // which writes to the eventfd.
  let poll: Int32
  let wakeDescriptor: Int32
  private(set) var connections: [Int32: Connection] = [:]
  /// Connections with requests buffered that a turn's budget left for the next turn.
  private var ready: [Connection] = []
  var context: RequestContext
  var date = HTTPDate()
  /// Reused for every `read`.
  var scratch = [UInt8](repeating: 0, count: 65_536)
  /// Monotonic nanoseconds at the last wake-up.
  private(set) var now: UInt64 = 0
  private var nextSweep: UInt64 = 0
  private var listening = false
  /// The server, while `run` runs (released at its end: the server holds its loops).
  private(set) var server: Server!

  static let sweepInterval: UInt64 = 100_000_000

  init(poll: Int32, wake: Int32, shard: MetricsShard) {
    self.poll = poll
    wakeDescriptor = wake
    context = RequestContext(shard: shard)
  }

  func closeDescriptors() {
    close(poll)
    close(wakeDescriptor)
  }

  /// Wakes the loop from another thread.
  func wake() {
    var one: UInt64 = 1
    _ = write(wakeDescriptor, &one, 8)
  }

  func run(_ server: Server) {
    self.server = server
    listening = cevent_poll_add(poll, server.listener, UInt32(CEVENT_POLL_IN), 1) == 0
    cevent_poll_add(poll, wakeDescriptor, UInt32(CEVENT_POLL_IN), 0)
    var descriptors = [Int32](repeating: 0, count: 128)
    var events = [UInt32](repeating: 0, count: 128)
    while true {
      let timeout: Int32 = !ready.isEmpty ? 0 : connections.isEmpty ? 1_000 : 100
      let count = cevent_poll_wait(poll, &descriptors, &events, Int32(descriptors.count), timeout)
      now = MonotonicClock.now()
      for index in 0..<max(0, Int(count)) { dispatch(descriptors[index], events[index]) }
      serveReady()
      if now >= nextSweep {
        sweep()
        nextSweep = now + Self.sweepInterval
      }
      if server.draining.load(ordering: .acquiring), drain() { break }
    }
    for connection in Array(connections.values) { remove(connection) }
    closeDescriptors()
    self.server = nil
  }

  private func dispatch(_ descriptor: Int32, _ events: UInt32) {
    if descriptor == server.listener {
      acceptConnections()
      return
    }
    if descriptor == wakeDescriptor {
      var value: UInt64 = 0
      _ = read(wakeDescriptor, &value, 8)
      return
    }
    guard let connection = connections[descriptor] else { return }
    if events & UInt32(CEVENT_POLL_OUT) != 0 { connection.writable(self) }
    if events & UInt32(CEVENT_POLL_IN | CEVENT_POLL_HUP | CEVENT_POLL_ERR) != 0, !connection.isClosed {
      connection.readable(self)
    }
  }

  private func acceptConnections() {
    let counters = server.service.connections
    for _ in 0..<64 {
      var storage = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let descriptor = withUnsafeMutablePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { cevent_poll_accept(server.listener, $0, &length) }
      }
      guard descriptor >= 0 else {
        if errno == EINTR || errno == ECONNABORTED { continue }
        return
      }
      counters.accepted.add(1, ordering: .relaxed)
      guard counters.open.add(1, ordering: .relaxed).newValue <= server.configuration.maxConnections else {
        counters.open.subtract(1, ordering: .relaxed)
        counters.refused.add(1, ordering: .relaxed)
        Self.refuse(descriptor, date: date.current())
        continue
      }
      var on: Int32 = 1
      setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
      let peer = server.configuration.accessLog ? Listener.peer(storage) : nil
      let connection = Connection(
        descriptor: descriptor, remote: peer.map { "\($0.host):\($0.port)" } ?? "", limits: server.configuration.limits,
        now: now)
      connections[descriptor] = connection
      cevent_poll_add(poll, descriptor, UInt32(CEVENT_POLL_IN), 0)
      connection.interest = UInt32(CEVENT_POLL_IN)
    }
  }

  /// A connection over the limit: a 503 if the socket takes it at once, then close.
  static func refuse(_ descriptor: Int32, date: String) {
    var bytes: [UInt8] = []
    ServiceError.unavailable.response.serialize(into: &bytes, keepAlive: false, date: date)
    _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
    close(descriptor)
  }

  /// Marks `connection` to be served again next turn (its budget ran out with requests still buffered).
  func schedule(_ connection: Connection) {
    guard !connection.isScheduled else { return }
    connection.isScheduled = true
    ready.append(connection)
  }

  private func serveReady() {
    guard !ready.isEmpty else { return }
    let turn = ready
    ready.removeAll(keepingCapacity: true)
    for connection in turn {
      connection.isScheduled = false
      if !connection.isClosed { connection.step(self) }
    }
  }

  private func sweep() {
    for connection in Array(connections.values) { connection.checkDeadlines(self) }
  }

  /// One turn of a shutdown: stop accepting, close idle connections; true when the loop may end.
  private func drain() -> Bool {
    if listening {
      cevent_poll_remove(poll, server.listener)
      listening = false
    }
    for connection in Array(connections.values) where connection.isIdle { remove(connection) }
    if connections.isEmpty { return true }
    if now >= server.drainDeadline.load(ordering: .relaxed) {
      for connection in Array(connections.values) { remove(connection) }
      return true
    }
    return false
  }

  /// Updates the events `connection` is polled for.
  func poll(_ connection: Connection, for events: UInt32) {
    guard events != connection.interest else { return }
    cevent_poll_modify(poll, connection.descriptor, events)
    connection.interest = events
  }

  /// Closes `connection` and forgets it.
  func remove(_ connection: Connection) {
    guard !connection.isClosed else { return }
    connection.isClosed = true
    cevent_poll_remove(poll, connection.descriptor)
    close(connection.descriptor)
    connections[connection.descriptor] = nil
    server.service.connections.open.subtract(1, ordering: .relaxed)
  }
}

/// The server's byte-moving system calls over arrays: each lends the array's storage for the call only.
enum SocketIO {
  /// `recv(2)` into `buffer` from its start, up to its count.
  /// - Returns: the bytes received, 0 at the end of the stream, or -1 with `errno` set.
  static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
    buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
  }

  /// `send(2)` of `bytes[start...]`, without blocking and without `SIGPIPE`.
  /// - Returns: the bytes sent, or -1 with `errno` set.
  static func send(_ descriptor: Int32, _ bytes: [UInt8], from start: Int) -> Int {
    bytes.withUnsafeBytes {
      Foundation.send(descriptor, $0.baseAddress! + start, $0.count - start, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
    }
  }

  /// `write(2)` of all of `bytes`, continued after a short write; stops at the first error.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }
}

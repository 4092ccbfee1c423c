import CEventPoll
import Dispatch
import Foundation
import Synchronization

/// `placement serve`'s HTTP/1.1 server: one listening socket, and one event loop per thread (``EventLoop``), each
/// accepting connections from the shared socket and serving them to the end: reading, framing
/// (``HTTPRequestDecoder``), answering (``Service``) and writing, with timeouts and a connection limit.
///
/// ```swift
/// let server = try Server(configuration: configuration, rules: rules, options: options)
/// server.start()
/// // on SIGTERM:
/// server.shutdown(within: 10)
/// server.wait()
/// ```
public final class Server: Sendable {
  /// The port the server listens on (the one the system chose when the configuration asked for port 0).
  public let port: UInt16
  let configuration: ServerConfiguration
  let service: Service
  let listener: Int32
  private let loops: [EventLoop]
  private let finished = DispatchGroup()
  /// Set by ``shutdown(within:)``: loops stop accepting, close idle connections, and end when none is left.
  let draining = Atomic<Bool>(false)
  /// Monotonic nanoseconds after which a draining loop closes the connections it still has.
  let drainDeadline = Atomic<UInt64>(0)

  /// Listens on the configuration's address. Rules need not be loaded yet: until they are, the routes that decide
  /// and `/readyz` answer 503.
  /// - Throws: ``ServerError`` when the address cannot be bound or the event polls cannot be made.
  public init(configuration: ServerConfiguration, rules: ServedRules, options: ServiceOptions) throws(ServerError) {
    self.configuration = configuration
    let threads = max(1, configuration.threads)
    service = Service(rules: rules, options: options, loops: threads)
    let (socket, port) = try Listener.open(configuration.address, backlog: 4_096)
    listener = socket
    self.port = port
    var loops: [EventLoop] = []
    for index in 0..<threads {
      let poll = cevent_poll_create()
      let wake = cevent_poll_eventfd()
      guard poll >= 0, wake >= 0 else {
        let code = errno
        for loop in loops { loop.closeDescriptors() }
        close(socket)
        throw .cannotPoll(code)
      }
      loops.append(EventLoop(poll: poll, wake: wake, shard: service.shards[index]))
    }
    self.loops = loops
  }

  deinit {
    close(listener)
  }

  /// Starts every event loop on its own thread.
  public func start() {
    for loop in loops {
      finished.enter()
      let thread = Thread { [self] in
        loop.run(self)
        finished.leave()
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  /// Stops accepting connections and closes idle ones; requests in flight are answered (with
  /// `Connection: close`) and their connections closed, until `seconds` from now, when the rest are closed.
  /// Returns at once; ``wait()`` returns when every loop has ended.
  public func shutdown(within seconds: Double) {
    drainDeadline.store(MonotonicClock.now() + MonotonicClock.nanoseconds(seconds), ordering: .relaxed)
    draining.store(true, ordering: .releasing)
    for loop in loops { loop.wake() }
  }

  /// Waits until every loop has ended (after ``shutdown(within:)``).
  public func wait() {
    finished.wait()
  }

  /// Connections open now.
  public var openConnections: Int { service.connections.open.load(ordering: .relaxed) }

  /// The rules the server answers with.
  public var rules: ServedRules { service.rules }
}

import PlacementKit
import Synchronization

/// The counters of one event loop: only that loop adds to them, and the metrics page sums every loop's. One
/// lock per request, contended only while the page is built.
final class MetricsShard: Sendable {
  struct DecisionKey: Hashable, Sendable {
    let placement: String
    let reason: DecisionReason
  }

  struct RequestKey: Hashable, Sendable {
    let route: Route
    let status: Int
  }

  struct Counters: Sendable {
    var requests: [RequestKey: Int] = [:]
    /// Per route: requests whose duration fell in each bucket of ``Metrics/latencyBounds`` (the last one: above
    /// every bound), not cumulated.
    var latency = [[Int]](
      repeating: [Int](repeating: 0, count: Metrics.latencyBounds.count + 1), count: Route.allCases.count)
    var latencySum = [Double](repeating: 0, count: Route.allCases.count)
    var decisions: [DecisionKey: Int] = [:]

    mutating func add(_ other: Counters) {
      requests.merge(other.requests, uniquingKeysWith: +)
      decisions.merge(other.decisions, uniquingKeysWith: +)
      for route in latency.indices {
        latencySum[route] += other.latencySum[route]
        for bucket in latency[route].indices { latency[route][bucket] += other.latency[route][bucket] }
      }
    }
  }

  private let counters = PthreadLocked(Counters())

  /// Counts one response and the decisions it carried.
  /// - Parameter seconds: from the request's last byte read to its response queued.
  func record(_ route: Route, status: Int, seconds: Double, decisions: [DecisionKey]) {
    let bucket = Metrics.latencyBounds.firstIndex { seconds <= $0 } ?? Metrics.latencyBounds.count
    counters.withLock { counters in
      counters.requests[RequestKey(route: route, status: status), default: 0] += 1
      counters.latency[route.rawValue][bucket] += 1
      counters.latencySum[route.rawValue] += seconds
      for key in decisions { counters.decisions[key, default: 0] += 1 }
    }
  }

  /// Counts decisions of a response still being written (a streamed batch).
  func record(decisions: [DecisionKey]) {
    guard !decisions.isEmpty else { return }
    counters.withLock { counters in
      for key in decisions { counters.decisions[key, default: 0] += 1 }
    }
  }

  var snapshot: Counters { counters.withLock { $0 } }
}

/// Counters of the whole server besides the shards': connections.
final class ConnectionCounters: Sendable {
  /// Connections open now.
  let open = Atomic<Int>(0)
  /// Connections accepted since the start (the refused ones included).
  let accepted = Atomic<Int>(0)
  /// Connections refused at the connection limit (answered 503 and closed).
  let refused = Atomic<Int>(0)
  /// Connections closed by a read, idle or write timeout.
  let timedOut = Atomic<Int>(0)
}

enum Metrics {
  /// Upper bounds of the latency histogram's buckets, in seconds.
  static let latencyBounds: [Double] = [
    0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
  ]
}

import Foundation

/// How the server carries requests: where it listens, its threads, and its limits (docs/Serve.md, "Limits").
public struct ServerConfiguration: Sendable {
  public var address: ListenAddress
  /// Event loops, each on its own thread (default: one per core).
  public var threads: Int
  /// Head limits of every request.
  public var limits: HTTPLimits
  /// Connections open at once; one more is answered 503 and closed (default 1,024).
  public var maxConnections: Int
  /// Seconds a request's head may take to arrive from its first byte, and a body may pause (it must also average
  /// 1 KiB/s after its first `readTimeout` seconds); then 408 and close (default 10).
  public var readTimeout: Double
  /// Seconds a connection may wait for its next request; then it is closed (default 60).
  public var idleTimeout: Double
  /// Seconds a response may wait for the client to read any of it; then the connection is closed (default 10).
  public var writeTimeout: Double
  /// Write one JSON line per response on standard error.
  public var accessLog: Bool

  public init(
    address: ListenAddress, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    limits: HTTPLimits = HTTPLimits(),
    maxConnections: Int = 1_024, readTimeout: Double = 10, idleTimeout: Double = 60, writeTimeout: Double = 10,
    accessLog: Bool = false
  ) {
    self.address = address
    self.threads = threads
    self.limits = limits
    self.maxConnections = maxConnections
    self.readTimeout = readTimeout
    self.idleTimeout = idleTimeout
    self.writeTimeout = writeTimeout
    self.accessLog = accessLog
  }
}

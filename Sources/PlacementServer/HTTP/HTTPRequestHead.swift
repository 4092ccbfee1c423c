/// A request's line and header fields, read and checked (``HTTPHeadParser``), with the framing they imply.
public struct HTTPRequestHead: Sendable, Equatable {
  /// One header field as sent: the name's case kept, the value without surrounding spaces and tabs.
  public struct Field: Sendable, Equatable {
    public let name: String
    public let value: String
  }

  /// The method token as sent (`GET`, `POST`; methods are case-sensitive).
  public let method: String
  /// The request target as sent (`/v1/resolve?explain=true`).
  public let target: String
  /// The target's path: up to `?` (for an absolute-form target, the part after the authority).
  public let path: String
  /// The target's query, after `?`; nil without one.
  public let query: String?
  /// The minor version of HTTP/1.x: 1 or 0.
  public let minorVersion: Int
  /// Every header field, in order.
  public let fields: [Field]
  /// The body's length in bytes (0 without Content-Length); `Int.max` for a number too large to hold.
  public let contentLength: Int
  /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection: close`, HTTP/1.0 only
  /// with `Connection: keep-alive`.
  public let keepAlive: Bool
  /// `Expect: 100-continue`: the client waits for an interim 100 response before it sends the body.
  public let expectsContinue: Bool

  /// The value of the first field called `name` (compared without regard to ASCII case), or nil.
  public func field(_ name: String) -> String? {
    fields.first { HTTPSyntax.equalsIgnoringCase($0.name.utf8, name) }?.value
  }

  /// `GET /path HTTP/1.1`, for logs.
  public var requestLine: String { "\(method) \(target) HTTP/1.\(minorVersion)" }
}

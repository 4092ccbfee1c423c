/// A request that cannot be served as sent: the status to answer with and a message for the client, lower-case
/// without a trailing period. Every message the HTTP layer sends is built here (one catalogue).
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The response status (4xx or 5xx).
  public let status: Int
  /// A stable code for clients and logs (`header-too-large`, `chunked-body`, …).
  public let code: String
  /// What is wrong, for people.
  public let message: String

  public var description: String { "\(status) \(code): \(message)" }

  init(_ status: Int, _ code: String, _ message: String) {
    self.status = status
    self.code = code
    self.message = message
  }

  static let notHTTP = HTTPError(400, "malformed-request-line", "not an HTTP/1.1 request")
  static let bareLineFeed = HTTPError(400, "bare-line-feed", "a line of the head ends in LF without CR")
  static let bareCarriageReturn = HTTPError(400, "bare-carriage-return", "a CR not followed by LF in the head")
  static let malformedRequestLine = HTTPError(
    400, "malformed-request-line", "the request line must be 'METHOD /path HTTP/1.1', separated by single spaces")
  static let malformedTarget = HTTPError(
    400, "malformed-target", "the request target must be a path starting with '/' in visible ASCII")
  static let malformedVersion = HTTPError(400, "malformed-version", "the HTTP version must be 'HTTP/1.1' or 'HTTP/1.0'")
  static func unsupportedVersion(_ version: String) -> HTTPError {
    HTTPError(505, "version-not-supported", "HTTP version '\(version)' is not supported: use HTTP/1.1")
  }
  static let lineFolding = HTTPError(400, "obsolete-line-folding", "a header line starts with a space or a tab")
  static let malformedField = HTTPError(400, "malformed-header", "a header line must be 'Name: value'")
  static let malformedFieldValue = HTTPError(400, "malformed-header", "a header value holds a control character")
  static func requestLineTooLong(_ limit: Int) -> HTTPError {
    HTTPError(414, "target-too-long", "the request line is longer than the head's limit of \(limit) bytes")
  }
  static func headTooLarge(_ limit: Int) -> HTTPError {
    HTTPError(431, "header-too-large", "the request head is over the limit of \(limit) bytes")
  }
  static func tooManyFields(_ limit: Int) -> HTTPError {
    HTTPError(431, "too-many-headers", "the request has more than \(limit) header fields")
  }
  static let missingHost = HTTPError(400, "missing-host", "an HTTP/1.1 request needs exactly one Host header")
  static let malformedContentLength = HTTPError(
    400, "malformed-content-length", "Content-Length must be one decimal number")
  static let conflictingContentLength = HTTPError(
    400, "malformed-content-length", "the request has several Content-Length values that differ")
  static let lengthAndEncoding = HTTPError(
    400, "length-and-transfer-encoding", "the request has both Content-Length and Transfer-Encoding")
  static let chunkedBody = HTTPError(
    411, "chunked-body", "chunked request bodies are not accepted: send the body with Content-Length")
  static let unknownTransferEncoding = HTTPError(
    400, "transfer-encoding", "Transfer-Encoding is not accepted: send the body with Content-Length")
  static func lengthRequired(_ method: String) -> HTTPError {
    HTTPError(411, "length-required", "a \(method) request needs a Content-Length header")
  }
  static let unsupportedExpectation = HTTPError(
    417, "expectation-failed", "the only expectation understood is 'Expect: 100-continue'")

  /// A body over the route's limit (checked by the caller once the head is read).
  public static func bodyTooLarge(_ length: Int, limit: Int) -> HTTPError {
    HTTPError(413, "body-too-large", "the request body of \(length) bytes is over the limit of \(limit) bytes")
  }
  /// A request sent too slowly: a head not complete within the read timeout, or a body that paused for it or
  /// trickles.
  public static func readTimeout(seconds: Double) -> HTTPError {
    HTTPError(408, "request-timeout", "the request arrived too slowly (read timeout \(seconds.secondsText) s)")
  }
}

extension Double {
  /// `10`, `0.5`: a number of seconds without a needless `.0`.
  var secondsText: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}

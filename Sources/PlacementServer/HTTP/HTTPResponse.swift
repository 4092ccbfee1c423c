/// A response with its whole body, serialized with Content-Length.
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  /// Fields besides Content-Length, Connection and Date, which ``serialize(into:keepAlive:date:includeBody:)``
  /// writes.
  public var fields: [(name: String, value: String)]
  public var body: [UInt8]

  public init(status: Int, fields: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.fields = fields
    self.body = body
  }

  public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
    lhs.status == rhs.status && lhs.body == rhs.body
      && lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
  }

  /// Appends the status line, the fields, `Content-Length`, `Connection: close` unless `keepAlive`, the `Date`
  /// field given, and (unless `includeBody` is false, for HEAD and 304) the body.
  public func serialize(into output: inout [UInt8], keepAlive: Bool, date: String?, includeBody: Bool = true) {
    HTTPResponse.appendStatusLine(status, to: &output)
    for field in fields { HTTPResponse.append(field.name, field.value, to: &output) }
    if status != 304, status >= 200 { HTTPResponse.append("Content-Length", String(body.count), to: &output) }
    if !keepAlive { HTTPResponse.append("Connection", "close", to: &output) }
    if let date { HTTPResponse.append("Date", date, to: &output) }
    output.append(contentsOf: [HTTPSyntax.cr, HTTPSyntax.lf])
    if includeBody, status != 304 { output.append(contentsOf: body) }
  }

  static func appendStatusLine(_ status: Int, to output: inout [UInt8]) {
    output.append(contentsOf: "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n".utf8)
  }

  static func append(_ name: String, _ value: String, to output: inout [UInt8]) {
    output.append(contentsOf: name.utf8)
    output.append(contentsOf: ": ".utf8)
    output.append(contentsOf: value.utf8)
    output.append(contentsOf: [HTTPSyntax.cr, HTTPSyntax.lf])
  }

  /// The head of a response whose body follows in chunks (``appendChunk(_:to:)``, then ``lastChunk``).
  public static func chunkedHead(
    status: Int, fields: [(name: String, value: String)], keepAlive: Bool, date: String?
  ) -> [UInt8] {
    var output: [UInt8] = []
    appendStatusLine(status, to: &output)
    for field in fields { append(field.name, field.value, to: &output) }
    append("Transfer-Encoding", "chunked", to: &output)
    if !keepAlive { append("Connection", "close", to: &output) }
    if let date { append("Date", date, to: &output) }
    output.append(contentsOf: [HTTPSyntax.cr, HTTPSyntax.lf])
    return output
  }

  /// Appends `bytes` as one chunk (nothing when empty: an empty chunk would end the body).
  public static func appendChunk(_ bytes: some Collection<UInt8>, to output: inout [UInt8]) {
    guard !bytes.isEmpty else { return }
    output.append(contentsOf: String(bytes.count, radix: 16).utf8)
    output.append(contentsOf: [HTTPSyntax.cr, HTTPSyntax.lf])
    output.append(contentsOf: bytes)
    output.append(contentsOf: [HTTPSyntax.cr, HTTPSyntax.lf])
  }

  /// The chunk that ends a chunked body.
  public static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

  /// The interim response that tells a client sending `Expect: 100-continue` to send its body.
  public static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  /// The reason phrase of the statuses this server sends.
  static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 417: "Expectation Failed"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: "Status \(status)"
    }
  }
}

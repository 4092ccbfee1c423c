/// What the header fields say about the message around them (RFC 9112 §6, §9.3; RFC 9110 §7.2, §10.1.1): the
/// body's length, whether the connection persists, and the expectation of a 100 response.
enum HTTPFraming {
  /// The methods whose requests carry a body here: they must say its length.
  static let methodsWithBody: Set<String> = ["POST", "PUT", "PATCH"]

  static func head(_ line: RequestLine, fields: [HTTPRequestHead.Field]) -> Result<HTTPRequestHead, HTTPError> {
    var lengths: [String] = []
    var encodings = 0
    var hosts = 0
    var connection: [Substring] = []
    var expectations: [String] = []
    for field in fields {
      let name = field.name.utf8
      if HTTPSyntax.equalsIgnoringCase(name, "content-length") {
        lengths.append(field.value)
      } else if HTTPSyntax.equalsIgnoringCase(name, "transfer-encoding") {
        encodings += 1
      } else if HTTPSyntax.equalsIgnoringCase(name, "host") {
        hosts += 1
      } else if HTTPSyntax.equalsIgnoringCase(name, "connection") {
        connection += HTTPSyntax.listElements(field.value)
      } else if HTTPSyntax.equalsIgnoringCase(name, "expect") {
        expectations.append(field.value)
      }
    }
    if encodings > 0 {
      if !lengths.isEmpty { return .failure(.lengthAndEncoding) }
      let chunked = fields.contains {
        HTTPSyntax.equalsIgnoringCase($0.name.utf8, "transfer-encoding")
          && HTTPSyntax.listElements($0.value).last.map { HTTPSyntax.equalsIgnoringCase($0.utf8, "chunked") } == true
      }
      return .failure(chunked ? .chunkedBody : .unknownTransferEncoding)
    }
    guard hosts == 1 || (line.minorVersion == 0 && hosts == 0) else { return .failure(.missingHost) }
    let length: Int
    switch contentLength(lengths) {
    case .success(let value): length = value
    case .failure(let error): return .failure(error)
    }
    if lengths.isEmpty, methodsWithBody.contains(line.method) { return .failure(.lengthRequired(line.method)) }
    var expectsContinue = false
    for expectation in expectations {
      guard HTTPSyntax.equalsIgnoringCase(expectation.utf8, "100-continue") else {
        return .failure(.unsupportedExpectation)
      }
      expectsContinue = true
    }
    let says = { (option: String) in connection.contains { HTTPSyntax.equalsIgnoringCase($0.utf8, option) } }
    let keepAlive = !says("close") && (line.minorVersion == 1 || says("keep-alive"))
    return .success(
      HTTPRequestHead(
        method: line.method, target: line.target, path: line.path, query: line.query, minorVersion: line.minorVersion,
        fields: fields, contentLength: length, keepAlive: keepAlive, expectsContinue: expectsContinue))
  }

  /// The body's length from the Content-Length values (0 without one): each one decimal number, all equal.
  /// A number too large to hold is `Int.max`, which every body limit refuses (413).
  static func contentLength(_ values: [String]) -> Result<Int, HTTPError> {
    var length: Int?
    for value in values {
      guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
        return .failure(.malformedContentLength)
      }
      let digits = value.drop { $0 == "0" }
      let parsed = digits.isEmpty ? 0 : digits.count > 18 ? Int.max : Int(digits)!
      if let length, length != parsed { return .failure(.conflictingContentLength) }
      length = parsed
    }
    return .success(length ?? 0)
  }
}

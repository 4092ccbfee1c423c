/// `method SP request-target SP HTTP-version` (RFC 9112 §3), each part checked.
struct RequestLine: Equatable {
  let method: String
  let target: String
  let path: String
  let query: String?
  let minorVersion: Int

  static func parse(_ line: some Collection<UInt8>) -> Result<RequestLine, HTTPError> {
    let parts = line.split(separator: HTTPSyntax.space, omittingEmptySubsequences: false)
    guard let first = line.first, HTTPSyntax.isToken(first) else { return .failure(.notHTTP) }
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { return .failure(.malformedRequestLine) }
    guard parts[0].allSatisfy(HTTPSyntax.isToken) else { return .failure(.malformedRequestLine) }
    guard parts[1].allSatisfy(HTTPSyntax.isTargetByte) else { return .failure(.malformedTarget) }
    let minor: Int
    switch version(parts[2]) {
    case .success(let value): minor = value
    case .failure(let error): return .failure(error)
    }
    let target = String(decoding: parts[1], as: UTF8.self)
    guard let (path, query) = pathAndQuery(target) else { return .failure(.malformedTarget) }
    return .success(
      RequestLine(
        method: String(decoding: parts[0], as: UTF8.self), target: target, path: path, query: query,
        minorVersion: minor))
  }

  /// The minor version of `HTTP/1.x`: 0 or 1 (a later 1.x is read as 1.1); 505 for another major version.
  static func version(_ bytes: some Collection<UInt8>) -> Result<Int, HTTPError> {
    let text = Array(bytes)
    let digit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    guard text.count == 8, text[..<5].elementsEqual("HTTP/".utf8), digit(text[5]), text[6] == UInt8(ascii: "."),
      digit(text[7])
    else { return .failure(.malformedVersion) }
    guard text[5] == UInt8(ascii: "1") else {
      return .failure(.unsupportedVersion(String(decoding: text, as: UTF8.self)))
    }
    return .success(text[7] == UInt8(ascii: "0") ? 0 : 1)
  }

  /// The path and query of an origin-form target (`/a?b`), or of an absolute-form one (`http://host/a?b`, which
  /// servers must accept, RFC 9112 §3.2.2); nil for any other form.
  static func pathAndQuery(_ target: String) -> (String, String?)? {
    var rest = Substring(target)
    if !rest.hasPrefix("/") {
      let lowered = rest.prefix(8).lowercased()
      let scheme = lowered.hasPrefix("http://") ? 7 : lowered.hasPrefix("https://") ? 8 : 0
      guard scheme > 0 else { return nil }
      rest = rest.dropFirst(scheme)
      guard let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return ("/", nil) }
      rest = rest[end...]
    }
    guard let mark = rest.firstIndex(of: "?") else { return (String(rest), nil) }
    let path = rest[..<mark]
    return (path.isEmpty ? "/" : String(path), String(rest[rest.index(after: mark)...]))
  }
}

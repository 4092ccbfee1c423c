/// `file:` URIs (RFC 8089) to paths and back, as LSP clients send them (`file:///a%20b/x.rules`).
enum DocumentURI {
  /// The absolute path of a `file:` URI, or nil for another scheme (e.g. `untitled:`).
  static func path(_ uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var rest = Substring(uri.dropFirst("file://".count))
    if !rest.hasPrefix("/") {
      // `file://localhost/path`: drop the authority.
      guard let slash = rest.firstIndex(of: "/") else { return nil }
      rest = rest[slash...]
    }
    return percentDecoded(rest)
  }

  /// The `file:` URI of an absolute path, percent-encoding everything but unreserved characters and `/`.
  static func uri(_ path: String) -> String {
    var out = "file://"
    for byte in path.utf8 {
      if isUnreserved(byte) || byte == UInt8(ascii: "/") {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = Array("0123456789ABCDEF".utf8)
        out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
      }
    }
    return out
  }

  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      true
    default: false
    }
  }

  static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.first {
      utf8 = utf8.dropFirst()
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

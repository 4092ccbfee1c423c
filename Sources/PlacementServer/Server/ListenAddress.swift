import Foundation

/// Where the server listens: an IP address and a TCP port (`127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:80`;
/// `localhost` is `127.0.0.1`; port 0 takes a free port).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
  /// The address as `inet_pton` reads it.
  public let host: String
  public let port: UInt16
  /// Whether the address is IPv6.
  public let isIPv6: Bool

  /// Reads `HOST:PORT` or `[IPV6]:PORT` (an IPv6 address in brackets only); nil when the host is not an IP address (nor `localhost`) or the port is
  /// not 0–65535.
  public init?(_ text: String) {
    let host: Substring
    let port: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
      host = text[text.index(after: text.startIndex)..<close]
      port = text[text.index(close, offsetBy: 2)...]
    } else {
      guard let colon = text.firstIndex(of: ":"), colon == text.lastIndex(of: ":") else { return nil }
      host = text[..<colon]
      port = text[text.index(after: colon)...]
    }
    guard let number = UInt16(port), port.allSatisfy(\.isASCII) else { return nil }
    let name = host == "localhost" ? "127.0.0.1" : String(host)
    var scratch = in6_addr()
    if inet_pton(AF_INET, name, &scratch) == 1 {
      isIPv6 = false
    } else if inet_pton(AF_INET6, name, &scratch) == 1 {
      isIPv6 = true
    } else {
      return nil
    }
    self.host = name
    self.port = number
  }

  /// 127.0.0.0/8 or ::1: only this machine can connect.
  public var isLoopback: Bool {
    if isIPv6 {
      return Listener.ipv6Bytes(host) == [UInt8](repeating: 0, count: 15) + [1]
    }
    return host.split(separator: ".").first == "127"
  }

  public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

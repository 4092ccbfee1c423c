import CEventPoll
import Foundation
import PlacementKit

/// A listening TCP socket, non-blocking, with `SO_REUSEADDR`.
enum Listener {
  /// Opens, binds and listens on `address`.
  /// - Returns: the socket and the port it is bound to (the one the system chose for port 0).
  /// - Throws: ``ServerError/cannotListen(_:_:)`` with the system's reason.
  static func open(_ address: ListenAddress, backlog: Int32) throws(ServerError) -> (socket: Int32, port: UInt16) {
    let family = address.isIPv6 ? AF_INET6 : AF_INET
    let fd = socket(
      family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw .cannotListen(address, errno) }
    var on: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    let bound: Int32
    if address.isIPv6 {
      var socketAddress = sockaddr_in6()
      socketAddress.sin6_family = sa_family_t(AF_INET6)
      socketAddress.sin6_port = address.port.bigEndian
      inet_pton(AF_INET6, address.host, &socketAddress.sin6_addr)
      bound = bindSocket(fd, to: socketAddress)
    } else {
      var socketAddress = sockaddr_in()
      socketAddress.sin_family = sa_family_t(AF_INET)
      socketAddress.sin_port = address.port.bigEndian
      inet_pton(AF_INET, address.host, &socketAddress.sin_addr)
      bound = bindSocket(fd, to: socketAddress)
    }
    guard bound == 0, listen(fd, backlog) == 0 else {
      let code = errno
      close(fd)
      throw .cannotListen(address, code)
    }
    return (fd, localPort(fd))
  }

  /// `bind(2)` with a `sockaddr_in` or `sockaddr_in6`.
  private static func bindSocket<Address>(_ fd: Int32, to address: Address) -> Int32 {
    withUnsafePointer(to: address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
    }
  }

  static func localPort(_ fd: Int32) -> UInt16 {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return peer(storage).port
  }

  /// The address and port of a socket address.
  static func peer(_ storage: sockaddr_storage) -> (host: String, port: UInt16) {
    var storage = storage
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    if Int32(storage.ss_family) == AF_INET6 {
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
          var raw = address.pointee.sin6_addr
          inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
          return (text.decodedCString, UInt16(bigEndian: address.pointee.sin6_port))
        }
      }
    }
    return withUnsafePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
        var raw = address.pointee.sin_addr
        inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
        return (text.decodedCString, UInt16(bigEndian: address.pointee.sin_port))
      }
    }
  }

  /// The 16 bytes of the IPv6 address `host` (all zero when `host` is not one).
  static func ipv6Bytes(_ host: String) -> [UInt8] {
    var address = in6_addr()
    inet_pton(AF_INET6, host, &address)
    return withUnsafeBytes(of: &address) { Array($0) }
  }
}

/// Why the server could not start.
public enum ServerError: Error, Sendable, Equatable, CustomStringConvertible {
  case cannotListen(ListenAddress, Int32)
  case cannotPoll(Int32)

  public var description: String {
    switch self {
    case .cannotListen(let address, let code):
      "cannot listen on \(address): \(FileReading.Failure.reason(code))"
    case .cannotPoll(let code): "cannot create an event poll: \(FileReading.Failure.reason(code))"
    }
  }
}

extension [CChar] {
  /// The text up to the first NUL, as UTF-8 (invalid bytes repaired).
  fileprivate var decodedCString: String {
    String(decoding: prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

import PlacementCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading whole files as bytes through `open(2)`/`read(2)`, so pipes, FIFOs and `/dev/fd/N` (process
/// substitution) work wherever a regular file does, and every failure has a reason a person can act on.
package enum FileReading {
  /// Why a file could not be read.
  package struct Failure: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
      /// The path (or a folder on it) does not exist.
      case notFound
      /// A folder where a file is expected.
      case isDirectory
      /// A file where a folder is expected (the path itself, or a component of it).
      case notDirectory
      /// Not readable by this user.
      case permissionDenied
      /// Opening failed for another reason (`errno` in ``code``).
      case cannotOpen
      /// Opened, but a read failed part-way (EIO, …): an I/O error, not a missing input.
      case readFailed
    }

    package let kind: Kind
    package let path: String
    /// The `errno` value behind the failure.
    package let code: Int32

    /// One line naming the path and the reason, e.g. `'Examples' is a directory`.
    package var message: String {
      switch kind {
      case .notFound: "no such file or directory: '\(path)'"
      case .isDirectory: "'\(path)' is a directory"
      case .notDirectory: "'\(path)' is not a directory"
      case .permissionDenied: "cannot read '\(path)': permission denied"
      case .cannotOpen: "cannot open '\(path)': \(Self.reason(code))"
      case .readFailed: "cannot read '\(path)': \(Self.reason(code))"
      }
    }

    package static func reason(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }

    package init(_ kind: Kind, path: String, code: Int32) {
      self.kind = kind
      self.path = path
      self.code = code
    }

    /// The failure `open(2)` reported with `code`.
    package init(opening path: String, code: Int32) {
      switch code {
      case ENOENT: self.init(.notFound, path: path, code: code)
      case EISDIR: self.init(.isDirectory, path: path, code: code)
      case ENOTDIR: self.init(.notDirectory, path: path, code: code)
      case EACCES, EPERM: self.init(.permissionDenied, path: path, code: code)
      default: self.init(.cannotOpen, path: path, code: code)
      }
    }
  }

  /// Opens `path` for reading and checks it is not a folder.
  /// - Returns: the open descriptor (the caller closes it).
  package static func openFile(_ path: String) throws(Failure) -> Int32 {
    let descriptor = systemOpen(path)
    guard descriptor >= 0 else { throw Failure(opening: path, code: errno) }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      close(descriptor)
      throw Failure(.isDirectory, path: path, code: EISDIR)
    }
    return descriptor
  }

  /// Reads everything from `descriptor` until the end (retrying interrupted reads).
  /// - Throws: ``Failure/Kind/readFailed`` naming `path` when a read fails.
  package static func readAll(_ descriptor: Int32, path: String) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw Failure(errno == EISDIR ? .isDirectory : .readFailed, path: path, code: errno)
      }
    }
  }

  /// At most `count` bytes from one read of `descriptor`: fewer at the end of the file, none when the read fails.
  package static func head(_ descriptor: Int32, count: Int) -> [UInt8] {
    var head = [UInt8](repeating: 0, count: count)
    let read = head.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
    return Array(head.prefix(max(read, 0)))
  }

  /// The whole content of the file at `path` (a regular file, a pipe, a FIFO or `/dev/fd/N`).
  package static func contents(of path: String) throws(Failure) -> [UInt8] {
    let descriptor = try openFile(path)
    defer { close(descriptor) }
    return try readAll(descriptor, path: path)
  }

  private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  private static func systemOpen(_ path: String) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, O_RDONLY | O_CLOEXEC)
    #else
      Darwin.open(path, O_RDONLY | O_CLOEXEC)
    #endif
  }
}

/// A POSIX ustar archive of regular files (IEEE Std 1003.1-2017, `pax` "ustar Interchange Format"), written
/// deterministically and read strictly.
///
/// Writing: entries in the order given, each with mode 0644, uid and gid 0, empty owner names and modification
/// time 0, so the same entries give the same bytes on every machine; the archive ends with two zero blocks.
/// Reading accepts exactly that shape (regular files, relative paths without `.` or `..` components, no duplicate
/// path, valid header checksums) within ``Limits``, and reports anything else as a ``TarError``. `tar tf` lists
/// such an archive and `tar xf` extracts it.
package enum TarArchive {
  /// One file of an archive.
  package struct Entry: Sendable, Equatable {
    /// The path inside the archive, `/`-separated, relative.
    package let path: String
    package let bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
      self.path = path
      self.bytes = bytes
    }
  }

  /// What a reader accepts.
  package struct Limits: Sendable {
    /// At most this many entries.
    package var maxEntries = 10_000
    /// At most this many bytes of file content in all.
    package var maxTotalBytes = 256 << 20

    package init() {}
  }

  static let block = 512

  /// The archive of `entries`, in their order.
  /// - Throws: ``TarError`` when a path cannot be stored (empty, absolute, with `.`/`..` components, over 255 bytes,
  ///   or with no `/` that splits it into a prefix of at most 155 bytes and a name of at most 100).
  package static func write(_ entries: [Entry]) throws(TarError) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(entries.reduce(2 * block) { $0 + block + padded($1.bytes.count) })
    for entry in entries {
      try checkPath(entry.path)
      out += try header(for: entry)
      out += entry.bytes
      out += [UInt8](repeating: 0, count: padded(entry.bytes.count) - entry.bytes.count)
    }
    out += [UInt8](repeating: 0, count: 2 * block)
    return out
  }

  /// The entries of `archive`, in archive order.
  /// - Throws: ``TarError`` for a truncated archive, a bad header checksum, an entry that is not a regular file,
  ///   an unsafe or duplicate path, or an archive over `limits`.
  package static func read(_ archive: [UInt8], limits: Limits = Limits()) throws(TarError) -> [Entry] {
    var entries: [Entry] = []
    var seen: Set<String> = []
    var offset = 0
    var total = 0
    while true {
      guard offset + block <= archive.count else { throw .truncated(offset: offset) }
      let header = archive[offset..<offset + block]
      if header.allSatisfy({ $0 == 0 }) { return entries }
      guard isHeader(header) else { throw .notAnArchive(offset: offset) }
      guard try checksum(of: header, at: offset) == unsignedChecksum(header) else {
        throw .badChecksum(offset: offset)
      }
      let path = name(in: header)
      let type = header[header.startIndex + 156]
      guard type == UInt8(ascii: "0") || type == 0 else { throw .notARegularFile(path: path) }
      try checkPath(path)
      guard seen.insert(path).inserted else { throw .duplicatePath(path) }
      guard entries.count < limits.maxEntries else { throw .tooManyEntries(limits.maxEntries) }
      let size = try octal(header, from: 124, count: 12, at: offset)
      total += size
      guard total <= limits.maxTotalBytes else { throw .tooLarge(limits.maxTotalBytes) }
      let start = offset + block
      guard start + size <= archive.count else { throw .truncated(offset: start) }
      entries.append(Entry(path: path, bytes: Array(archive[start..<start + size])))
      offset = start + padded(size)
    }
  }

  /// Whether `bytes` starts with a ustar header (the magic `ustar` at offset 257).
  package static func looksLikeArchive(_ bytes: some Collection<UInt8>) -> Bool {
    guard bytes.count >= block else { return false }
    return isHeader(bytes.prefix(block))
  }

  private static func isHeader(_ header: some Collection<UInt8>) -> Bool {
    Array(header.dropFirst(257).prefix(5)) == Array("ustar".utf8)
  }

  private static func padded(_ count: Int) -> Int { (count + block - 1) / block * block }

  private static func checkPath(_ path: String) throws(TarError) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard !path.isEmpty, !path.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
      !path.utf8.contains(0)
    else { throw .unsafePath(path) }
  }

  private static func header(for entry: Entry) throws(TarError) -> [UInt8] {
    var header = [UInt8](repeating: 0, count: block)
    let (prefix, name) = try split(entry.path)
    func put(_ bytes: some Collection<UInt8>, at offset: Int) {
      for (i, byte) in bytes.enumerated() { header[offset + i] = byte }
    }
    func putOctal(_ value: Int, at offset: Int, width: Int) {
      let digits = String(value, radix: 8)
      put(Array((String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits).utf8), at: offset)
    }
    put(name.utf8, at: 0)
    putOctal(0o644, at: 100, width: 8)
    putOctal(0, at: 108, width: 8)
    putOctal(0, at: 116, width: 8)
    putOctal(entry.bytes.count, at: 124, width: 12)
    putOctal(0, at: 136, width: 12)
    header[156] = UInt8(ascii: "0")
    put("ustar".utf8, at: 257)
    put("00".utf8, at: 263)
    put(prefix.utf8, at: 345)
    put([UInt8](repeating: UInt8(ascii: " "), count: 8), at: 148)
    let sum = unsignedChecksum(header[...])
    putOctal(sum, at: 148, width: 7)
    header[155] = UInt8(ascii: " ")
    return header
  }

  /// The path as (prefix, name) fields: the whole path as the name when it fits in 100 bytes, else split at a `/`.
  private static func split(_ path: String) throws(TarError) -> (String, String) {
    let bytes = Array(path.utf8)
    if bytes.count <= 100 { return ("", path) }
    for cut in bytes.indices.reversed() where bytes[cut] == UInt8(ascii: "/") {
      if cut <= 155, bytes.count - cut - 1 <= 100, cut > 0 {
        return (String(decoding: bytes[..<cut], as: UTF8.self), String(decoding: bytes[(cut + 1)...], as: UTF8.self))
      }
    }
    throw .unsafePath(path)
  }

  private static func name(in header: ArraySlice<UInt8>) -> String {
    func field(_ from: Int, _ count: Int) -> String {
      let start = header.startIndex + from
      let bytes = header[start..<start + count]
      return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    let name = field(0, 100)
    let prefix = field(345, 155)
    return prefix.isEmpty ? name : "\(prefix)/\(name)"
  }

  /// The header's checksum: the sum of its bytes with the checksum field read as eight spaces.
  private static func unsignedChecksum(_ header: ArraySlice<UInt8>) -> Int {
    var sum = 0
    for (i, byte) in header.enumerated() { sum += (148..<156).contains(i) ? 32 : Int(byte) }
    return sum
  }

  private static func checksum(of header: ArraySlice<UInt8>, at offset: Int) throws(TarError) -> Int {
    try octal(header, from: 148, count: 8, at: offset)
  }

  /// An octal number field: digits, optionally led by spaces, ended by NUL or space.
  private static func octal(_ header: ArraySlice<UInt8>, from: Int, count: Int, at offset: Int) throws(TarError)
    -> Int
  {
    let start = header.startIndex + from
    var value = 0
    var digits = 0
    for byte in header[start..<start + count] {
      if byte == 0 || (byte == UInt8(ascii: " ") && digits > 0) { break }
      if byte == UInt8(ascii: " ") { continue }
      guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte), value < Int.max >> 3 else {
        throw .notAnArchive(offset: offset)
      }
      value = value << 3 | Int(byte - UInt8(ascii: "0"))
      digits += 1
    }
    guard digits > 0 else { throw .notAnArchive(offset: offset) }
    return value
  }
}

/// Why an archive could not be read or written.
package enum TarError: Error, Sendable, Equatable {
  case truncated(offset: Int)
  case notAnArchive(offset: Int)
  case badChecksum(offset: Int)
  case notARegularFile(path: String)
  case unsafePath(String)
  case duplicatePath(String)
  case tooManyEntries(Int)
  case tooLarge(Int)

  /// The problem in words, lower-case, for an error message.
  package var message: String {
    switch self {
    case .truncated(let offset): "the archive is truncated at byte \(offset)"
    case .notAnArchive(let offset): "not a ustar archive (bad header at byte \(offset))"
    case .badChecksum(let offset): "the header at byte \(offset) has a bad checksum"
    case .notARegularFile(let path): "'\(path)' is not a regular file"
    case .unsafePath(let path): "unsafe path '\(path)'"
    case .duplicatePath(let path): "'\(path)' appears twice"
    case .tooManyEntries(let limit): "more than \(limit) files"
    case .tooLarge(let limit): "more than \(limit) bytes of content"
    }
  }
}

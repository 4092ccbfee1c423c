#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A large set of ids (`list vip_ids from "lists/vip_ids.txt"`), stored as the 64-bit hashes of the ids' UTF-8
/// bytes in an open-addressing table (linear probing, home slots for a table 70 % full): about 11.4 bytes per
/// id, and a membership test is one hash and, usually, one cache line of the table.
///
/// Ids are compared byte for byte (no case folding, no Unicode normalization). Two different ids can share a
/// hash: a profile whose id is not in the list is then taken as a member. For a list of `n` ids the chance that
/// one given id that is not in the list collides is about `n / 2^64` (5.4 × 10⁻¹³ for 10 million ids).
///
/// Built once per rule set and immutable: copies of a ``RuleSet`` share it, and lookups from any thread are safe
/// (the table is written only by the initializer and freed only by `deinit`).
package final class IdList: @unchecked Sendable, Hashable {
  /// The table: the distinct hashes (0 stored as 1) in ascending order, each in the first free slot at or after
  /// its home slot (``home(_:homes:)``), never wrapping; 0 marks a free slot, and the last slot is always free.
  /// So the slots from a hash's home slot up to the hash hold only smaller hashes, and a lookup stops at the
  /// first slot holding its hash, a larger one or 0.
  let table: UnsafeMutableBufferPointer<UInt64>
  /// The number of home slots: the distinct hashes over 0.7, at least 8.
  let homes: Int
  /// The bytes allocated for ``table`` (a table of 8 MiB or more is rounded up to whole 2 MiB pages).
  package let tableBytes: Int
  /// How many distinct ids (hashes) the list holds.
  package let count: Int
  /// The SHA-256 of the distinct hashes in ascending order (each big-endian): equal for two lists of the same
  /// ids, whatever their order, comments or repeats.
  package let digest: [UInt8]

  /// The list of the ids whose hashes are `hashes` (in any order, repeats allowed).
  package init(hashes: [UInt64]) {
    var sorted = hashes
    sorted.sort()
    var distinct = 0
    for hash in sorted where distinct == 0 || sorted[distinct - 1] != hash {
      sorted[distinct] = hash
      distinct += 1
    }
    sorted.removeLast(sorted.count - distinct)
    var hasher = SHA256()
    var chunk: [UInt8] = []
    chunk.reserveCapacity(8 * 4096)
    for hash in sorted {
      for shift in stride(from: 56, through: 0, by: -8) {
        chunk.append(UInt8(truncatingIfNeeded: hash >> UInt64(shift)))
      }
      if chunk.count == chunk.capacity {
        hasher.update(chunk)
        chunk.removeAll(keepingCapacity: true)
      }
    }
    hasher.update(chunk)
    digest = hasher.finish()
    count = distinct
    let homes = max(8, Int((Double(distinct) / 0.7).rounded(.up)))
    self.homes = homes
    // In ascending order the home slots ascend too: each hash goes to its home slot or just after the previous
    // hash, so the slots are known before the table is allocated and the table is filled in one pass.
    var last = -1
    var previous: UInt64 = 0
    for hash in sorted {
      let key = hash == 0 ? 1 : hash
      guard key != previous else { continue }
      last = max(Self.home(key, homes: homes), last + 1)
      previous = key
    }
    let slots = max(homes, last + 2)
    let (table, bytes) = Self.allocate(slots: slots)
    self.table = table
    tableBytes = bytes
    last = -1
    previous = 0
    for hash in sorted {
      let key = hash == 0 ? 1 : hash
      guard key != previous else { continue }
      last = max(Self.home(key, homes: homes), last + 1)
      table[last] = key
      previous = key
    }
  }

  deinit { free(table.baseAddress) }

  /// A zeroed table of `slots` slots, cache-line aligned, and the bytes allocated. From 8 MiB on it is aligned
  /// to 2 MiB, rounded up to whole 2 MiB pages and, on Linux, advised to the kernel for transparent huge pages
  /// before it is first touched: a random lookup then needs one TLB entry per 2 MiB instead of per 4 KiB.
  static func allocate(slots: Int) -> (UnsafeMutableBufferPointer<UInt64>, Int) {
    let page = 2 << 20
    var bytes = slots * 8
    var alignment = 64
    if bytes >= 8 << 20 {
      bytes = (bytes + page - 1) / page * page
      alignment = page
    }
    var raw: UnsafeMutableRawPointer?
    guard posix_memalign(&raw, alignment, bytes) == 0, let raw else { fatalError("out of memory for an id list") }
    #if os(Linux)
      if alignment == page { _ = madvise(raw, bytes, MADV_HUGEPAGE) }
    #endif
    memset(raw, 0, bytes)
    let base = raw.bindMemory(to: UInt64.self, capacity: slots)
    return (UnsafeMutableBufferPointer(start: base, count: slots), bytes)
  }

  /// The list of `ids`.
  package convenience init(ids: some Sequence<String>) {
    self.init(hashes: ids.map { Self.hash($0) })
  }

  /// The slot where probing for `key` starts: its position scaled from 64 bits to `homes` slots, so home slots
  /// ascend with the keys.
  @inline(__always)
  static func home(_ key: UInt64, homes: Int) -> Int {
    Int(truncatingIfNeeded: key.multipliedFullWidth(by: UInt64(homes)).high)
  }

  /// Whether `id` is in the list (or collides with an id that is).
  @inline(__always)
  package func contains(_ id: String) -> Bool {
    contains(hash: Self.hash(id))
  }

  /// Whether `hash` is one of the list's hashes: the slots from its home slot up to the first that holds it, a
  /// larger hash or 0 (the table ends with a free slot, so the probe never runs past it).
  package func contains(hash: UInt64) -> Bool {
    let key = hash == 0 ? 1 : hash
    let table = UnsafePointer(self.table.baseAddress.unsafelyUnwrapped)
    var slot = Self.home(key, homes: homes)
    while true {
      let value = table[slot]
      if value >= key || value == 0 { return value == key }
      slot += 1
    }
  }

  /// The 64-bit hash of `id`'s UTF-8 bytes.
  @inline(__always)
  package static func hash(_ id: String) -> UInt64 {
    var id = id
    return id.withUTF8 { hash($0) }
  }

  /// The 64-bit hash of `bytes`: 8 bytes at a time, each word mixed into the state by a multiply and a rotate,
  /// then the length and a final avalanche (the SplitMix64 finalizer), so every input bit moves every output bit.
  @inline(__always)
  package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var index = 0
    let count = bytes.count
    while index + 8 <= count {
      var word: UInt64 = 0
      for byte in 0..<8 { word |= UInt64(bytes[index + byte]) << UInt64(8 * byte) }
      state = mix(state, word)
      index += 8
    }
    if index < count {
      var word: UInt64 = 0
      for byte in 0..<(count - index) { word |= UInt64(bytes[index + byte]) << UInt64(8 * byte) }
      state = mix(state, word)
    }
    return finalize(state ^ UInt64(count))
  }

  @inline(__always)
  static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
    let product = (word ^ 0xC2B2_AE3D_27D4_EB4F) &* 0x9E37_79B1_85EB_CA87
    return ((state ^ product) &<< 27 | (state ^ product) &>> 37) &* 0x1656_67B1_9E37_79F9 &+ 0x27D4_EB2F_1656_67C5
  }

  @inline(__always)
  static func finalize(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z &>> 31)
  }

  package static func == (lhs: IdList, rhs: IdList) -> Bool { lhs === rhs || lhs.digest == rhs.digest }

  package func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}

/// A list file read line by line: one id per line; blank lines and lines whose first non-blank character is `#`
/// are skipped; a trailing CR and trailing spaces and tabs are trimmed.
package struct IdListFile: Sendable {
  /// The list, or nil when the file is not UTF-8.
  package let list: IdList?
  /// The ids read, with repeats.
  package let lines: Int
  /// The 1-based number of the first line that is not UTF-8, or nil.
  package let invalidLine: Int?
  /// How many ids repeat an earlier one (by hash).
  package var duplicates: Int { lines - (list?.count ?? 0) }

  /// Reads `bytes`.
  package init(_ bytes: [UInt8]) {
    var hashes: [UInt64] = []
    let invalidLine = bytes.withUnsafeBufferPointer { all in
      Self.forEachID(in: all) { hashes.append(IdList.hash($0)) }
    }
    self.invalidLine = invalidLine
    self.lines = hashes.count
    self.list = invalidLine == nil ? IdList(hashes: hashes) : nil
  }

  /// The ids of a list file as strings, in file order with repeats, up to the first line that is not UTF-8.
  package static func ids(_ bytes: [UInt8]) -> [String] {
    var ids: [String] = []
    _ = bytes.withUnsafeBufferPointer { all in
      forEachID(in: all) { ids.append(String(decoding: $0, as: UTF8.self)) }
    }
    return ids
  }

  /// The one reading of a list file's lines: calls `body` with each id's bytes, in file order. A UTF-8 byte
  /// order mark at the start of the file is skipped; each line is trimmed of leading spaces and tabs and of
  /// trailing spaces, tabs and a CR; an empty line or one starting with `#` holds no id.
  /// - Returns: The 1-based number of the first line that is not UTF-8, where the walk stopped; nil when every
  ///   line is.
  static func forEachID(
    in all: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Int? {
    var start = 0
    var lineNumber = 0
    if all.count >= 3, all[0] == 0xEF, all[1] == 0xBB, all[2] == 0xBF { start = 3 }
    while start < all.count {
      lineNumber += 1
      var end = start
      while end < all.count, all[end] != 0x0A { end += 1 }
      let next = end + 1
      var first = start
      while first < end, all[first] == 0x20 || all[first] == 0x09 { first += 1 }
      var last = end
      while last > first, all[last - 1] == 0x20 || all[last - 1] == 0x09 || all[last - 1] == 0x0D { last -= 1 }
      start = next
      guard first < last, all[first] != 0x23 else { continue }
      let line = UnsafeBufferPointer(rebasing: all[first..<last])
      guard isUTF8(line) else { return lineNumber }
      body(line)
    }
    return nil
  }

  /// Whether `bytes` are well-formed UTF-8 (ASCII checked a byte at a time, the rest by the standard decoder).
  static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var ascii = true
    for byte in bytes where byte >= 0x80 {
      ascii = false
      break
    }
    if ascii { return true }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}

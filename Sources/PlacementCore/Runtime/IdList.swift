#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A large set of ids (`list vip_ids from "lists/vip_ids.txt"`), stored as the 64-bit hashes of the ids' UTF-8
/// bytes in buckets of 8 hashes, one 64-byte cache line each, with home buckets for a table 60 % full: about 13.4
/// bytes per id. A membership test is one hash and one cache line (about 2.6 % of tests also read the next line);
/// it compares the 8 hashes of a bucket at once, so it does not branch on which slot holds the hash.
///
/// Ids are compared byte for byte (no case folding, no Unicode normalization). Two different ids can share a
/// hash: a profile whose id is not in the list is then taken as a member. For a list of `n` ids the chance that
/// one given id that is not in the list collides is about `n / 2^64` (5.4 × 10⁻¹³ for 10 million ids).
///
/// Built once per rule set and immutable: copies of a ``RuleSet`` share it, and lookups from any thread are safe
/// (the table is written only by the initializer and freed only by `deinit`).
package final class IdList: @unchecked Sendable, Hashable {
  /// The hashes a bucket holds: 8 of 8 bytes, one cache line.
  static var bucketSlots: Int { 8 }
  /// The bytes of a bucket, and its alignment.
  static var bucketBytes: Int { 64 }
  /// The share of the home buckets' slots the hashes fill.
  static var load: Double { 0.6 }

  /// The table, buckets of ``bucketSlots`` slots aligned to ``bucketBytes``: the distinct hashes (0 stored as 1)
  /// in ascending order, slot after slot, each in its home bucket (``home(_:homes:)``) unless the hashes before it
  /// have filled that bucket, then in the first slot after theirs; never wrapping. 0 marks a free slot, and the
  /// last bucket is always free. So a bucket that is not full holds every hash whose home it is, a full bucket's
  /// last slot holds its largest hash, and a lookup stops at the first bucket that holds its hash, is not full,
  /// or ends with a larger hash.
  let table: UnsafeMutableRawBufferPointer
  /// The number of home buckets: the distinct hashes over 8 × 0.6, at least 1.
  let homes: Int
  /// The bytes allocated for ``table`` (a table of 8 MiB or more is rounded up to whole 2 MiB pages).
  package var tableBytes: Int { table.count }
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
    let homes = max(1, Int((Double(distinct) / (Double(Self.bucketSlots) * Self.load)).rounded(.up)))
    self.homes = homes
    // The slots are known before the table is allocated, so the table is allocated once and filled in one pass.
    var last = -1
    Self.forEachSlot(sorted, homes: homes) { _, slot in last = slot }
    let buckets = max(homes, (last + Self.bucketSlots) / Self.bucketSlots + 1)
    let table = Self.allocate(bytes: buckets * Self.bucketBytes)
    Self.forEachSlot(sorted, homes: homes) { key, slot in
      table.storeBytes(of: key, toByteOffset: slot * 8, as: UInt64.self)
    }
    self.table = table
  }

  deinit { free(table.baseAddress) }

  /// Calls `body` with each key of `sorted` (distinct hashes in ascending order; 0 is taken as 1) and its slot in
  /// the table of `homes` home buckets. In ascending order the home buckets ascend too: each key goes to the first
  /// slot of its home bucket or, when the keys before it reach that bucket or past it, to the slot after theirs.
  static func forEachSlot(_ sorted: [UInt64], homes: Int, _ body: (UInt64, Int) -> Void) {
    var next = 0
    var previous: UInt64 = 0
    for hash in sorted {
      let key = hash == 0 ? 1 : hash
      guard key != previous else { continue }
      let slot = max(home(key, homes: homes) * bucketSlots, next)
      body(key, slot)
      next = slot + 1
      previous = key
    }
  }

  /// `bytes` zeroed bytes, cache-line aligned. From 8 MiB on they are aligned to 2 MiB, rounded up to whole 2 MiB
  /// pages and, on Linux, advised to the kernel for transparent huge pages before they are first touched: a
  /// random lookup then needs one TLB entry per 2 MiB instead of per 4 KiB. The caller frees them with `free`.
  package static func allocate(bytes: Int) -> UnsafeMutableRawBufferPointer {
    let page = 2 << 20
    var bytes = bytes
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
    return UnsafeMutableRawBufferPointer(start: raw, count: bytes)
  }

  /// The list of `ids`.
  package convenience init(ids: some Sequence<String>) {
    self.init(hashes: ids.map { Self.hash($0) })
  }

  /// The bucket where probing for `key` starts: its position scaled from 64 bits to `homes` buckets, so home
  /// buckets ascend with the keys.
  @inline(__always)
  static func home(_ key: UInt64, homes: Int) -> Int {
    Int(truncatingIfNeeded: key.multipliedFullWidth(by: UInt64(homes)).high)
  }

  /// Whether `id` is in the list (or collides with an id that is).
  @inline(__always)
  package func contains(_ id: String) -> Bool {
    contains(hash: Self.hash(id))
  }

  /// Whether `hash` is one of the list's hashes: the buckets from its home bucket up to the first that holds it,
  /// is not full or ends with a larger hash (the table ends with a free bucket, so the probe never runs past it).
  /// A bucket's 8 slots are compared at once, and the probe goes on to the next bucket only from a full bucket of
  /// smaller hashes.
  package func contains(hash: UInt64) -> Bool {
    let key = hash == 0 ? 1 : hash
    let keys = SIMD8(repeating: key)
    var bucket =
      UnsafeRawPointer(table.baseAddress.unsafelyUnwrapped) + Self.home(key, homes: homes) &* Self.bucketBytes
    while true {
      let slots = bucket.load(as: SIMD8<UInt64>.self)
      if any(slots .== keys) { return true }
      let largest = slots[Self.bucketSlots - 1]
      if largest == 0 || largest > key { return false }
      bucket += Self.bucketBytes
    }
  }

  /// The 64-bit hash of `id`'s UTF-8 bytes, read in place (a small string from the stack), without a copy.
  @inline(__always)
  package static func hash(_ id: String) -> UInt64 {
    if let hash = id.utf8.withContiguousStorageIfAvailable(hash) { return hash }
    var id = id
    return id.withUTF8 { hash($0) }
  }

  /// The 64-bit hash of `bytes`: 8 bytes at a time (little-endian; the last 1–7 bytes zero-extended), each word
  /// mixed into the state by a multiply and a rotate, then the length and a final avalanche (the SplitMix64
  /// finalizer), so every input bit moves every output bit. The last 1–7 bytes are read as two overlapping
  /// 4-byte or three 1-byte loads whose shifted values share the overlap, so no load reads past `bytes`.
  @inline(__always)
  package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let count = bytes.count
    guard let base = bytes.baseAddress else { return finalize(state) }
    let start = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= count {
      state = mix(state, UInt64(littleEndian: start.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
      index += 8
    }
    let rest = count - index
    if rest >= 4 {
      let low = UInt64(UInt32(littleEndian: start.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
      let high = UInt64(UInt32(littleEndian: start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
      state = mix(state, low | high &<< UInt64(8 * (rest - 4)))
    } else if rest > 0 {
      let middle = index + rest / 2
      let word =
        UInt64(base[index]) | UInt64(base[middle]) &<< UInt64(8 * (rest / 2))
        | UInt64(base[count - 1]) &<< UInt64(8 * (rest - 1))
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

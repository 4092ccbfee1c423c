/// A read-only hash table from ASCII names to small integers, looked up with raw UTF-8 bytes, so that reading a
/// JSON member name needs no `String`. Open addressing with linear probing; the table is at most half full.
/// The hash mixes the length with the first and last eight bytes, which tells attribute names apart cheaply.
///
/// The class owns the storage (allocated once, never mutated, freed with the table); ``keys`` is a plain-data
/// view of it, so that a hot loop holding the view looks names up with plain pointer reads: no reference
/// counting, no bounds-check closures.
final class ByteKeyTable: @unchecked Sendable {
  /// The lookup view; valid while the table lives.
  let keys: ByteKeys

  /// A table of `entries`; names must be unique.
  init(_ entries: [(name: String, value: Int32)]) {
    keys = ByteKeys(entries)
  }

  deinit { keys.deallocate() }

  /// The value of the name spelled by `bytes`, or nil (see ``ByteKeys/value(_:)``).
  func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? { keys.value(bytes) }
}

/// The storage of a ``ByteKeyTable`` as plain data (pointers and a mask): copying it costs no retain.
struct ByteKeys: @unchecked Sendable {
  /// Entry index per bucket, -1 for empty.
  private let buckets: UnsafeMutableBufferPointer<Int32>
  /// Names back to back.
  private let keyBytes: UnsafeMutableBufferPointer<UInt8>
  /// Entry i's name is `keyBytes[keyStarts[i]..<keyStarts[i + 1]]`.
  private let keyStarts: UnsafeMutableBufferPointer<Int>
  private let values: UnsafeMutableBufferPointer<Int32>
  private let mask: Int

  /// Storage for `entries`; names must be unique.
  fileprivate init(_ entries: [(name: String, value: Int32)]) {
    var size = 8
    while size < entries.count * 2 { size *= 2 }
    let names = entries.map { Array($0.name.utf8) }
    buckets = .allocate(capacity: size)
    buckets.initialize(repeating: -1)
    keyBytes = .allocate(capacity: max(1, names.reduce(0) { $0 + $1.count }))
    keyBytes.initialize(repeating: 0)
    keyStarts = .allocate(capacity: entries.count + 1)
    values = .allocate(capacity: max(1, entries.count))
    values.initialize(repeating: 0)
    mask = size - 1
    var offset = 0
    keyStarts[0] = 0
    for (position, name) in names.enumerated() {
      for byte in name {
        keyBytes[offset] = byte
        offset += 1
      }
      keyStarts[position + 1] = offset
      values[position] = entries[position].value
      var bucket = name.withUnsafeBufferPointer { Self.hash($0) } & mask
      while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
      buckets[bucket] = Int32(position)
    }
  }

  /// Frees the storage; the owning table calls it once.
  func deallocate() {
    buckets.deallocate()
    keyBytes.deallocate()
    keyStarts.deallocate()
    values.deallocate()
  }

  /// The value of the name spelled by `bytes`, or nil. The empty name is a name like any other (`""` is a
  /// legal equality literal); its bytes are never read.
  @inline(__always)
  func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    let count = bytes.count
    var bucket = Self.hash(bytes) & mask
    while true {
      let entry = Int(buckets[bucket])
      if entry < 0 { return nil }
      let start = keyStarts[entry]
      if keyStarts[entry + 1] - start == count,
        count == 0 || Self.equal(keyBytes.baseAddress! + start, bytes.baseAddress!, count)
      {
        return values[entry]
      }
      bucket = (bucket + 1) & mask
    }
  }

  /// Whether `count` (at least 1) bytes at `a` and `b` are equal, comparing in (possibly overlapping) words.
  @inline(__always)
  private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    if count >= 8 {
      var offset = 0
      while offset + 8 < count {
        if load64(a + offset) != load64(b + offset) { return false }
        offset += 8
      }
      return load64(a + count - 8) == load64(b + count - 8)
    }
    return small(a, count) == small(b, count)
  }

  /// The first and last eight bytes mixed with the length (names of fewer than 8 bytes: every byte, in words).
  @inline(__always)
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return 0 }
    let head = count >= 8 ? load64(base) : small(base, count)
    let tail = count >= 8 ? load64(base + count - 8) : 0
    var hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
    hash ^= hash >> 29
    hash = hash &* 0xBF58_476D_1CE5_E9B9
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  @inline(__always)
  private static func load64(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
  }

  /// All of 1–7 bytes (never 0: the caller handles the empty name) in one word: two overlapping 4-byte loads from 4 bytes on, else first, middle, last byte.
  /// Equal words mean equal bytes for equal counts.
  @inline(__always)
  private static func small(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    if count >= 4 {
      let head = UInt64(UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self))
      let tail = UInt64(UnsafeRawPointer(pointer + count - 4).loadUnaligned(as: UInt32.self))
      return head << 32 | tail
    }
    return UInt64(pointer[0]) << 16 | UInt64(pointer[count / 2]) << 8 | UInt64(pointer[count - 1])
  }
}

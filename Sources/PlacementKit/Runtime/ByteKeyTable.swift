/// A read-only hash table from ASCII names to small integers, looked up with raw UTF-8 bytes, so that reading a
/// JSON member name needs no `String`. Open addressing with linear probing; the table is at most half full.
/// The hash mixes the length with the first and last eight bytes, which tells attribute names apart cheaply.
///
/// Storage is allocated once and never mutated, so lookups are plain pointer reads (no reference counting, no
/// bounds-check closures); a class so that the storage is freed with the table.
final class ByteKeyTable: @unchecked Sendable {
  /// Entry index per bucket, -1 for empty.
  private let buckets: UnsafeMutableBufferPointer<Int32>
  /// Names back to back.
  private let keyBytes: UnsafeMutableBufferPointer<UInt8>
  /// Entry i's name is `keyBytes[keyStarts[i]..<keyStarts[i + 1]]`.
  private let keyStarts: UnsafeMutableBufferPointer<Int>
  private let values: UnsafeMutableBufferPointer<Int32>
  private let mask: Int

  /// A table of `entries`; names must be unique.
  init(_ entries: [(name: String, value: Int32)]) {
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

  deinit {
    buckets.deallocate()
    keyBytes.deallocate()
    keyStarts.deallocate()
    values.deallocate()
  }

  /// The value of the name spelled by `bytes`, or nil.
  func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var bucket = Self.hash(bytes) & mask
    while true {
      let entry = Int(buckets[bucket])
      if entry < 0 { return nil }
      let start = keyStarts[entry]
      if keyStarts[entry + 1] - start == bytes.count, Self.equal(keyBytes.baseAddress! + start, base, bytes.count) {
        return values[entry]
      }
      bucket = (bucket + 1) & mask
    }
  }

  @inline(__always)
  private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var offset = 0
    while offset + 8 <= count {
      let x = UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self)
      let y = UnsafeRawPointer(b + offset).loadUnaligned(as: UInt64.self)
      if x != y { return false }
      offset += 8
    }
    while offset < count {
      if a[offset] != b[offset] { return false }
      offset += 1
    }
    return true
  }

  @inline(__always)
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return 0 }
    var head: UInt64 = 0
    var tail: UInt64 = 0
    if count >= 8 {
      head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
      tail = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
    } else {
      for index in 0..<count { head = head << 8 | UInt64(base[index]) }
    }
    var hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
    hash ^= hash >> 29
    hash = hash &* 0xBF58_476D_1CE5_E9B9
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }
}

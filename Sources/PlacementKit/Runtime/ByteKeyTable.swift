/// A read-only hash table from ASCII names to small integers, looked up with raw UTF-8 bytes, so that reading a
/// JSON member name needs no `String`. Open addressing with linear probing; the table is at most half full.
/// The hash mixes the length and the first and last eight bytes, which tells attribute names apart cheaply.
struct ByteKeyTable: Sendable {
  private let buckets: [Int32]
  private let keyBytes: [UInt8]
  private let keyStarts: [Int]
  private let values: [Int32]
  private let mask: Int

  /// A table of `entries`; names must be unique.
  init(_ entries: [(name: String, value: Int32)]) {
    var size = 8
    while size < entries.count * 2 { size *= 2 }
    var buckets = [Int32](repeating: -1, count: size)
    var keyBytes: [UInt8] = []
    var keyStarts: [Int] = [0]
    var values: [Int32] = []
    for (position, entry) in entries.enumerated() {
      let bytes = Array(entry.name.utf8)
      keyBytes += bytes
      keyStarts.append(keyBytes.count)
      values.append(entry.value)
      var bucket = bytes.withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
      while buckets[bucket] >= 0 { bucket = (bucket + 1) & (size - 1) }
      buckets[bucket] = Int32(position)
    }
    keyBytes.append(0)  // keeps the storage non-empty, so its base address exists
    self.buckets = buckets
    self.keyBytes = keyBytes
    self.keyStarts = keyStarts
    self.values = values
    self.mask = size - 1
  }

  /// The value of the name spelled by `bytes`, or nil.
  func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var bucket = Self.hash(bytes) & mask
    return buckets.withUnsafeBufferPointer { buckets in
      keyStarts.withUnsafeBufferPointer { starts in
        keyBytes.withUnsafeBufferPointer { keys in
          while true {
            let entry = Int(buckets[bucket])
            if entry < 0 { return nil }
            let start = starts[entry]
            if starts[entry + 1] - start == bytes.count, Self.equal(keys.baseAddress! + start, base, bytes.count) {
              return values[entry]
            }
            bucket = (bucket + 1) & mask
          }
        }
      }
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

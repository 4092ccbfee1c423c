/// A read-only hash table from ASCII names to small integers, looked up with raw UTF-8 bytes, so that reading a
/// JSON member name needs no `String`. Open addressing with linear probing; the table is at most half full.
///
/// Each bucket holds its name's length and two words that, for names of up to 16 bytes, are the whole name (the
/// first and last eight bytes, overlapping; shorter names packed into one word), so finding a name compares three
/// integers in one bucket and reads no other memory. Longer names also compare their middle bytes.
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

  /// The value of `name` spelled with the same UTF-8 bytes, or nil.
  func value(_ name: String) -> Int32? {
    var name = name
    return name.withUTF8 { keys.value($0) }
  }
}

/// The storage of a ``ByteKeyTable`` as plain data (pointers and a mask): copying it costs no retain.
struct ByteKeys: @unchecked Sendable {
  /// One name: its length (-1 for an empty bucket), value, two words (``words(_:)``), and where its bytes start
  /// in `keyBytes` (read only for names over 16 bytes). When the names are plain, the name's member token (the
  /// name, its closing quote and a colon: `name":`): its length, two words and where it starts in `tokenBytes`
  /// (read only for tokens over 16 bytes), for ``member(_:count:inBucket:)``; else a token length of 0.
  private struct Bucket {
    var count: Int32 = -1
    var value: Int32 = 0
    var head: UInt64 = 0
    var tail: UInt64 = 0
    var start: Int = 0
    var tokenCount: Int = 0
    var tokenHead: UInt64 = 0
    var tokenTail: UInt64 = 0
    var tokenStart: Int = 0
  }

  private let buckets: UnsafeMutableBufferPointer<Bucket>
  /// Names back to back.
  private let keyBytes: UnsafeMutableBufferPointer<UInt8>
  /// Member tokens (`name":`) back to back, when the names are plain.
  private let tokenBytes: UnsafeMutableBufferPointer<UInt8>
  private let mask: Int
  /// Whether every name is printable ASCII without quotes or backslashes: then bytes in a JSON string that equal
  /// a name are that name, unescaped (``member(_:count:inBucket:)`` may stand for scanning the string).
  let namesArePlain: Bool

  /// Storage for `entries`; names must be unique.
  fileprivate init(_ entries: [(name: String, value: Int32)]) {
    var size = 8
    while size < entries.count * 2 { size *= 2 }
    let names = entries.map { Array($0.name.utf8) }
    buckets = .allocate(capacity: size)
    buckets.initialize(repeating: Bucket())
    keyBytes = .allocate(capacity: max(1, names.reduce(0) { $0 + $1.count }))
    keyBytes.initialize(repeating: 0)
    mask = size - 1
    namesArePlain = names.allSatisfy { name in
      name.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }
    let tokens = names.map { $0 + [UInt8(ascii: "\""), UInt8(ascii: ":")] }
    tokenBytes = .allocate(capacity: max(1, tokens.reduce(0) { $0 + $1.count }))
    _ = tokenBytes.initialize(from: tokens.joined())
    var tokenStart = 0
    var offset = 0
    for (position, name) in names.enumerated() {
      let start = offset
      for byte in name {
        keyBytes[offset] = byte
        offset += 1
      }
      let (head, tail) = name.withUnsafeBufferPointer { Self.words($0) }
      var bucket = Self.hash(head, tail, name.count) & mask
      while buckets[bucket].count >= 0 { bucket = (bucket + 1) & mask }
      let token = tokens[position]
      let (tokenHead, tokenTail) = token.withUnsafeBufferPointer { Self.words($0) }
      buckets[bucket] = Bucket(
        count: Int32(name.count), value: entries[position].value, head: head, tail: tail, start: start,
        tokenCount: namesArePlain ? token.count : 0, tokenHead: tokenHead, tokenTail: tokenTail,
        tokenStart: tokenStart)
      tokenStart += token.count
    }
  }

  /// Frees the storage; the owning table calls it once.
  func deallocate() {
    buckets.deallocate()
    keyBytes.deallocate()
    tokenBytes.deallocate()
  }

  /// The value of the name spelled by `bytes`, or nil. The empty name is a name like any other (`""` is a
  /// legal equality literal); its bytes are never read.
  @inline(__always)
  func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    bucket(of: bytes).map { buckets[$0].value }
  }

  /// The number of buckets: ``bucket(of:)`` returns one of `0..<bucketCount`.
  var bucketCount: Int { mask + 1 }

  /// The bucket holding the name spelled by `bytes`, or nil (see ``value(_:)``).
  @inline(__always)
  func bucket(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = bytes.count
    let (head, tail) = Self.words(bytes)
    var bucket = Self.hash(head, tail, count) & mask
    while true {
      let entry = buckets[bucket]
      if entry.count < 0 { return nil }
      if Int(entry.count) == count, entry.head == head, entry.tail == tail,
        count <= 16 || Self.equal(keyBytes.baseAddress! + entry.start, bytes.baseAddress!, count)
      {
        return bucket
      }
      bucket = (bucket + 1) & mask
    }
  }

  /// The value of the name in `bucket` (one ``bucket(of:)`` returned).
  @inline(__always)
  func value(inBucket bucket: Int) -> Int32 { buckets[bucket].value }

  /// The length of the member token of the name in `bucket` (`name":`, see ``Bucket``) when the `count` bytes at
  /// `bytes`, which follow a member name's opening quote, start with it: the name, unescaped, then the colon;
  /// 0 when they do not, or when the bucket has no token (the caller then reads the name as a string).
  @inline(__always)
  func member(_ bytes: UnsafePointer<UInt8>, count: Int, inBucket bucket: Int) -> Int {
    let entry = buckets[bucket]
    let length = entry.tokenCount
    guard length > 0, length <= count else { return 0 }
    let (head, tail) = Self.words(UnsafeBufferPointer(start: bytes, count: length))
    guard head == entry.tokenHead, tail == entry.tokenTail,
      length <= 16 || Self.equal(tokenBytes.baseAddress! + entry.tokenStart, bytes, length)
    else { return 0 }
    return length
  }

  /// Two words that, with the length, determine a name of up to 16 bytes: the first and last eight bytes
  /// (overlapping) from 8 bytes on; below that, every byte in the first word (``small(_:_:)``) and 0.
  @inline(__always)
  private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (head: UInt64, tail: UInt64) {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return (0, 0) }
    if count >= 8 { return (load64(base), load64(base + count - 8)) }
    return (small(base, count), 0)
  }

  /// Whether the middle bytes of two names of `count` (over 16) bytes are equal, whose first and last eight bytes
  /// are already known to be: compares in (possibly overlapping) words.
  @inline(never)
  private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var offset = 8
    while offset + 8 < count {
      if load64(a + offset) != load64(b + offset) { return false }
      offset += 8
    }
    return true
  }

  /// The two words mixed with the length.
  @inline(__always)
  private static func hash(_ head: UInt64, _ tail: UInt64, _ count: Int) -> Int {
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

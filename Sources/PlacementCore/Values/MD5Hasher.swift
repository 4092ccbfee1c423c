/// The streaming state of one RFC 1321 MD5 computation.
///
/// Feeds bytes in any number of pieces and never allocates on the heap: the pending partial block lives in a
/// fixed-size 64-byte tuple inside the value, and full blocks of contiguous input are compressed in place.
/// Not public: `MD5` and `Bucketing` are the entry points.
struct MD5Hasher {
  /// The four 32-bit chaining words (A, B, C, D of RFC 1321 §3.3).
  private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
  /// The pending partial block, 64 bytes; only the first `pending` bytes are meaningful.
  private var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
  /// Number of bytes waiting in `block`, 0..<64.
  private var pending = 0
  /// Total message length so far, in bytes (wraps modulo 2^64 as RFC 1321 §3.2 allows).
  private var length: UInt64 = 0

  /// Appends one byte to the message.
  @inline(__always)
  mutating func update(byte: UInt8) {
    let index = pending
    withUnsafeMutableBytes(of: &block) { $0[index] = byte }
    pending += 1
    length &+= 1
    if pending == 64 { flushBlock() }
  }

  /// Appends raw bytes; full 64-byte blocks are compressed straight from `bytes` without copying.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    length &+= UInt64(bytes.count)
    var offset = 0
    if pending > 0 {
      let take = min(64 - pending, bytes.count)
      let start = pending
      withUnsafeMutableBytes(of: &block) { buffer in
        (buffer.baseAddress! + start).copyMemory(from: base, byteCount: take)
      }
      pending += take
      offset = take
      guard pending == 64 else { return }
      flushBlock()
    }
    while bytes.count - offset >= 64 {
      state = Self.compress(state, UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64]))
      offset += 64
    }
    let rest = bytes.count - offset
    if rest > 0 {
      withUnsafeMutableBytes(of: &block) { buffer in
        buffer.baseAddress!.copyMemory(from: base + offset, byteCount: rest)
      }
      pending = rest
    }
  }

  /// Appends a collection of bytes, using its contiguous storage when it has one and byte-by-byte otherwise.
  mutating func update(_ bytes: some Collection<UInt8>) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
    if done == nil {
      for byte in bytes { update(byte: byte) }
    }
  }

  /// Appends the UTF-8 encoding of `string` (no terminator, no normalisation).
  mutating func update(utf8 string: String) {
    update(string.utf8)
  }

  /// Pads the message (RFC 1321 §3.1–3.2) and returns the final chaining words A, B, C, D.
  ///
  /// The digest is A, B, C, D each written little-endian: bytes 0..<4 are A, ..., bytes 12..<16 are D.
  mutating func finish() -> (UInt32, UInt32, UInt32, UInt32) {
    let bitLength = length &<< 3
    // 0x80 then zeros up to 56 mod 64: 1...64 bytes, taken from a 64-byte stack pattern.
    let padCount = pending < 56 ? 56 - pending : 120 - pending
    let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
      UInt64(0x80).littleEndian, 0, 0, 0, 0, 0, 0, 0
    )
    withUnsafeBytes(of: padding) { update(UnsafeRawBufferPointer(rebasing: $0.prefix(padCount))) }
    var lengthBytes = bitLength.littleEndian
    withUnsafeBytes(of: &lengthBytes) { update($0) }
    return state
  }

  /// Compresses the full pending block into the state.
  private mutating func flushBlock() {
    let full = block
    state = withUnsafeBytes(of: full) { Self.compress(state, $0) }
    pending = 0
  }

  /// The RFC 1321 §3.4 compression function over one 64-byte block.
  private static func compress(
    _ state: (UInt32, UInt32, UInt32, UInt32), _ p: UnsafeRawBufferPointer
  ) -> (UInt32, UInt32, UInt32, UInt32) {
    @inline(__always) func word(_ i: Int) -> UInt32 {
      UInt32(littleEndian: p.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
    }
    let x0 = word(0)
    let x1 = word(1)
    let x2 = word(2)
    let x3 = word(3)
    let x4 = word(4)
    let x5 = word(5)
    let x6 = word(6)
    let x7 = word(7)
    let x8 = word(8)
    let x9 = word(9)
    let x10 = word(10)
    let x11 = word(11)
    let x12 = word(12)
    let x13 = word(13)
    let x14 = word(14)
    let x15 = word(15)
    var (a, b, c, d) = state
    // Round 1.
    ff(&a, b, c, d, x0, 7, 0xd76a_a478)
    ff(&d, a, b, c, x1, 12, 0xe8c7_b756)
    ff(&c, d, a, b, x2, 17, 0x2420_70db)
    ff(&b, c, d, a, x3, 22, 0xc1bd_ceee)
    ff(&a, b, c, d, x4, 7, 0xf57c_0faf)
    ff(&d, a, b, c, x5, 12, 0x4787_c62a)
    ff(&c, d, a, b, x6, 17, 0xa830_4613)
    ff(&b, c, d, a, x7, 22, 0xfd46_9501)
    ff(&a, b, c, d, x8, 7, 0x6980_98d8)
    ff(&d, a, b, c, x9, 12, 0x8b44_f7af)
    ff(&c, d, a, b, x10, 17, 0xffff_5bb1)
    ff(&b, c, d, a, x11, 22, 0x895c_d7be)
    ff(&a, b, c, d, x12, 7, 0x6b90_1122)
    ff(&d, a, b, c, x13, 12, 0xfd98_7193)
    ff(&c, d, a, b, x14, 17, 0xa679_438e)
    ff(&b, c, d, a, x15, 22, 0x49b4_0821)
    // Round 2.
    gg(&a, b, c, d, x1, 5, 0xf61e_2562)
    gg(&d, a, b, c, x6, 9, 0xc040_b340)
    gg(&c, d, a, b, x11, 14, 0x265e_5a51)
    gg(&b, c, d, a, x0, 20, 0xe9b6_c7aa)
    gg(&a, b, c, d, x5, 5, 0xd62f_105d)
    gg(&d, a, b, c, x10, 9, 0x0244_1453)
    gg(&c, d, a, b, x15, 14, 0xd8a1_e681)
    gg(&b, c, d, a, x4, 20, 0xe7d3_fbc8)
    gg(&a, b, c, d, x9, 5, 0x21e1_cde6)
    gg(&d, a, b, c, x14, 9, 0xc337_07d6)
    gg(&c, d, a, b, x3, 14, 0xf4d5_0d87)
    gg(&b, c, d, a, x8, 20, 0x455a_14ed)
    gg(&a, b, c, d, x13, 5, 0xa9e3_e905)
    gg(&d, a, b, c, x2, 9, 0xfcef_a3f8)
    gg(&c, d, a, b, x7, 14, 0x676f_02d9)
    gg(&b, c, d, a, x12, 20, 0x8d2a_4c8a)
    // Round 3.
    hh(&a, b, c, d, x5, 4, 0xfffa_3942)
    hh(&d, a, b, c, x8, 11, 0x8771_f681)
    hh(&c, d, a, b, x11, 16, 0x6d9d_6122)
    hh(&b, c, d, a, x14, 23, 0xfde5_380c)
    hh(&a, b, c, d, x1, 4, 0xa4be_ea44)
    hh(&d, a, b, c, x4, 11, 0x4bde_cfa9)
    hh(&c, d, a, b, x7, 16, 0xf6bb_4b60)
    hh(&b, c, d, a, x10, 23, 0xbebf_bc70)
    hh(&a, b, c, d, x13, 4, 0x289b_7ec6)
    hh(&d, a, b, c, x0, 11, 0xeaa1_27fa)
    hh(&c, d, a, b, x3, 16, 0xd4ef_3085)
    hh(&b, c, d, a, x6, 23, 0x0488_1d05)
    hh(&a, b, c, d, x9, 4, 0xd9d4_d039)
    hh(&d, a, b, c, x12, 11, 0xe6db_99e5)
    hh(&c, d, a, b, x15, 16, 0x1fa2_7cf8)
    hh(&b, c, d, a, x2, 23, 0xc4ac_5665)
    // Round 4.
    ii(&a, b, c, d, x0, 6, 0xf429_2244)
    ii(&d, a, b, c, x7, 10, 0x432a_ff97)
    ii(&c, d, a, b, x14, 15, 0xab94_23a7)
    ii(&b, c, d, a, x5, 21, 0xfc93_a039)
    ii(&a, b, c, d, x12, 6, 0x655b_59c3)
    ii(&d, a, b, c, x3, 10, 0x8f0c_cc92)
    ii(&c, d, a, b, x10, 15, 0xffef_f47d)
    ii(&b, c, d, a, x1, 21, 0x8584_5dd1)
    ii(&a, b, c, d, x8, 6, 0x6fa8_7e4f)
    ii(&d, a, b, c, x15, 10, 0xfe2c_e6e0)
    ii(&c, d, a, b, x6, 15, 0xa301_4314)
    ii(&b, c, d, a, x13, 21, 0x4e08_11a1)
    ii(&a, b, c, d, x4, 6, 0xf753_7e82)
    ii(&d, a, b, c, x11, 10, 0xbd3a_f235)
    ii(&c, d, a, b, x2, 15, 0x2ad7_d2bb)
    ii(&b, c, d, a, x9, 21, 0xeb86_d391)
    return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
  }
}

@inline(__always)
private func rotate(_ x: UInt32, _ s: UInt32) -> UInt32 { (x &<< s) | (x &>> (32 &- s)) }

@inline(__always)
private func ff(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ s: UInt32, _ t: UInt32) {
  a = b &+ rotate(a &+ ((b & c) | (~b & d)) &+ x &+ t, s)
}

@inline(__always)
private func gg(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ s: UInt32, _ t: UInt32) {
  a = b &+ rotate(a &+ ((b & d) | (c & ~d)) &+ x &+ t, s)
}

@inline(__always)
private func hh(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ s: UInt32, _ t: UInt32) {
  a = b &+ rotate(a &+ (b ^ c ^ d) &+ x &+ t, s)
}

@inline(__always)
private func ii(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ x: UInt32, _ s: UInt32, _ t: UInt32) {
  a = b &+ rotate(a &+ (c ^ (b | ~d)) &+ x &+ t, s)
}

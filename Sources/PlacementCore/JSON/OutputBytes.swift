/// Where JSON text is appended: ``OutputBytes`` (a writer's own buffer) or a `[UInt8]`.
protocol ByteSink {
  mutating func appendByte(_ byte: UInt8)
  mutating func appendBytes(_ piece: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
  @inline(__always)
  mutating func appendByte(_ byte: UInt8) { append(byte) }
  @inline(__always)
  mutating func appendBytes(_ piece: UnsafeBufferPointer<UInt8>) { append(contentsOf: piece) }
}

/// A ``JSONWriter``'s output: a growable byte buffer with value semantics (copied on the first write after a
/// copy of the writer). An append is one capacity check and a copy: `Array.append(contentsOf:)` of a small piece
/// cost about 100 instructions (a uniqueness check, the generic copy, then `memcpy`), and a decision line is
/// a dozen pieces. Capacity grows by doubling.
struct OutputBytes: @unchecked Sendable {
  /// The buffer: `count` initialized bytes of `capacity`.
  private final class Storage {
    var base: UnsafeMutablePointer<UInt8>
    var count = 0
    var capacity: Int

    init(capacity: Int) {
      self.capacity = max(capacity, 64)
      base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    func copy() -> Storage {
      let copy = Storage(capacity: capacity)
      copy.base.initialize(from: base, count: count)
      copy.count = count
      return copy
    }

    @inline(never)
    func grow(toHold needed: Int) {
      let capacity = max(needed, 2 * self.capacity)
      let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
      base.initialize(from: self.base, count: count)
      self.base.deallocate()
      self.base = base
      self.capacity = capacity
    }
  }

  private var storage: Storage

  init(capacity: Int = 0) {
    storage = Storage(capacity: capacity)
  }

  var count: Int { storage.count }
  var isEmpty: Bool { storage.count == 0 }

  /// The bytes written, copied into an array.
  var array: [UInt8] { withUnsafeBufferPointer { Array($0) } }

  /// Calls `body` with the bytes written (valid only inside `body`).
  func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
  }

  /// Makes the storage unshared, with room for `extra` more bytes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    if storage.count + extra > storage.capacity { storage.grow(toHold: storage.count + extra) }
  }

  /// Makes the storage unshared, with room for `capacity` bytes in all.
  mutating func reserveCapacity(_ capacity: Int) {
    reserve(max(0, capacity - storage.count))
  }

  /// Drops the last `count` bytes written (at most ``count``).
  mutating func removeLast(_ count: Int) {
    reserve(0)
    storage.count -= min(count, storage.count)
  }

  mutating func removeAll(keepingCapacity: Bool) {
    if keepingCapacity, isKnownUniquelyReferenced(&storage) {
      storage.count = 0
    } else {
      storage = Storage(capacity: keepingCapacity ? storage.capacity : 0)
    }
  }
}

extension OutputBytes: ByteSink {
  @inline(__always)
  mutating func appendByte(_ byte: UInt8) {
    reserve(1)
    storage.base[storage.count] = byte
    storage.count += 1
  }

  /// Appends three pieces with one capacity check.
  @inline(__always)
  mutating func appendBytes(
    _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, _ third: UnsafeBufferPointer<UInt8>
  ) {
    appendPieces(first, second, third, lineFeed: false)
  }

  /// The three pieces, then a line feed, with one capacity check.
  @inline(__always)
  mutating func appendLine(
    _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, _ third: UnsafeBufferPointer<UInt8>
  ) {
    appendPieces(first, second, third, lineFeed: true)
  }

  @inline(__always)
  private mutating func appendPieces(
    _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, _ third: UnsafeBufferPointer<UInt8>,
    lineFeed: Bool
  ) {
    reserve(first.count + second.count + third.count + (lineFeed ? 1 : 0))
    let storage = storage
    @inline(__always) func copy(_ piece: UnsafeBufferPointer<UInt8>) {
      guard let source = piece.baseAddress, !piece.isEmpty else { return }
      Self.copy(source, piece.count, to: storage.base + storage.count)
      storage.count += piece.count
    }
    copy(first)
    copy(second)
    copy(third)
    if lineFeed {
      storage.base[storage.count] = UInt8(ascii: "\n")
      storage.count += 1
    }
  }

  @inline(__always)
  mutating func appendBytes(_ piece: UnsafeBufferPointer<UInt8>) {
    guard let source = piece.baseAddress, !piece.isEmpty else { return }
    reserve(piece.count)
    Self.copy(source, piece.count, to: storage.base + storage.count)
    storage.count += piece.count
  }

  /// Copies `count` bytes (at least one). A piece of 8 to 16 bytes (a profile id, most names) is two
  /// overlapping 8-byte moves instead of a call to `memcpy`, which costs about 25 instructions however short the
  /// piece; other sizes go to `memcpy`.
  @inline(__always)
  private static func copy(_ source: UnsafePointer<UInt8>, _ count: Int, to target: UnsafeMutablePointer<UInt8>) {
    guard count >= 8, count <= 16 else {
      target.initialize(from: source, count: count)
      return
    }
    let head = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
    let tail = UnsafeRawPointer(source + count - 8).loadUnaligned(as: UInt64.self)
    UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt64.self)
    UnsafeMutableRawPointer(target + count - 8).storeBytes(of: tail, as: UInt64.self)
  }
}

/// A byte buffer reused line after line, whose bytes stay put until the next copy: what a batch binds when it
/// binds a line other than the input's own bytes. Owned by one loop, which deallocates it.
struct ScratchBytes {
  private var storage = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

  /// `bytes` without the bytes at `removal`, in the buffer (valid until the next copy or ``deallocate()``).
  mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>, removing removal: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    let count = bytes.count - removal.count
    if storage.count < count {
      storage.deallocate()
      storage = .allocate(capacity: max(count, 2 * storage.count, 1_024))
    }
    let head = UnsafeBufferPointer(rebasing: bytes[..<removal.lowerBound])
    let tail = UnsafeBufferPointer(rebasing: bytes[removal.upperBound...])
    _ = UnsafeMutableBufferPointer(rebasing: storage[..<head.count]).initialize(from: head)
    _ = UnsafeMutableBufferPointer(rebasing: storage[head.count..<count]).initialize(from: tail)
    return UnsafeBufferPointer(rebasing: storage[..<count])
  }

  mutating func deallocate() {
    storage.deallocate()
    storage = UnsafeMutableBufferPointer(start: nil, count: 0)
  }
}

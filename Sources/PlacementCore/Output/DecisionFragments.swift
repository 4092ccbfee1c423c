/// Pre-encoded JSON fragments indexed by (placement position, row, variation), stored back to back in one
/// buffer: looking one up is two reads of plain memory, with none of the retains and releases that indexing
/// nested arrays costs on the batch hot path.
final class DecisionFragments: @unchecked Sendable {
  /// Every fragment's bytes, back to back; allocated once, never mutated, freed with the table.
  private let bytes: UnsafeMutableBufferPointer<UInt8>
  /// Fragment `i` is `bytes[starts[i]..<starts[i + 1]]`.
  private let starts: UnsafeMutableBufferPointer<Int>
  /// The index of the first fragment of (position, row) is `rowFirst[positionFirst[position] + row]`.
  private let positionFirst: UnsafeMutableBufferPointer<Int>
  private let rowFirst: UnsafeMutableBufferPointer<Int>

  /// The fragments `table[position][row][variation]` (a row that is no test has one, at variation 0).
  init(_ table: [[[[UInt8]]]]) {
    let flat = table.flatMap { $0 }
    let fragments = flat.flatMap { $0 }
    bytes = .allocate(capacity: max(1, fragments.reduce(0) { $0 + $1.count }))
    starts = .allocate(capacity: fragments.count + 1)
    rowFirst = .allocate(capacity: max(1, flat.count))
    var offset = 0
    for (index, fragment) in fragments.enumerated() {
      starts[index] = offset
      for byte in fragment {
        bytes[offset] = byte
        offset += 1
      }
    }
    starts[fragments.count] = offset
    var first = 0
    for (index, row) in flat.enumerated() {
      rowFirst[index] = first
      first += row.count
    }
    positionFirst = .allocate(capacity: max(1, table.count))
    var rows = 0
    for (position, placement) in table.enumerated() {
      positionFirst[position] = rows
      rows += placement.count
    }
  }

  deinit {
    bytes.deallocate()
    starts.deallocate()
    rowFirst.deallocate()
    positionFirst.deallocate()
  }

  /// The index of the fragment for `variation` of `row` at `position`: also the index into a flat table of the
  /// same shape (the table's rows and variations flattened in order).
  @inline(__always)
  func index(position: Int, row: Int, variation: Int) -> Int { rowFirst[positionFirst[position] &+ row] &+ variation }

  /// The bytes of the fragment for `variation` of `row` in the placement at `position`.
  @inline(__always)
  subscript(position: Int, row: Int, variation: Int) -> UnsafeBufferPointer<UInt8> {
    let index = rowFirst[positionFirst[position] &+ row] &+ variation
    let start = starts[index]
    return UnsafeBufferPointer(start: bytes.baseAddress.unsafelyUnwrapped + start, count: starts[index &+ 1] &- start)
  }
}

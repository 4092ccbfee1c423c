/// Where each line of a text starts: the byte offset after each `\n` (a `\r` before it is a byte of the line it
/// ends). ``SourceFile`` keeps the table of its bytes; the language server converts its positions with the same
/// table and the same search.
package struct LineTable: Sendable {
  /// Byte offset of the first byte of each line; `starts[0] == 0`, increasing.
  package let starts: [Int]

  /// The table of `bytes`: one pass.
  package init(_ bytes: [UInt8]) {
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
    self.starts = starts
  }

  /// A table from line starts already found (`starts[0] == 0`, increasing).
  package init(starts: [Int]) { self.starts = starts }

  /// The 0-based line holding byte `offset`: the last line starting at or before it (line 0 for an offset
  /// before the text). O(log lines).
  package func line(of offset: Int) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }
}

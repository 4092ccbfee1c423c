import PlacementKit

/// Where a JSON error is printed: `FILE:LINE:COLUMN`, 1-based, as rules diagnostics print positions.
extension SourcePosition {
  /// `name:LINE:COLUMN`, the line counted from `firstLine`: a batch or events line passes its own number, so a
  /// position within the line becomes a position within the file.
  /// - Parameters:
  ///   - name: The file's display name (`<stdin>` for standard input).
  ///   - firstLine: The file line (1-based) the parsed document starts on.
  func located(in name: String, fromLine firstLine: Int = 1) -> String {
    "\(name):\(firstLine + line - 1):\(column)"
  }
}

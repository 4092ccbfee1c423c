/// The compiler's messages and notes, as functions of typed arguments (see `Syntax/SyntaxMessages.swift`).
/// Report sites use these, never a string literal.
extension DiagnosticMessage {
  /// A placement whose worst resolution takes more steps than the limit.
  static func placementTooCostly(_ placement: String, steps: Int, limit: Int) -> Self {
    .init(
      CompilerCatalog.placementTooCostly,
      "placement '\(placement)' may take \(steps) evaluation steps per resolution, over the limit of \(limit)")
  }
}

extension Note {
  /// After `placement-too-costly`: how steps are counted; `scannedBytes` is the length a pattern is charged for.
  static func resolutionCostCounting(scannedBytes: Int) -> Note {
    Note(
      "each segment counts once; a 'matches' test costs its pattern's instructions × \(scannedBytes) bytes, "
        + "a list test one step per literal")
  }

  /// After `placement-too-costly`, at the costliest segment the placement reaches.
  static func segmentCost(_ segment: String, steps: Int, at span: SourceSpan?) -> Note {
    Note("segment '\(segment)' alone costs \(steps) steps", at: span)
  }
}

/// A zero-width test of the context around a position in the text.
enum RegexAssertion: Sendable, Equatable {
  /// `^` and `\A`: the position is the start of the text.
  case beginText
  /// `$` and `\z`: the position is the end of the text.
  case endText
  /// `\b`: exactly one of the neighbouring scalars is an ASCII word character.
  case wordBoundary
  /// `\B`: both or neither of the neighbouring scalars are ASCII word characters.
  case notWordBoundary

  /// Whether the assertion holds between `previous` and `next` (`nil` at the text's edges).
  @inline(__always)
  func holds(previous: Unicode.Scalar?, next: Unicode.Scalar?) -> Bool {
    switch self {
    case .beginText: return previous == nil
    case .endText: return next == nil
    case .wordBoundary: return RegexCharClass.isWord(previous) != RegexCharClass.isWord(next)
    case .notWordBoundary: return RegexCharClass.isWord(previous) == RegexCharClass.isWord(next)
    }
  }
}

/// The syntax tree of a regular expression: what the parser produces and the compiler consumes.
///
/// Every node records a UTF-8 byte offset in the pattern (where it starts; for a repetition, where its quantifier
/// starts), so the compiler can point at the construct that makes a program too large. Groups leave no node.
struct RegexNode: Sendable {
  indirect enum Kind: Sendable {
    /// Matches the empty string (an empty pattern, branch or group).
    case empty
    /// One scalar, compared exactly (or by simple case folding when the pattern ignores case).
    case literal(Unicode.Scalar)
    /// `.`: any scalar except `\n`.
    case anyExceptNewline
    /// A bracketed or escaped character class.
    case charClass(RegexCharClass)
    /// A zero-width assertion.
    case assertion(RegexAssertion)
    /// The children one after another.
    case concatenation([RegexNode])
    /// Any one of the children.
    case alternation([RegexNode])
    /// The child repeated `min...max` times (`max == nil`: unbounded).
    case repetition(RegexNode, min: Int, max: Int?)
  }

  /// What the node matches.
  var kind: Kind
  /// The UTF-8 byte offset of the node's first character in the pattern (of the quantifier, for a repetition).
  var offset: Int

  /// Whether every match of this node must start at the beginning of the text (lets the VM stop early).
  var isAnchoredAtStart: Bool {
    switch kind {
    case .assertion(let assertion): return assertion == .beginText
    case .concatenation(let children): return children.first?.isAnchoredAtStart ?? false
    case .alternation(let children): return !children.isEmpty && children.allSatisfy(\.isAnchoredAtStart)
    case .repetition(let child, let min, _): return min > 0 && child.isAnchoredAtStart
    case .empty, .literal, .anyExceptNewline, .charClass: return false
    }
  }
}

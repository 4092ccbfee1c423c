extension RegexNode {
  /// The tree with each run of literal scalars in a concatenation (and each lone literal) replaced by the run in
  /// NFC (``CanonicalText``), as the text it searches is: `e\x{301}` and `é` are one pattern. Classes and `.`
  /// are left alone: they match one scalar of the normalized text. A run's new literals keep the run's offsets
  /// (the first run's offset for each scalar past its length), which only errors about the program's size read.
  func withCanonicalLiterals() -> RegexNode {
    switch kind {
    case .literal:
      let nodes = Self.run([self])
      return nodes.count == 1 ? nodes[0] : RegexNode(kind: .concatenation(nodes), offset: offset)
    case .concatenation(let children):
      var result: [RegexNode] = []
      var literals: [RegexNode] = []
      for child in children {
        if case .literal = child.kind {
          literals.append(child)
          continue
        }
        result += Self.run(literals)
        literals = []
        result.append(child.withCanonicalLiterals())
      }
      result += Self.run(literals)
      return RegexNode(kind: .concatenation(result), offset: offset)
    case .alternation(let children):
      return RegexNode(kind: .alternation(children.map { $0.withCanonicalLiterals() }), offset: offset)
    case .repetition(let child, let min, let max):
      return RegexNode(kind: .repetition(child.withCanonicalLiterals(), min: min, max: max), offset: offset)
    case .empty, .anyExceptNewline, .charClass, .assertion:
      return self
    }
  }

  /// The literal nodes `literals` (a run of consecutive literals) in NFC.
  private static func run(_ literals: [RegexNode]) -> [RegexNode] {
    let scalars = literals.compactMap { node -> Unicode.Scalar? in
      if case .literal(let scalar) = node.kind { scalar } else { nil }
    }
    let normalized = CanonicalText.nfc(scalars)
    if normalized == scalars { return literals }
    return normalized.enumerated().map { index, scalar in
      RegexNode(kind: .literal(scalar), offset: literals[min(index, literals.count - 1)].offset)
    }
  }
}

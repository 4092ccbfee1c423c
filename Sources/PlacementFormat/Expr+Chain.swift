import PlacementCore

extension Expr {
  /// The operands of a chain of one operator, `a and b and c`, in source order, found without recursion so a
  /// very long chain cannot exhaust the stack; nil unless this is an `and` or `or` node. The parser stores a
  /// chain as a balanced tree (see `Parser.parseExpression`), so both sides are walked; a parenthesised chain is
  /// a `.group` and stays one operand.
  var chain: (keyword: String, operands: [Expr])? {
    let isOr: Bool
    switch self {
    case .and: isOr = false
    case .or: isOr = true
    default: return nil
    }
    var operands: [Expr] = []
    var pending = [self]
    while let node = pending.popLast() {
      switch node {
      case .and(let left, let right) where !isOr:
        pending += [right, left]
      case .or(let left, let right) where isOr:
        pending += [right, left]
      default:
        operands.append(node)
      }
    }
    return (isOr ? "or" : "and", operands)
  }
}

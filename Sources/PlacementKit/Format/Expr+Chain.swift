extension Expr {
  /// The operands of a chain of one operator, `a and b and c` (parsed left-nested), found without recursion so
  /// a very long chain cannot exhaust the stack; nil unless this is an `and` or `or` node.
  var chain: (keyword: String, operands: [Expr])? {
    let isOr: Bool
    switch self {
    case .and: isOr = false
    case .or: isOr = true
    default: return nil
    }
    var operands: [Expr] = []
    var node = self
    while true {
      switch node {
      case .and(let left, let right) where !isOr:
        operands.append(right)
        node = left
      case .or(let left, let right) where isOr:
        operands.append(right)
        node = left
      default:
        operands.append(node)
        return (isOr ? "or" : "and", operands.reversed())
      }
    }
  }
}

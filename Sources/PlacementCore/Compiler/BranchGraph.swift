/// The short-circuit order of a ``Program``'s conditions as jumps between its leaf nodes, so that a run
/// walks from one leaf to the next in a loop instead of recursing through every `and`, `or` and `not`.
///
/// Each leaf node (a predicate, a segment reference, a constant, a rollout, an empty `and`/`or`) gets an
/// ``Edge``: the leaf to test next when it holds and when it fails, or an exit (the condition holds or fails).
/// `all(a, b)` sends `a`'s true edge to `b` and both false edges out with "fails"; `any` the converse; `not`
/// swaps its child's exits. The nodes of the tree are unchanged (an explanation still walks them), and the edges
/// say which `and`/`or`/`not` nodes a jump leaves with which result (``closes``), so an observer sees every
/// node's result exactly as a recursive walk would: the leaf, then each enclosing node it decides, innermost
/// first.
struct BranchGraph: Sendable {
  /// Where a leaf's result leads: a leaf index, or ``holds``/``fails`` (the condition's result).
  struct Edge: Sendable {
    var onTrue: Int32 = BranchGraph.fails
    var onFalse: Int32 = BranchGraph.fails
    /// The head of the chain of enclosing nodes the true (false) jump decides, in ``closes``, or ``noCloses``.
    var trueCloses: Int32 = BranchGraph.noCloses
    var falseCloses: Int32 = BranchGraph.noCloses
  }

  /// One decided enclosing node and its result, and the next (outer) link, or ``BranchGraph/noCloses``.
  struct Close: Sendable {
    /// `node * 2 + (holds ? 1 : 0)`, read through ``node`` and ``holds``.
    private var code: Int32
    var next: Int32

    init(node: Int, holds: Bool, next: Int32) {
      code = Int32(node * 2 + (holds ? 1 : 0))
      self.next = next
    }

    /// The decided node.
    var node: Int {
      @inline(__always) get { Int(code >> 1) }
    }
    /// Its result.
    var holds: Bool {
      @inline(__always) get { code & 1 != 0 }
    }
  }

  /// The jump target that exits the condition with "holds".
  static let holds: Int32 = -1
  /// The jump target that exits the condition with "fails".
  static let fails: Int32 = -2
  /// The link that ends a chain of ``closes``: a jump that decides no (further) enclosing node.
  static let noCloses: Int32 = -1

  /// Per node (only leaves' are used).
  let edges: [Edge]
  /// Chains of decided nodes; shared suffixes, so their size is at most two links per `and`/`or`/`not`.
  let closes: [Close]
  /// Per condition: the leaf a run starts at.
  let entries: [Int32]

  init(nodes: [Node], roots: [Int32]) {
    var builder = Builder(nodes: nodes)
    let (holds, fails) = (
      Target(node: Self.holds, closes: Self.noCloses), Target(node: Self.fails, closes: Self.noCloses)
    )
    entries = roots.map { builder.compile(Int($0), holds, fails) }
    edges = builder.edges
    closes = builder.closes
  }

  /// A jump's destination and the nodes it decides on the way.
  private struct Target {
    var node: Int32
    var closes: Int32
  }

  private struct Builder {
    let nodes: [Node]
    var edges: [Edge]
    var closes: [Close] = []

    init(nodes: [Node]) {
      self.nodes = nodes
      edges = Array(repeating: Edge(), count: nodes.count)
    }

    /// `target`, deciding node `node` with `holds` first.
    private mutating func deciding(_ node: Int, _ holds: Bool, then target: Target) -> Target {
      closes.append(Close(node: node, holds: holds, next: target.closes))
      return Target(node: target.node, closes: Int32(closes.count - 1))
    }

    /// Compiles the subtree at `index` to jump to `onTrue` when it holds and `onFalse` when it fails; returns the
    /// leaf where evaluating it starts. Recursion depth is the condition's nesting depth (limited by the parser).
    mutating func compile(_ index: Int, _ onTrue: Target, _ onFalse: Target) -> Int32 {
      let node = nodes[index]
      switch node.op {
      case .all, .any:
        // An empty `and` (`or`) is a leaf that holds (fails).
        guard node.childCount > 0 else { return leaf(index, onTrue, onFalse) }
        let isAll = node.op == .all
        let decidedTrue = deciding(index, true, then: onTrue)
        let decidedFalse = deciding(index, false, then: onFalse)
        var children: [Int] = []
        var child = index + 1
        for _ in 0..<node.childCount {
          children.append(child)
          child = Int(nodes[child].end)
        }
        // From the last child back: each child's "go on" jump is the next child's entry.
        var next: Int32? = nil
        for child in children.reversed() {
          let goOn = next.map { Target(node: $0, closes: BranchGraph.noCloses) }
          next =
            isAll
            ? compile(child, goOn ?? decidedTrue, decidedFalse) : compile(child, decidedTrue, goOn ?? decidedFalse)
        }
        return next!
      case .not:
        return compile(index + 1, deciding(index, false, then: onFalse), deciding(index, true, then: onTrue))
      default:
        return leaf(index, onTrue, onFalse)
      }
    }

    private mutating func leaf(_ index: Int, _ onTrue: Target, _ onFalse: Target) -> Int32 {
      edges[index] = Edge(
        onTrue: onTrue.node, onFalse: onFalse.node, trueCloses: onTrue.closes, falseCloses: onFalse.closes)
      return Int32(index)
    }
  }
}

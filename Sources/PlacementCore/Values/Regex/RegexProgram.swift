/// One instruction of a Thompson-NFA program, run by ``RegexVM``.
enum RegexInstruction: Sendable, Equatable {
  /// The pattern has matched.
  case match
  /// Consume one scalar equal to this one.
  case scalar(Unicode.Scalar)
  /// Consume one scalar other than `\n`.
  case anyExceptNewline
  /// Consume one scalar matched by `RegexProgram.classes[index]`.
  case charClass(Int)
  /// Continue only if the assertion holds at the current position (consumes nothing).
  case assertion(RegexAssertion)
  /// Continue at the target (consumes nothing).
  case jump(Int)
  /// Continue at both targets (consumes nothing).
  case split(Int, Int)

  /// Whether the instruction consumes a scalar (the others are followed during the epsilon closure).
  var consumes: Bool {
    switch self {
    case .scalar, .anyExceptNewline, .charClass: return true
    case .match, .assertion, .jump, .split: return false
    }
  }
}

/// A compiled pattern: an immutable instruction list starting at index 0, ending with ``RegexInstruction/match``.
struct RegexProgram: Sendable {
  /// The largest program accepted, in instructions (counted repetitions are expanded, so `a{1000}` is 1,000).
  static let maxInstructions = 10_000

  /// The instructions; execution starts at index 0.
  var instructions: [RegexInstruction]
  /// The character classes referenced by ``RegexInstruction/charClass(_:)``.
  var classes: [RegexCharClass]
  /// Whether classes also match a text scalar through its simple case variants.
  var ignoresCase: Bool
  /// Whether every match starts at the beginning of the text (the search can stop once no thread is alive).
  var isAnchoredAtStart: Bool
}

/// Compiles a ``RegexNode`` tree into a ``RegexProgram`` by Thompson's construction.
struct RegexCompiler {
  private var instructions: [RegexInstruction] = []
  private var classes: [RegexCharClass] = []
  private let ignoresCase: Bool

  private init(ignoresCase: Bool) { self.ignoresCase = ignoresCase }

  /// Compiles `node`, ignoring case in literals and classes if asked.
  /// - Throws: ``PatternError`` "pattern is too large" when the program would exceed
  ///   ``RegexProgram/maxInstructions``, at the offset of the construct that crosses the limit; checked before any
  ///   expansion, so the check itself is cheap.
  static func compile(_ node: RegexNode, ignoringCase: Bool) throws(PatternError) -> RegexProgram {
    let size = try checkedSize(of: node)
    var compiler = RegexCompiler(ignoresCase: ignoringCase)
    compiler.instructions.reserveCapacity(size + 1)
    compiler.emit(node)
    compiler.instructions.append(.match)
    return RegexProgram(
      instructions: compiler.instructions, classes: compiler.classes, ignoresCase: ignoringCase,
      isAnchoredAtStart: node.isAnchoredAtStart)
  }

  /// The number of instructions `emit(node)` produces, throwing as soon as a subtotal exceeds the limit (leaving
  /// room for the final `match`).
  private static func checkedSize(of node: RegexNode) throws(PatternError) -> Int {
    let limit = RegexProgram.maxInstructions - 1
    func check(_ size: Int, _ offset: Int) throws(PatternError) -> Int {
      guard size <= limit else {
        throw PatternError(message: PatternError.tooLarge(size: size + 1, limit: limit + 1), offset: offset)
      }
      return size
    }
    switch node.kind {
    case .empty: return 0
    case .literal, .anyExceptNewline, .charClass, .assertion: return 1
    case .concatenation(let children), .alternation(let children):
      var total = 0
      if case .alternation = node.kind { total = 2 * (children.count - 1) }
      for child in children { total = try check(total + checkedSize(of: child), child.offset) }
      return total
    case .repetition(let child, let min, let max):
      let size = try checkedSize(of: child)
      guard let max else { return try check(min == 0 ? size + 2 : min * size + 1, node.offset) }
      return try check(min * size + (max - min) * (size + 1), node.offset)
    }
  }

  private mutating func emit(_ node: RegexNode) {
    switch node.kind {
    case .empty: break
    case .literal(let scalar): emitLiteral(scalar)
    case .anyExceptNewline: instructions.append(.anyExceptNewline)
    case .charClass(let charClass):
      instructions.append(.charClass(classes.count))
      classes.append(charClass)
    case .assertion(let assertion): instructions.append(.assertion(assertion))
    case .concatenation(let children): for child in children { emit(child) }
    case .alternation(let children): emitAlternation(children)
    case .repetition(let child, let min, let max): emitRepetition(child, min: min, max: max)
    }
  }

  private mutating func emitLiteral(_ scalar: Unicode.Scalar) {
    let variants = RegexCaseVariants(scalar)
    guard ignoresCase, variants.lower != scalar || variants.upper != scalar else {
      instructions.append(.scalar(scalar))
      return
    }
    let members = [scalar, variants.lower, variants.upper].map { RegexCharClass.Range(low: $0.value, high: $0.value) }
    instructions.append(.charClass(classes.count))
    classes.append(RegexCharClass(members))
  }

  private mutating func emitAlternation(_ children: [RegexNode]) {
    var exits: [Int] = []
    for (index, child) in children.enumerated() {
      guard index < children.count - 1 else {
        emit(child)
        break
      }
      let split = instructions.count
      instructions.append(.split(split + 1, -1))
      emit(child)
      exits.append(instructions.count)
      instructions.append(.jump(-1))
      instructions[split] = .split(split + 1, instructions.count)
    }
    for exit in exits { instructions[exit] = .jump(instructions.count) }
  }

  private mutating func emitRepetition(_ child: RegexNode, min: Int, max: Int?) {
    guard let max else {
      if min == 0 {  // loop: split body, exit; body; jump loop
        let loop = instructions.count
        instructions.append(.split(loop + 1, -1))
        emit(child)
        instructions.append(.jump(loop))
        instructions[loop] = .split(loop + 1, instructions.count)
      } else {  // child{min-1} then body; split body, exit
        for _ in 1..<min { emit(child) }
        let body = instructions.count
        emit(child)
        instructions.append(.split(body, instructions.count + 1))
      }
      return
    }
    for _ in 0..<min { emit(child) }
    var optionals: [Int] = []
    for _ in min..<max {  // each optional copy may skip straight to the end
      optionals.append(instructions.count)
      instructions.append(.split(instructions.count + 1, -1))
      emit(child)
    }
    for split in optionals { instructions[split] = .split(split + 1, instructions.count) }
  }
}

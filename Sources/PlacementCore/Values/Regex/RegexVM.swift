/// A Pike VM: simulates a ``RegexProgram`` over the text's Unicode scalars in one left-to-right pass.
///
/// All live NFA states at the current position are kept in a sparse set (each program counter at most once), so
/// each scalar costs O(program size) and a whole search is O(scalar count × program size), with no backtracking
/// and no recursion: the epsilon closure uses an explicit stack. Only a boolean answer is needed, so threads carry
/// no captures or priorities and the run stops at the first `match` reached. The search is unanchored: a new
/// thread starts at every position (unless the program is anchored at the start).
enum RegexVM {
  /// A sparse set of program counters (Briggs–Torczon): O(1) insert, membership and clear.
  private struct ThreadList {
    let dense: UnsafeMutablePointer<Int>
    let sparse: UnsafeMutablePointer<Int>
    var count = 0

    @inline(__always)
    func contains(_ pc: Int) -> Bool {
      let index = sparse[pc]
      return index < count && dense[index] == pc
    }

    @inline(__always)
    mutating func insert(_ pc: Int) {
      dense[count] = pc
      sparse[pc] = count
      count += 1
    }
  }

  /// Whether `program` matches some substring of `text`.
  ///
  /// Working memory is 6 × program size + 2 integers, taken from the stack when small enough (the standard
  /// library's temporary allocation), otherwise from the heap, once per call.
  static func matches(_ program: RegexProgram, _ text: String) -> Bool {
    let size = program.instructions.count
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 6 * size + 2) { buffer in
      buffer.initialize(repeating: 0)
      let base = buffer.baseAddress!
      return program.instructions.withUnsafeBufferPointer { code in
        var current = ThreadList(dense: base, sparse: base + size)
        var next = ThreadList(dense: base + 2 * size, sparse: base + 3 * size)
        return run(program, code, text, &current, &next, stack: base + 4 * size)
      }
    }
  }

  private static func run(
    _ program: RegexProgram, _ code: UnsafeBufferPointer<RegexInstruction>, _ text: String,
    _ current: inout ThreadList, _ next: inout ThreadList, stack: UnsafeMutablePointer<Int>
  ) -> Bool {
    var iterator = text.unicodeScalars.makeIterator()
    var previous: Unicode.Scalar? = nil
    var scalar = iterator.next()
    var atStart = true
    while true {
      if atStart || !program.isAnchoredAtStart {
        if addThread(0, to: &current, code, previous: previous, next: scalar, stack: stack) { return true }
      }
      atStart = false
      guard let here = scalar, current.count > 0 else { return false }
      let following = iterator.next()
      let variants = program.ignoresCase ? RegexCaseVariants(here) : nil
      next.count = 0
      for index in 0..<current.count {
        let pc = current.dense[index]
        let advances: Bool
        switch code[pc] {
        case .scalar(let expected): advances = here == expected
        case .anyExceptNewline: advances = here != "\n"
        case .charClass(let number): advances = program.classes[number].matches(here, variants: variants)
        case .match, .assertion, .jump, .split: advances = false
        }
        if advances, addThread(pc + 1, to: &next, code, previous: here, next: following, stack: stack) {
          return true
        }
      }
      swap(&current, &next)
      previous = here
      scalar = following
    }
  }

  /// Adds `start` and everything reachable from it without consuming a scalar to `list`, at the position between
  /// `previous` and `next`. Returns `true` as soon as `match` is reachable.
  ///
  /// The stack never holds more than 2 × program size + 1 entries: each program counter is expanded at most once
  /// per list and pushes at most two successors.
  @inline(__always)
  private static func addThread(
    _ start: Int, to list: inout ThreadList, _ code: UnsafeBufferPointer<RegexInstruction>,
    previous: Unicode.Scalar?, next: Unicode.Scalar?, stack: UnsafeMutablePointer<Int>
  ) -> Bool {
    var top = 1
    stack[0] = start
    while top > 0 {
      top -= 1
      let pc = stack[top]
      if list.contains(pc) { continue }
      list.insert(pc)
      switch code[pc] {
      case .match:
        return true
      case .jump(let target):
        stack[top] = target
        top += 1
      case .split(let first, let second):
        stack[top] = second
        stack[top + 1] = first
        top += 2
      case .assertion(let assertion):
        if assertion.holds(previous: previous, next: next) {
          stack[top] = pc + 1
          top += 1
        }
      case .scalar, .anyExceptNewline, .charClass:
        break
      }
    }
    return false
  }
}

import TestSupport
import Testing

@testable import PlacementCore

/// A compiled ``Step`` folds a comparison into a closed range of bits: for every comparison, literal and value
/// at the edges of each type (±0, the neighbours of a literal, ±∞, NaN, the integer extremes), the folded range
/// must hold exactly when the comparison does.
@Suite struct StepTests {
  static let comparisons: [Comparison] = [.equal, .less, .lessEqual, .greater, .greaterEqual]

  static let doubles: [Double] = [
    -.infinity, -.greatestFiniteMagnitude, -1, -.leastNonzeroMagnitude, -0.0, 0.0, .leastNonzeroMagnitude,
    0.5, 1, 21, 21.nextDown, 21.nextUp, .greatestFiniteMagnitude, .infinity, .nan,
  ]

  static let instants: [Int64] = [.min, .min + 1, -1, 0, 1, 1_756_684_800_000, .max - 1, .max]

  static let versions: [UInt64] = [0, 1, 2, Scalar.packRelease(2, 0, 0) ?? 7, .max - 1, .max]

  @Test func numberRangesHoldExactlyWhenTheComparisonDoes() {
    for comparison in Self.comparisons {
      for literal in Self.doubles {
        let folded = step(Node(op: .number, comparison: comparison, a: literal.bitPattern))
        #expect(folded.kind == .doubleRange && folded.tag == .number)
        for value in Self.doubles {
          #expect(
            folded.holds(value.bitPattern) == comparison.holds(value, literal), "\(value) \(comparison) \(literal)")
        }
      }
    }
  }

  @Test func dateRangesHoldExactlyWhenTheComparisonDoes() {
    for comparison in Self.comparisons {
      for literal in Self.instants {
        let folded = step(Node(op: .date, comparison: comparison, a: UInt64(bitPattern: literal)))
        #expect(folded.kind == .signedRange && folded.tag == .date)
        for value in Self.instants {
          #expect(
            folded.holds(UInt64(bitPattern: value)) == comparison.holds(value, literal),
            "\(value) \(comparison) \(literal)")
        }
      }
    }
  }

  @Test func versionRangesHoldExactlyWhenTheComparisonDoes() {
    for comparison in Self.comparisons {
      for literal in Self.versions {
        let folded = step(Node(op: .version, comparison: comparison, a: literal))
        #expect(folded.kind == .unsignedRange && folded.tag == .version)
        for value in Self.versions {
          #expect(folded.holds(value) == comparison.holds(value, literal), "\(value) \(comparison) \(literal)")
        }
      }
    }
  }

  @Test func strictComparisonsWithNoNeighbourAreEmpty() {
    #expect(Step.bounds(.less, -Double.infinity) == (1, 0))
    #expect(Step.bounds(.greater, Double.infinity) == (1, 0))
    #expect(Step.bounds(.less, Int64.min) == (1, 0))
    #expect(Step.bounds(.greater, UInt64.max) == (1, 0))
    #expect(Step.bounds(.equal, Double.nan) == (1, 0))
    // `x > 21` is `x ≥ 21.nextUp`: no double lies between them.
    #expect(Step.bounds(.greater, 21.0) == (21.0.nextUp, .infinity))
    #expect(Step.bounds(.less, Int64(0)) == (.min, -1))
  }

  @Test func betweenIsTheClosedRange() {
    let numbers = step(Node(op: .numberBetween, a: (-0.0).bitPattern, b: 10.0.bitPattern))
    #expect(numbers.holds(0.0.bitPattern) && numbers.holds(10.0.bitPattern))
    #expect(!numbers.holds(10.0.nextUp.bitPattern) && !numbers.holds(Double.nan.bitPattern))
    let dates = step(Node(op: .dateBetween, a: UInt64(bitPattern: -5), b: 5))
    #expect(dates.holds(UInt64(bitPattern: -5)) && dates.holds(5))
    #expect(!dates.holds(UInt64(bitPattern: -6)) && !dates.holds(6))
  }

  @Test func masksAndBooleans() {
    let option = step(Node(op: .choiceIn, a: 0b1010))
    #expect(option.tag == .choice && option.holds(1) && option.holds(3))
    #expect(!option.holds(0) && !option.holds(2) && !option.holds(64) && !option.holds(.max))
    let string = step(Node(op: .stringIn, a: 1 << 63))
    #expect(string.tag == .string && string.holds(63) && !string.holds(64) && !string.holds(0))
    let all = step(Node(op: .choicesHasAll, a: 0b110))
    #expect(all.holds(0b111) && all.holds(0b110) && !all.holds(0b100))
    let any = step(Node(op: .choicesHasAny, a: 0b110))
    #expect(any.holds(0b100) && !any.holds(0b001) && !any.holds(0))
    let empty = step(Node(op: .choicesIsEmpty))
    #expect(empty.tag == .choices && empty.holds(0) && !empty.holds(1))
    let yes = step(Node(op: .bool, a: 1))
    #expect(yes.tag == .bool && yes.holds(1) && !yes.holds(0))
  }

  /// String equality is a bit test at any number of literals: a mask counted from its least id when the ids
  /// span at most 64 (every `==`), else a set of words; either holds for exactly its ids, at and past its edges.
  @Test func stringIDSetsHoldExactlyTheirIDsAtAnyCount() {
    let idSets: [[UInt64]] = [
      [0], [63], [64], [999], [998, 1_000], [64, 127], [0, 63], [70, 71, 127, 128, 300, 1_000], [0, 64], [5, 1_023],
      Array(stride(from: 3, to: 1_100, by: 7)),
    ]
    var builder = ProgramBuilder(attributeCount: 1)
    let steps = idSets.map { step(builder.membership($0)) }
    builder.stringSets.withUnsafeBufferPointer { sets in
      for (ids, folded) in zip(idSets, steps) {
        let spansMoreThan64 = ids.max()! - ids.min()! >= 64
        #expect(folded.tag == .string && folded.kind == (spansMoreThan64 ? .bitOfSet : .bitOfMask), "\(ids)")
        for id in Array(0...1_200) + [UInt64(1) << 32, UInt64(1) << 38, .max - 1, .max] {
          #expect(folded.holds(id, sets: sets) == ids.contains(id), "\(id) in \(ids)")
        }
      }
    }
    // Four sets span more than 64 ids, each stored as the words from its least id's to its greatest's.
    #expect(builder.stringSets.count == 2 + 15 + 16 + 18)
  }

  @Test func testsRelativeToNowAndGenericTestsAreTheNodes() {
    for op in [Node.Op.choicesCount, .dateWithinLast, .dateOlderThan, .yearsSince, .generic, .rollout, .constant] {
      #expect(step(Node(op: op)).kind == .other, "\(op)")
    }
    let reference = Step(
      Node(op: .segment, a: 1),
      segments: [SegmentPlan(entry: 3, memoSlot: -1), SegmentPlan(entry: 9, memoSlot: 4)])
    #expect(reference.kind == .segment && reference.a == 9 && Int64(bitPattern: reference.b) == 4)
    #expect(step(Node(op: .isSet, slot: 3)).kind == .isSet && step(Node(op: .isSet, slot: 3)).slot == 3)
  }

  /// A segment reference's step holds where the segment's condition starts and its memo slot, so that a run
  /// enters it without reading the segment's plan.
  @Test func segmentReferencesCarryTheSegmentsPlan() throws {
    let rules = """
      attribute score: number
      segment adult = score >= 18
      segment shared = score < 65
      segment working = adult and shared
      placement home: flow {
        shared -> flow a
        default -> flow b
      }
      """
    let ruleSet = try #require(Compilation.compile([RuleSource(name: "s.rules", text: rules)]).ruleSet)
    let program = ruleSet.program
    let references = program.nodes.indices.filter { program.nodes[$0].op == .segment }
    #expect(references.count == 2)
    for index in references {
      let segment = Int(program.nodes[index].a)
      let step = program.steps[index]
      #expect(step.kind == .segment)
      #expect(Int32(step.a) == program.graph.entries[segment])
      #expect(Int64(bitPattern: step.b) == Int64(program.segmentPlans[segment].memoSlot))
    }
    // `shared` is referred to twice (by `working` and by a row): memoised; `adult` once: not.
    #expect(program.segmentPlans[1].memoSlot == 0)
    #expect(program.segmentPlans[0].memoSlot == -1)
  }
}

/// The step of a node that is not a segment reference.
private func step(_ node: Node) -> Step { Step(node, segments: []) }

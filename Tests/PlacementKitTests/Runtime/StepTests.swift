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
        let step = Step(Node(op: .number, comparison: comparison, a: literal.bitPattern))
        #expect(step.kind == .doubleRange && step.tag == .number)
        for value in Self.doubles {
          #expect(
            step.holds(value.bitPattern) == comparison.holds(value, literal), "\(value) \(comparison) \(literal)")
        }
      }
    }
  }

  @Test func dateRangesHoldExactlyWhenTheComparisonDoes() {
    for comparison in Self.comparisons {
      for literal in Self.instants {
        let step = Step(Node(op: .date, comparison: comparison, a: UInt64(bitPattern: literal)))
        #expect(step.kind == .signedRange && step.tag == .date)
        for value in Self.instants {
          #expect(
            step.holds(UInt64(bitPattern: value)) == comparison.holds(value, literal),
            "\(value) \(comparison) \(literal)")
        }
      }
    }
  }

  @Test func versionRangesHoldExactlyWhenTheComparisonDoes() {
    for comparison in Self.comparisons {
      for literal in Self.versions {
        let step = Step(Node(op: .version, comparison: comparison, a: literal))
        #expect(step.kind == .unsignedRange && step.tag == .version)
        for value in Self.versions {
          #expect(step.holds(value) == comparison.holds(value, literal), "\(value) \(comparison) \(literal)")
        }
      }
    }
  }

  @Test func strictComparisonsWithNoNeighbourAreEmpty() {
    #expect(Step.bounds(.less, -Double.infinity, empty: (.infinity, -.infinity)) == (.infinity, -.infinity))
    #expect(Step.bounds(.greater, Double.infinity, empty: (.infinity, -.infinity)) == (.infinity, -.infinity))
    #expect(Step.bounds(.less, Int64.min) == (1, 0))
    #expect(Step.bounds(.greater, UInt64.max) == (1, 0))
    #expect(Step.bounds(.equal, Double.nan, empty: (.infinity, -.infinity)) == (.infinity, -.infinity))
    // `x > 21` is `x ≥ 21.nextUp`: no double lies between them.
    #expect(Step.bounds(.greater, 21.0) == (21.0.nextUp, .infinity))
    #expect(Step.bounds(.less, Int64(0)) == (.min, -1))
  }

  @Test func betweenIsTheClosedRange() {
    let numbers = Step(Node(op: .numberBetween, a: (-0.0).bitPattern, b: 10.0.bitPattern))
    #expect(numbers.holds(0.0.bitPattern) && numbers.holds(10.0.bitPattern))
    #expect(!numbers.holds(10.0.nextUp.bitPattern) && !numbers.holds(Double.nan.bitPattern))
    let dates = Step(Node(op: .dateBetween, a: UInt64(bitPattern: -5), b: 5))
    #expect(dates.holds(UInt64(bitPattern: -5)) && dates.holds(5))
    #expect(!dates.holds(UInt64(bitPattern: -6)) && !dates.holds(6))
  }

  @Test func masksAndBooleans() {
    let option = Step(Node(op: .choiceIn, a: 0b1010))
    #expect(option.tag == .choice && option.holds(1) && option.holds(3))
    #expect(!option.holds(0) && !option.holds(2) && !option.holds(64) && !option.holds(.max))
    let string = Step(Node(op: .stringIn, a: 1 << 63))
    #expect(string.tag == .string && string.holds(63) && !string.holds(64) && !string.holds(0))
    let all = Step(Node(op: .choicesHasAll, a: 0b110))
    #expect(all.holds(0b111) && all.holds(0b110) && !all.holds(0b100))
    let any = Step(Node(op: .choicesHasAny, a: 0b110))
    #expect(any.holds(0b100) && !any.holds(0b001) && !any.holds(0))
    let empty = Step(Node(op: .choicesIsEmpty))
    #expect(empty.tag == .choices && empty.holds(0) && !empty.holds(1))
    let yes = Step(Node(op: .bool, a: 1))
    #expect(yes.tag == .bool && yes.holds(1) && !yes.holds(0))
  }

  @Test func testsRelativeToNowAndGenericTestsAreTheNodes() {
    for op in [Node.Op.choicesCount, .dateWithinLast, .dateOlderThan, .yearsSince, .generic, .rollout, .constant] {
      #expect(Step(Node(op: op)).kind == .other, "\(op)")
    }
    #expect(Step(Node(op: .segment, a: 7)).kind == .segment)
    #expect(Step(Node(op: .isSet, slot: 3)).kind == .isSet && Step(Node(op: .isSet, slot: 3)).slot == 3)
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

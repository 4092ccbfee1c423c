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
        let folded = step(.number(comparison, literal))
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
        let folded = step(.date(comparison, Instant(millisecondsSince1970: literal)))
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
        let folded = Step(.unsignedRange, .version, slot: 0, Step.bounds(comparison, literal))
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
    let numbers = step(.numberBetween(-0.0, 10.0))
    #expect(numbers.holds(0.0.bitPattern) && numbers.holds(10.0.bitPattern))
    #expect(!numbers.holds(10.0.nextUp.bitPattern) && !numbers.holds(Double.nan.bitPattern))
    let dates = step(.dateBetween(Instant(millisecondsSince1970: -5), Instant(millisecondsSince1970: 5)))
    #expect(dates.holds(UInt64(bitPattern: -5)) && dates.holds(5))
    #expect(!dates.holds(UInt64(bitPattern: -6)) && !dates.holds(6))
  }

  @Test func masksAndBooleans() {
    let option = step(.choiceIn(0b1010))
    #expect(option.tag == .choice && option.holds(1) && option.holds(3))
    #expect(!option.holds(0) && !option.holds(2) && !option.holds(64) && !option.holds(.max))
    var builder = ProgramBuilder(attributeCount: 1)
    let string = builder.membership([63], slot: 0)
    #expect(string.tag == .string && string.holds(63) && !string.holds(64) && !string.holds(0))
    let all = step(.choicesHasAll(0b110))
    #expect(all.holds(0b111) && all.holds(0b110) && !all.holds(0b100))
    let any = step(.choicesHasAny(0b110))
    #expect(any.holds(0b100) && !any.holds(0b001) && !any.holds(0))
    let empty = step(.choicesIsEmpty)
    #expect(empty.tag == .choices && empty.holds(0) && !empty.holds(1))
    let yes = step(.bool(true))
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
    let steps = idSets.map { builder.membership($0, slot: 0) }
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

  /// The tests relative to `now` and `count` keep their operands for the functions ``ValueTest/holds(_:now:)``
  /// calls; a test without a fast kind is ``Step/Kind/generic``; a reference holds its segment's plan.
  @Test func stepsOffTheFastPathKeepTheirOperands() {
    let count = step(.choicesCount(.less, 3), slot: 2)
    #expect(count.kind == .choicesCount && count.comparison == .less && count.literal == 3 && count.slot == 2)
    let years = step(.yearsSince(.greaterEqual, 18))
    #expect(years.kind == .yearsSince && years.comparison == .greaterEqual && years.literal == 18)
    let within = step(.dateWithinLast(milliseconds: 86_400_000))
    #expect(within.kind == .dateWithinLast && within.window == 86_400_000)
    let older = step(.dateOlderThan(milliseconds: -7))
    #expect(older.kind == .dateOlderThan && older.window == -7)
    for test in [ValueTest.numberIn([1, 2]), .choicesHasEach([1, 2]), .string(.startsWith, ["a"], folded: nil)] {
      #expect(step(test, slot: 5).kind == .generic && step(test, slot: 5).slot == 5, "\(test)")
    }
    let reference = Step(segment: SegmentPlan(entry: 9, memoSlot: 4))
    #expect(reference.kind == .segment && reference.segmentEntry == 9 && reference.memoSlot == 4)
    #expect(step(.isSet, slot: 3).kind == .isSet && step(.isSet, slot: 3).slot == 3)
  }

  /// Every node gets a step: a leaf its instruction (an empty `and` holds, an empty `or` fails), a `not` and an
  /// `and`/`or` with children one that is never executed.
  @Test func everyNodeHasAStepAndLeavesTheirInstruction() {
    var builder = ProgramBuilder(attributeCount: 1)
    let file = SourceFile(name: "a.rules", text: "a is set")
    let span = SourceSpan(file: file, range: SourceRange(start: 0, end: 8))
    let test = Condition.predicate(Predicate(slot: 0, attribute: "a", test: .isSet, text: "a is set", span: span))
    let rollout = Condition.rollout(salt: "s", threshold: 5, text: "rollout 5%")
    _ = builder.emit(.all([.any([]), .not(test), .constant(false), rollout, .all([])]))
    #expect(builder.nodes.map(\.op) == [.all, .any, .not, .test, .constant, .rollout, .all])
    #expect(builder.steps.map(\.kind) == [.interior, .constant, .interior, .isSet, .constant, .rollout, .constant])
    #expect(builder.steps.map(\.constant) == [false, false, false, false, false, false, true])
    #expect(builder.nodes[3].test == 0 && builder.tests == [.isSet] && builder.steps[5].rollout == 0)
    // The comparison sits in the padding: a step is still 32 bytes.
    #expect(MemoryLayout<Step>.size == 32)
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
      let segment = program.nodes[index].segment
      let step = program.steps[index]
      #expect(step.kind == .segment)
      #expect(step.segmentEntry == Int(program.graph.entries[segment]))
      #expect(step.memoSlot == Int(program.segmentPlans[segment].memoSlot))
    }
    // `shared` is referred to twice (by `working` and by a row): memoised; `adult` once: not.
    #expect(program.segmentPlans[1].memoSlot == 0)
    #expect(program.segmentPlans[0].memoSlot == -1)
  }
}

/// The step the compiler lowers `test` on `slot` to.
private func step(_ test: ValueTest, slot: Int = 0) -> Step {
  var builder = ProgramBuilder(attributeCount: slot + 1)
  return builder.step(for: test, slot: slot)
}

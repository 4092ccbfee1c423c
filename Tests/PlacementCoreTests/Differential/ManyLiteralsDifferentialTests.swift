import TestSupport
import Testing

@testable import PlacementCore

/// One string attribute compared with 65, 200 and 1,000 distinct literals (`==`, `!=`, `in`, `not in`, with and
/// without `ignoring case`, ASCII, precomposed and decomposed spellings), against the naive oracle: every
/// literal keeps its bit test however many the slot has, and the decisions, explanations and batch bytes are
/// the oracle's, on both binders.
@Suite struct ManyLiteralsDifferentialTests {
  static let profilesPerRuleSet = 60

  @Test(arguments: [65, 200, 1_000])
  func decisionsAgreeWithTheOracle(literalCount: Int) throws {
    var generator = ManyLiteralsGenerator(
      random: SplitMix64(state: 20_261_203 + UInt64(literalCount)), count: literalCount)
    let rules = generator.rules()
    let compilation = Compilation.compile([RuleSource(name: "many.rules", text: rules.text)])
    let ruleSet = try #require(compilation.ruleSet, "\(compilation.diagnostics)")
    let program = ruleSet.program
    let nick = try #require(ruleSet.attributes.first { $0.name == "nick" }).slot
    // Every predicate without `ignoring case` is a bit test: none reads the `String`.
    let generic = program.steps.filter { $0.kind == .generic }.count
    #expect(generic == generator.foldedPredicates)
    #expect(program.stringIDs[nick].count == literalCount)
    #expect(program.steps.contains { $0.kind == .bitOfSet })
    #expect(program.readsValue[nick] == (generator.foldedPredicates > 0))
    let encoder = DecisionEncoder(ruleSet: ruleSet, placements: [0])
    var batchStorage = ruleSet.emptyProfile()
    var decidingRows = Set<Int>()
    for index in 0..<Self.profilesPerRuleSet {
      let profile = generator.profile(index)
      let expected = NaiveOracle(rules: rules, profile: profile).outcome()
      let context = "\(literalCount) literals, \(profile.json)"
      let bytes = Array(profile.json.utf8)
      let fast = try ruleSet.bind(jsonBytes: bytes)
      let reference = ruleSet.bind(try Profile(jsonBytes: bytes))
      for bound in [fast, reference] {
        let options = ResolveOptions(now: ProgramDifferentialTests.now)
        let plain = try ruleSet.resolve("p", for: bound, options: options)
        let explained = try ruleSet.resolve(
          "p", for: bound, options: ResolveOptions(now: ProgramDifferentialTests.now, explain: true))
        #expect(ProgramDifferentialTests.essence(plain) == ProgramDifferentialTests.essence(expected), "\(context)")
        #expect(ProgramDifferentialTests.trace(explained) == expected.tried, "\(context)")
        var json = JSONWriter()
        var trail = ExposureTrail()
        var memo = SegmentMemo(for: ruleSet)
        let resolution = ruleSet.resolution(
          0, for: bound, now: ProgramDifferentialTests.now, memo: &memo, observer: &trail)
        encoder.write(resolution, trail: trail, position: 0, profile: bound, to: &json)
        #expect(json.string == plain.jsonString, "\(context)")
      }
      try bytes.withUnsafeBufferPointer { line in
        try ruleSet.bind(jsonBytes: line, limits: .default, into: &batchStorage, keepingEveryValue: false)
      }
      #expect(batchStorage.scalars == fast.scalars, "\(context)")
      let lean = try ruleSet.resolve("p", for: batchStorage, options: ResolveOptions(now: ProgramDifferentialTests.now))
      #expect(ProgramDifferentialTests.essence(lean) == ProgramDifferentialTests.essence(expected), "\(context)")
      decidingRows.insert(expected.row)
    }
    // Real cases: profiles are decided by many different rows, deep in the table too.
    #expect(decidingRows.count >= 10)
    #expect(decidingRows.contains { $0 >= 64 })
  }

  /// Canonically equivalent spellings are one literal: a decomposed `é` in a profile equals a precomposed one in
  /// the rules past the 64th literal, and the other way round, in `==` and in a list spanning more than 64 ids.
  @Test func canonicallyEquivalentStringsCompareEqualPastTheSixtyFourthLiteral() throws {
    var text = OracleGenerator.attributes
    for k in 0..<100 { text += "segment s\(k) = nick == \"L\(k)\"\n" }
    text += "segment nfc = nick == \"caf\u{E9}\"\n"
    text += "segment nfd = nick == \"zoe\u{301}\"\n"
    let list = (0..<80).map { "\"M\($0)\"" }.joined(separator: ", ")
    text += "segment listed = nick in [\(list), \"s\u{E9}\"]\n"
    text += "placement p: flow {\n"
    for k in 0..<100 { text += "  s\(k) -> flow f\(k)\n" }
    text += "  nfc -> flow precomposed\n  nfd -> flow decomposed\n  listed -> flow listed\n"
    text += "  default -> flow fallback\n}\n"
    let ruleSet = try #require(Compilation.compile([RuleSource(name: "nf.rules", text: text)]).ruleSet)
    #expect(!ruleSet.program.steps.contains { $0.kind == .generic })
    let cases: [(json: String, flow: String)] = [
      (#"{"custom_attributes":{"nick":"cafe\u0301"}}"#, "precomposed"),
      (#"{"custom_attributes":{"nick":"caf\u00e9"}}"#, "precomposed"),
      ("{\"custom_attributes\":{\"nick\":\"zo\u{E9}\"}}", "decomposed"),
      (#"{"custom_attributes":{"nick":"zoe\u0301"}}"#, "decomposed"),
      (#"{"custom_attributes":{"nick":"se\u0301"}}"#, "listed"),
      (#"{"custom_attributes":{"nick":"M79"}}"#, "listed"),
      (#"{"custom_attributes":{"nick":"L99"}}"#, "f99"),
      (#"{"custom_attributes":{"nick":"cafe"}}"#, "fallback"),
    ]
    for (json, flow) in cases {
      let bytes = Array(json.utf8)
      for bound in [try ruleSet.bind(jsonBytes: bytes), ruleSet.bind(try Profile(jsonBytes: bytes))] {
        let decision = try ruleSet.resolve("p", for: bound, options: ResolveOptions(now: ProgramDifferentialTests.now))
        #expect(Self.flowID(decision) == flow, "\(json)")
      }
    }
  }

  static func flowID(_ decision: Decision) -> String? {
    if case .flow(let id, _) = decision.content { id } else { nil }
  }
}

/// Rule sets over `nick` alone with `count` distinct literals: one row per segment, most rows falling through so
/// that a resolution tries deep into the table, and profiles whose `nick` is one of the literals as written, in
/// another case, in another normalisation form, or none of them.
struct ManyLiteralsGenerator {
  var random: SplitMix64
  let count: Int
  /// Predicates with `ignoring case` generated so far (each compiles to a generic test).
  var foldedPredicates = 0

  init(random: SplitMix64, count: Int) {
    self.random = random
    self.count = count
  }

  /// Literal `k` as the rules spell it: ASCII in mixed case, precomposed, decomposed, or another script.
  func literal(_ k: Int) -> String {
    switch k % 7 {
    case 3: "\u{E9}t\u{E9}\(k)"
    case 5: "e\u{301}\(k)"
    case 6: "日本\(k)"
    default: "Lit\(k)"
    }
  }

  mutating func rules() -> OracleRules {
    // (predicate, whether it holds for many profiles): every literal appears in an `==` or `!=`, in a shuffled order, and
    // lists mix with them, so ids are spread over the table and lists span more than 64 of them.
    var order = Array(0..<count)
    for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, random.below(i + 1)) }
    var predicates = order.map { equality($0) }
    for _ in 0..<(count / 10 + 5) { predicates.append(list()) }
    predicates.append(everyLiteral())
    for i in stride(from: predicates.count - 1, to: 0, by: -1) { predicates.swapAt(i, random.below(i + 1)) }
    // A broad row (negated, or a list) falls through (its outcome is still in the trace), so
    // that resolutions go deep into the table.
    var rows: [(segment: Int?, content: OracleContent)] = predicates.indices.map { index in
      (index, !predicates[index].broad && random.chance(40) ? .flow("f\(index)") : .fallthrough_)
    }
    rows.append((nil, .flow("fallback")))
    return OracleRules(segments: predicates.map { .predicate($0.predicate) }, rows: rows)
  }

  mutating func equality(_ k: Int) -> (predicate: OraclePredicate, broad: Bool) {
    let literal = literal(k)
    let negated = random.chance(5)
    let folded = random.chance(5)
    if folded { foldedPredicates += 1 }
    let predicate = OracleGenerator.make(
      "nick \(negated ? "!=" : "==") \(OracleGenerator.quoted(literal))\(folded ? " ignoring case" : "")", "nick",
      negated: negated
    ) { Self.string($0).map { Self.equal($0, literal, folded: folded) } ?? false }
    return (predicate, negated)
  }

  /// An `in` or `not in` list of 2 to 150 literals picked anywhere in the table (so their ids may span more
  /// than 64).
  mutating func list() -> (predicate: OraclePredicate, broad: Bool) {
    let size = 2 + random.below(min(count, 149))
    var picked: [String] = []
    for _ in 0..<size { picked.append(literal(random.below(count))) }
    let negated = random.chance(20)
    let folded = random.chance(10)
    if folded { foldedPredicates += 1 }
    var seen = Set<String>()
    picked = picked.filter { seen.insert($0).inserted }
    let text = "[" + picked.map(OracleGenerator.quoted).joined(separator: ", ") + "]"
    let predicate = OracleGenerator.make(
      "nick \(negated ? "not in" : "in") \(text)\(folded ? " ignoring case" : "")", "nick", negated: negated
    ) { value in
      Self.string(value).map { s in picked.contains { Self.equal(s, $0, folded: folded) } } ?? false
    }
    return (predicate, true)
  }

  /// `nick in [every literal]`: one list spanning every id.
  func everyLiteral() -> (predicate: OraclePredicate, broad: Bool) {
    let literals = (0..<count).map(literal)
    let text = "[" + literals.map(OracleGenerator.quoted).joined(separator: ", ") + "]"
    let predicate = OracleGenerator.make("nick in \(text)", "nick") { value in
      Self.string(value).map { s in literals.contains { s == $0 } } ?? false
    }
    return (predicate, true)
  }

  /// The meaning of string equality (docs/Semantics.md): canonical equivalence, and with `ignoring case` also
  /// equality of the lower-cased forms.
  static func equal(_ s: String, _ literal: String, folded: Bool) -> Bool {
    s == literal || (folded && s.lowercased() == literal.lowercased())
  }

  static func string(_ value: OracleValue) -> String? { if case .string(let s) = value { s } else { nil } }

  mutating func profile(_ index: Int) -> OracleProfile {
    let id = "m\(index)"
    let k = random.below(count)
    let nick: String?
    switch random.below(8) {
    case 0: nick = nil
    case 1: nick = literal(k).uppercased()
    case 2: nick = String(literal(k).unicodeScalars.reversed().map(Character.init)) + "?"
    case 3: nick = Self.otherForm(literal(k))
    default: nick = literal(k)
    }
    var json = "{\"profile_id\":\"\(id)\",\"custom_attributes\":{"
    if let nick { json += "\"nick\":" + OracleGenerator.json(nick) }
    json += "}}"
    return OracleProfile(id: id, values: nick.map { ["nick": .string($0)] } ?? [:], json: json)
  }

  /// The other normalisation form of the literals' accented letters: precomposed `é` decomposed and back.
  static func otherForm(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    var scalars = Array(s.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      if scalar == "\u{E9}" {
        out.append("e")
        out.append("\u{301}")
      } else if scalar == "e", scalars.first == "\u{301}" {
        scalars.removeFirst()
        out.append("\u{E9}")
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }
}

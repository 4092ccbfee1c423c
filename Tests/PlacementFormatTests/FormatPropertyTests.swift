import Foundation
import TestSupport
import Testing

@testable import PlacementCore
@testable import PlacementFormat
@testable import PlacementKit

/// The formatter's contract on generated rules with comments everywhere a comment can be written: `fmt` accepts
/// every valid file, keeps its tokens and every comment in order, and formatting its output changes nothing.
///
/// Each case is a file of random declarations (``FormatRulesGenerator``, every kind) whose token gaps are decorated
/// with trailing comments, own-line comments, both, blank lines and indentation. A comment runs to the end of its
/// line, so it can only go where the language allows a line break: a gap drawn for a comment is probed by parsing
/// the declaration with a line break there (``LineBreakProbe``). A case is one seed; a failure prints the seed and
/// the input, and `PLACEMENT_FORMAT_SEED=<seed> swift test --filter FormatPropertyTests` runs only that case.
@Suite struct FormatPropertyTests {
  static let onlySeed = ProcessInfo.processInfo.environment["PLACEMENT_FORMAT_SEED"].flatMap { UInt64($0) }

  @Test func generatedRulesWithCommentsFormatIdempotently() {
    check(seeds: Self.onlySeed.map { [$0] } ?? Array(1...300))
  }

  @Test(.tags(.slow), .notInQuickLane) func thousandsOfGeneratedRulesWithCommentsFormatIdempotently() {
    guard Self.onlySeed == nil else { return }
    check(seeds: Array(1_001...5_000))
  }

  func check(seeds: [UInt64], sourceLocation: SourceLocation = #_sourceLocation) {
    var failures = 0
    var commented = Set<FormatRulesGenerator.Kind>()
    var gaps = (breakable: 0, probed: 0)
    for seed in seeds {
      var generated = CommentedRules(seed: seed)
      let text = generated.file()
      commented.formUnion(generated.commentedKinds)
      gaps.breakable += generated.gaps.breakable
      gaps.probed += generated.gaps.probed
      guard let failure = Self.failure(text) else { continue }
      failures += 1
      if failures <= 3 {
        Issue.record(
          "seed \(seed): \(failure)\n--- input ---\n\(text)\n--- end ---", sourceLocation: sourceLocation)
      }
    }
    #expect(failures == 0, "\(failures) of \(seeds.count) generated files failed", sourceLocation: sourceLocation)
    guard seeds.count > 100 else { return }
    #expect(commented == Set(FormatRulesGenerator.Kind.allCases), "a declaration kind never got a comment inside")
    #expect(gaps.breakable * 2 > gaps.probed, "too few gaps take a line break: \(gaps)")
  }

  /// Why `text` breaks the contract, or nil when it keeps it.
  static func failure(_ text: String) -> String? {
    let file = SourceFile(name: "generated.rules", text: text)
    if let error = Parser.parse(file).1.first { return "the generated file does not parse: \(error.message)" }
    let once: String
    do { once = try RuleFormatter.format(file) } catch { return "fmt refused it: \(error)" }
    let output = "\n--- output ---\n\(once)"
    if tokens(once) != tokens(text) { return "the tokens changed" + output }
    if comments(once) != comments(text) { return "the comments changed" + output }
    let twice: String
    do { twice = try RuleFormatter.format(SourceFile(name: "generated.rules", text: once)) } catch {
      return "fmt refused its own output: \(error)" + output
    }
    return twice == once ? nil : "fmt(fmt(x)) != fmt(x)" + output + "\n--- twice ---\n\(twice)"
  }

  /// Kind and value of every token but commas (the layout drops the optional ones: after the last item of a list,
  /// between the variations of an inline test laid out one per line; and adds them between variations on one
  /// line). An option id that is a declaration word is quoted when it starts a line (docs/Formatting.md), and
  /// `test` and `"test"` are the same id, so such a word and such a string compare equal.
  static func tokens(_ text: String) -> [String] {
    Lexer.tokenize(SourceFile(name: "t", text: text)).tokens.filter { $0.kind != .comma }.map { token in
      let word = (token.kind == .identifier || token.kind == .string) && Parser.declarationWords.contains(token.value)
      return word ? "word-or-string \(token.value)" : "\(token.kind) \(token.value)"
    }
  }

  static func comments(_ text: String) -> [String] {
    Lexer.tokenize(SourceFile(name: "t", text: text)).comments.map(\.normalizedText)
  }
}

/// One generated file: declarations from ``FormatRulesGenerator`` with comments, blank lines and indentation in
/// their gaps.
struct CommentedRules {
  var generator: FormatRulesGenerator
  var random: SplitMix64
  var counter = 0
  /// The declaration kinds that got a comment between two of their tokens.
  var commentedKinds = Set<FormatRulesGenerator.Kind>()
  /// How many gaps inside declarations were drawn for a comment, and how many of those take a line break.
  var gaps = (breakable: 0, probed: 0)

  init(seed: UInt64) {
    generator = FormatRulesGenerator(random: SplitMix64(state: seed))
    random = SplitMix64(state: seed ^ 0x5EED_C0DE)
  }

  mutating func file() -> String {
    // How many of the breakable gaps get a comment: a few, many, or all.
    let density = random.pick([10, 30, 60, 100])
    var text = random.chance(30) ? ownLines() : ""
    for index in 0..<(1 + random.below(5)) {
      let kind = random.pick(FormatRulesGenerator.Kind.allCases)
      let pieces = generator.declaration(kind)
      let probe = LineBreakProbe(pieces)
      if index > 0 { text += (random.chance(50) ? " " + comment() : "") + "\n" + ownLines() }
      for (offset, piece) in pieces.enumerated() {
        if offset > 0 { text += gap(before: offset, of: probe, in: kind, density: density) }
        text += piece.text
      }
    }
    text += (random.chance(50) ? " " + comment() : "") + random.pick(["", "\n", "\n" + ownLines(), "\n\n# end"])
    return random.chance(10) ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
  }

  /// The text before piece `offset` of a declaration: with `density` % chance, a decoration when a line break is
  /// allowed there (only these gaps are probed: each probe is a parse); else the base layout with random spacing.
  mutating func gap(
    before offset: Int, of probe: LineBreakProbe, in kind: FormatRulesGenerator.Kind, density: Int
  ) -> String {
    let piece = probe.pieces[offset]
    if random.chance(density) {
      gaps.probed += 1
      if piece.startsLine || probe.allowsBreak(before: offset) {
        gaps.breakable += 1
        commentedKinds.insert(kind)
        return decoration()
      }
    }
    return piece.startsLine ? "\n" + indentation() : random.pick([" ", " ", "  ", "\t"])
  }

  /// A gap that ends its line: trailing and own-line comments, both, blank lines; the next token is indented.
  mutating func decoration() -> String {
    let lines: String
    switch random.below(9) {
    case 0: lines = " \(comment())\n"
    case 1: lines = "\n\(comment())\n"
    case 2, 3: lines = " \(comment())\n\(indentation())\(comment())\n"
    case 4: lines = " \(comment())\n\n\(comment())\n"
    case 5: lines = "\n\(comment())\n\(indentation())\(comment())\n"
    case 6: lines = "\n\n\(comment())\n\n"
    case 7: lines = " \(comment())\n\(comment())\n\(comment())\n"
    default: lines = random.pick(["\n", "\n\n"])
    }
    return lines + indentation()
  }

  /// Zero to three own-line comments and blank lines, each ending its line.
  mutating func ownLines() -> String {
    var out = ""
    for _ in 0..<random.below(4) { out += random.chance(60) ? indentation() + comment() + "\n" : "\n" }
    return out
  }

  mutating func indentation() -> String { random.pick(["", "", "  ", "    ", "\t"]) }

  /// A numbered comment in one of several spellings (no space, trailing spaces, `#` inside, non-ASCII).
  mutating func comment() -> String {
    counter += 1
    return random.pick(["# c", "#c", "# c  ", "# c # d", "## c", "# é 日本 c"]) + "\(counter)"
      + (random.chance(10) ? " \t" : "")
  }
}

/// Whether the language allows a line break between two tokens of a declaration: the declaration alone, broken
/// there, parses cleanly to the same tree.
struct LineBreakProbe {
  let pieces: [FormatRulesGenerator.Piece]
  let tree: String?

  init(_ pieces: [FormatRulesGenerator.Piece]) {
    self.pieces = pieces
    tree = Self.tree(Self.text(pieces, breakingAt: nil))
    if tree == nil {
      Issue.record("the generator wrote an invalid declaration:\n\(Self.text(pieces, breakingAt: nil))")
    }
  }

  func allowsBreak(before gap: Int) -> Bool {
    tree != nil && Self.tree(Self.text(pieces, breakingAt: gap)) == tree
  }

  /// The declaration as the generator wrote it, with a line break before piece `gap` too.
  static func text(_ pieces: [FormatRulesGenerator.Piece], breakingAt gap: Int?) -> String {
    var out = ""
    for (offset, piece) in pieces.enumerated() {
      if offset > 0 { out += piece.startsLine || offset == gap ? "\n" : " " }
      out += piece.text
    }
    return out + "\n"
  }

  /// The fingerprint of a file that parses cleanly, else nil.
  static func tree(_ text: String) -> String? {
    let (tree, diagnostics) = Parser.parse(SourceFile(name: "probe", text: text))
    return diagnostics.isEmpty ? SyntaxFingerprint.of(tree.declarations) : nil
  }
}

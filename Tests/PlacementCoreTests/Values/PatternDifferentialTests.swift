import TestSupport
import Testing

@testable import PlacementCore

/// Builds random patterns from the syntax both engines share, over a small alphabet so that matches are common.
private struct PatternGenerator {
  var random: SplitMix64

  mutating func pattern(depth: Int = 0) -> String {
    let branches = depth < 2 && Int.random(in: 0..<4, using: &random) == 0 ? 2 : 1
    return (0..<branches).map { _ in sequence(depth: depth) }.joined(separator: "|")
  }

  private mutating func sequence(depth: Int) -> String {
    (0..<Int.random(in: 1...4, using: &random)).map { _ in repeated(depth: depth) }.joined()
  }

  private mutating func repeated(depth: Int) -> String {
    let atom = self.atom(depth: depth)
    let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,}", "{0,2}", "{1,3}", "*?", "+?"]
    let quantifier = quantifiers.randomElement(using: &random)!
    return atom.hasPrefix("^") || atom.hasPrefix("$") || atom.hasPrefix("\\b") ? atom : atom + quantifier
  }

  private mutating func atom(depth: Int) -> String {
    let atoms = ["a", "b", "c", "A", ".", "[ab]", "[^a]", "[a-b]", "\\w", "\\s", "^", "$", "\\b", "\\d"]
    if depth < 3, Int.random(in: 0..<5, using: &random) == 0 {
      return (Bool.random(using: &random) ? "(" : "(?:") + pattern(depth: depth + 1) + ")"
    }
    return atoms.randomElement(using: &random)!
  }

  mutating func text() -> String {
    String((0..<Int.random(in: 0...8, using: &random)).map { _ in "abcA 1".randomElement(using: &random)! })
  }
}

/// Compares with the standard library's backtracking `Regex` on small inputs, where backtracking is harmless: the
/// two engines must agree on whether a match exists.
@Test(.tags(.slow), .notInQuickLane, arguments: [false, true])
func agreesWithStandardLibraryRegex(ignoringCase: Bool) throws {
  var generator = PatternGenerator(random: SplitMix64(state: ignoringCase ? 7 : 42))
  var disagreements: [String] = []
  var outcomes = [false: 0, true: 0]
  for _ in 0..<1_500 {
    let source = generator.pattern()
    let ours = try Pattern(source, ignoringCase: ignoringCase)
    // Simple word boundaries are RE2's: between \w and \W, and at a text edge next to \w.
    var reference = try Regex(source).wordBoundaryKind(.simple)
    if ignoringCase { reference = reference.ignoresCase() }
    for _ in 0..<8 {
      let text = generator.text()
      let expected = text.contains(reference)
      outcomes[expected, default: 0] += 1
      if ours.matches(text) != expected && disagreements.count < 10 {
        disagreements.append("/\(source)/ on \(text.debugDescription): expected \(expected)")
      }
    }
  }
  #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
  #expect(outcomes[true]! > 2_000 && outcomes[false]! > 2_000, "both outcomes are exercised: \(outcomes)")
}

/// Random strings of metacharacters: compiling either succeeds or throws a `PatternError` pointing inside the
/// pattern, and matching a compiled pattern never traps.
@Test(.tags(.slow), .notInQuickLane) func randomMetacharacterSoupNeverCrashes() {
  var random = SplitMix64(state: 2024)
  let alphabet = Array("()[]{}*+?|^$\\.-:,<>=!Pbdwx1a9é😀")
  var compiled = 0
  for _ in 0..<5_000 {
    let source = String(
      (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
    do {
      let pattern = try Pattern(source, ignoringCase: Bool.random(using: &random))
      compiled += 1
      _ = pattern.matches("ab1-x😀é{}")
    } catch {
      #expect(error.offset >= 0 && error.offset <= source.utf8.count, "/\(source)/: \(error)")
      #expect(!error.message.isEmpty)
    }
  }
  #expect(compiled > 100)
}

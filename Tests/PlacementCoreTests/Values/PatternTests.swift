import TestSupport
import Testing

@testable import PlacementCore

/// One row of the matching table: does `pattern` match some substring of `text`?
struct MatchCase: Sendable, CustomTestStringConvertible {
  let pattern: String
  let text: String
  let expected: Bool
  var ignoringCase = false

  var testDescription: String { "/\(pattern)/\(ignoringCase ? "i" : "") on \(text.debugDescription)" }
}

private func yes(_ pattern: String, _ text: String) -> MatchCase {
  MatchCase(pattern: pattern, text: text, expected: true)
}
private func no(_ pattern: String, _ text: String) -> MatchCase {
  MatchCase(pattern: pattern, text: text, expected: false)
}
private func yesI(_ pattern: String, _ text: String) -> MatchCase {
  MatchCase(pattern: pattern, text: text, expected: true, ignoringCase: true)
}
private func noI(_ pattern: String, _ text: String) -> MatchCase {
  MatchCase(pattern: pattern, text: text, expected: false, ignoringCase: true)
}

/// Hand-checked cases in the style of the RE2 and Go `regexp` suites (unanchored search semantics).
let matchCases: [MatchCase] = [
  // Empty patterns and empty matches.
  yes("", ""), yes("", "abc"), yes("a*", ""), yes("a*", "bbb"), no("a", ""), yes("a", "ba"),
  yes("(a*)*", ""), yes("(a*)+", "b"), yes("^(a|)$", ""),
  // Anchors.
  yes("^abc$", "abc"), no("^abc$", "abcd"), no("^abc$", "xabc"), yes("^abc", "abcd"), yes("abc$", "xabc"),
  no("abc$", "abc\n"), yes("^$", ""), no("^$", "a"), yes("$", "abc"), yes("^", ""), no("a^b", "a^b"),
  yes("\\Aab\\z", "ab"), no("\\Aab\\z", "cab"),
  // Alternation and groups, including RE2's leftmost-longest example.
  yes("(a|ab)(c|bcd)(d*)", "abcd"), yes("^(a|ab)(c|bcd)(d*)$", "abcd"), yes("^(foo|foobar)$", "foobar"),
  yes("^(ab|a)(bc|c)$", "abc"), yes("a|b|c", "zzc"), yes("ab|cd", "xcdx"), no("ab|cd", "acbd"),
  yes("^(?:ab|cd)+$", "abcdab"), no("^(?:ab|cd)+$", "abca"), no("(a|b)*c", "ababab"),
  yes("^(?<year>\\d{4})-(?P<month>\\d{2})$", "2024-05"),
  // Quantifiers, lazy forms.
  yes("x*y+z?", "xxyy"), no("^x*y+z?$", "xxz"), yes("^a+?$", "aaa"), yes("^a*?b??$", "aab"), yes("^(a*)*$", "aaa"),
  // Counted repetition.
  no("a{2,3}", "a"), yes("a{2,3}", "aa"), yes("a{2,3}", "aaaa"), no("^a{2,3}$", "aaaa"), yes("^a{2,3}$", "aaa"),
  yes("^a{2}$", "aa"), no("^a{2}$", "aaa"), no("^a{2,}$", "a"), yes("^a{2,}$", "aaaaaaa"), yes("^a{0}b$", "b"),
  yes("^(ab){1,2}$", "abab"), no("^(ab){1,2}$", "ababab"), yes("^\\d{3}-\\d{4}$", "555-1234"),
  yes("a{,2}", "a{,2}"), yes("a{", "a{"), yes("^x{1}}$", "x}"),
  // Unicode scalars.
  yes("^.$", "\u{E9}"), yes("^.$", "😀"), yes("^.$", "e\u{301}"), no("^..$", "e\u{301}"), no("^.$", "\n"),
  yes("^é+$", "ééé"), yes("[à-ÿ]", "ü"), no("^\\w$", "é"), no("\\bé", "é"), yes("^[😀-😂]$", "😁"),
  // Classes.
  yes("[abc]", "xbz"), no("[abc]", "xyz"), yes("^[a-z]+$", "hello"), no("^[a-z]+$", "Hello"),
  yes("^[^a-z]+$", "ABC123"), no("^[^a-z]+$", "ABc"), yes("[]a]", "]"), yes("^[-a]$", "-"), yes("^[a-]$", "-"),
  yes("^[\\d.]+$", "3.14"), yes("[\\n]", "a\nb"), no("^[^\\n]$", "\n"), yes("^[[:alpha:]]+$", "abcXYZ"),
  no("^[[:digit:]]+$", "12a"), yes("^[[:^digit:]]+$", "ab"), yes("^[a\\-z]+$", "-az"), no("^[a\\-z]$", "b"),
  // Escapes.
  no("\\d", "abc"), yes("\\d", "a1"), yes("^\\D+$", "abc"), yes("^\\w+$", "foo_bar9"), no("^\\w+$", "foo-bar"),
  yes("\\W", "foo-bar"), yes("\\s", "a b"), no("^\\S+$", "a b"), yes("a\\.b", "a.b"), no("a\\.b", "axb"),
  yes("a.b", "axb"), yes("\\(\\)\\[\\]\\{\\}\\*\\+\\?\\|\\^\\$\\\\\\/\\-", "()[]{}*+?|^$\\/-"),
  yes("^\\t\\n$", "\t\n"), yes("\\x41", "A"), yes("^\\x{1F600}$", "😀"),
  // Word boundaries.
  yes("\\bfoo\\b", "a foo b"), no("\\bfoo\\b", "afoob"), yes("\\Bfoo", "afoo"), no("\\Bfoo", "foo"),
  yes("\\b", "a"), no("\\b", ""), no("\\b", "--"),
  // A realistic one.
  yes("^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$", "user.name+tag@example.co.uk"),
  no("^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$", "user@localhost"),
  // Ignoring case (simple folding).
  yesI("^école$", "ÉCOLE"), yesI("^ÉCOLE$", "école"), no("^école$", "ÉCOLE"), yesI("[a-z]+", "ABC"),
  no("^[a-z]+$", "ABC"), noI("^[^a]$", "A"), yesI("^ΣΑΣ$", "σας"), yesI("k", "\u{212A}"), noI("\\w", "É"),
  noI("^straße$", "STRASSE"), yesI("^Straße$", "STRAßE"),
]

@Test(arguments: matchCases)
func matchTable(_ entry: MatchCase) throws {
  let pattern = try Pattern(entry.pattern, ignoringCase: entry.ignoringCase)
  #expect(pattern.matches(entry.text) == entry.expected)
}

@Test func tableIsLargeEnough() {
  #expect(matchCases.count >= 60)
}

// The next inputs make a backtracking engine (PCRE, ICU, NSRegularExpression, Swift Regex) take exponential time
// and effectively hang; the Pike VM answers in one pass. No timing is asserted: a hang would fail the run anyway.

@Test(arguments: ["(a*)*b", "(a|a)*b", "(a+)+$", "^(a+)+$", "(a|aa)+b", "(.*)*b"])
func pathologicalPatternsOnALongRunOfAs(_ source: String) throws {
  let text = String(repeating: "a", count: 10_000) + "c"
  #expect(try Pattern(source).matches(text) == false)
}

@Test func pathologicalPatternStillMatchesWhenItShould() throws {
  #expect(try Pattern("(a*)*b").matches(String(repeating: "a", count: 10_000) + "b"))
  #expect(try Pattern("(a+)+$").matches(String(repeating: "a", count: 10_000)))
}

@Test func nestedPlusOnXs() throws {
  // (x+x+)+y backtracks over every way of splitting the x's in two: hopeless for a backtracking engine.
  let xs = String(repeating: "x", count: 5_000)
  #expect(try Pattern("(x+x+)+y").matches(xs) == false)
  #expect(try Pattern("(x+x+)+y").matches(xs + "y"))
}

@Test func largestCountedRepetitionsMatchExactly() throws {
  // 2 anchors + 9 × 1000 + 997 = 9,999 instructions plus `match`: exactly at the 10,000 limit.
  let pattern = try Pattern("^(a{1000}){9}b{997}$")
  let nineThousand = String(repeating: "a", count: 9_000)
  #expect(pattern.matches(nineThousand + String(repeating: "b", count: 997)))
  #expect(!pattern.matches(nineThousand + String(repeating: "b", count: 996)))
  #expect(!pattern.matches(String(repeating: "a", count: 8_999) + String(repeating: "b", count: 997)))
  #expect(
    throws: PatternError(
      message: "pattern is too large: it needs at least 10001 instructions, over the limit of 10000", offset: 19)
  ) { try Pattern("^(a{1000}){9}b{998}$") }
}

@Test func patternsCompareBySourceAndCaseOption() throws {
  #expect(try Pattern("a+") == Pattern("a+"))
  #expect(try Pattern("a+") != Pattern("a+", ignoringCase: true))
  #expect(try Pattern("a+", ignoringCase: true).source == "a+")
}

@Test func patternIsUsableFromManyTasksAtOnce() async throws {
  let pattern = try Pattern("^[a-z]+-\\d{2,4}$")
  let results = await withTaskGroup(of: Bool.self) { group in
    for index in 0..<64 {
      group.addTask { pattern.matches(index.isMultiple(of: 2) ? "abc-\(index + 100)" : "ABC-\(index)") }
    }
    var collected: [Bool] = []
    for await result in group { collected.append(result) }
    return collected
  }
  #expect(results.filter { $0 }.count == 32)
}

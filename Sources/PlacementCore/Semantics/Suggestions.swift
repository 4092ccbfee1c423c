/// "Did you mean" suggestions by edit distance (optimal string alignment: a swap of neighbours is one edit).
package enum Suggestions {
  /// Names longer than this get no suggestion (comparing two huge names is quadratic in their length).
  static let maxNameLength = 128

  /// The closest candidate within a distance proportional to the name's length, or nil. Ties go to the candidate
  /// first in code-point order.
  ///
  /// With `wholeWords`, failing such a candidate, the shortest one that is the name with whole words added
  /// (`onboarding` → `onboarding_end`, `paywall` → `main_paywall`: the name then `_`, or `_` then the name,
  /// ignoring ASCII case; names of 3 characters or more). That suits a name a caller picks one of the candidates
  /// by (a placement), not a fix-it for a name in the rules, where `pros` → `pros_on_new_app` is another segment.
  ///
  /// Candidates whose length differs from the name's by more than that distance are skipped without computing
  /// it, so the cost is about one length comparison per candidate plus a few edit distances.
  package static func closest(to name: String, in candidates: some Sequence<String>, wholeWords: Bool = false)
    -> String?
  {
    let length = name.count
    guard length <= maxNameLength else { return nil }
    let limit = max(1, length / 3)
    let lowered = name.lowercased()
    var best: (String, Int)?
    var extended: String?
    let folded = name.utf8.map(foldASCII)
    for candidate in candidates {
      if wholeWords, best == nil, length >= 3, extends(candidate, folded),
        extended == nil || (candidate.count, candidate) < (extended!.count, extended!)
      {
        extended = candidate
      }
      // A character is 1 to 4 UTF-8 bytes: the byte count bounds the character count cheaply first.
      let bytes = candidate.utf8.count
      guard bytes >= length - limit, bytes <= 4 * (length + limit), abs(candidate.count - length) <= limit else {
        continue
      }
      let distance = editDistance(lowered, candidate.lowercased())
      if distance <= limit, best == nil || distance < best!.1 || (distance == best!.1 && candidate < best!.0) {
        best = (candidate, distance)
      }
    }
    return best?.0 ?? extended
  }

  /// True when `candidate` is `name` (its UTF-8 bytes, ASCII letters lower-cased) with whole words added
  /// before or after it.
  private static func extends(_ candidate: String, _ name: [UInt8]) -> Bool {
    let bytes = candidate.utf8
    guard bytes.count > name.count + 1 else { return false }
    let underscore = UInt8(ascii: "_")
    if bytes.prefix(name.count).lazy.map(foldASCII).elementsEqual(name), bytes.dropFirst(name.count).first == underscore
    {
      return true
    }
    return bytes.suffix(name.count).lazy.map(foldASCII).elementsEqual(name)
      && bytes.dropLast(name.count).last == underscore
  }

  private static func foldASCII(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
  }

  /// Optimal string alignment distance over characters: the insertions, deletions, substitutions and swaps of
  /// two adjacent characters that turn `a` into `b` (Damerau's four slips of typing), no substring edited twice.
  /// A swap counts 1, so `hihgs` is one edit from `highs` (Levenshtein counts 2).
  package static func editDistance(_ a: String, _ b: String) -> Int {
    // ASCII without a carriage return (every name): one byte is one character, so compare bytes instead of
    // building `Character`s (which took most of the did-you-mean's cost on junk input).
    func bytes(_ s: String) -> [UInt8]? { s.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? Array(s.utf8) : nil }
    if let a = bytes(a), let b = bytes(b) { return optimalStringAlignment(a, b) }
    return optimalStringAlignment(Array(a), Array(b))
  }

  /// The dynamic programme over three rows: `beforePrevious` holds row i - 2, which a swap of `a[i-2...i-1]`
  /// with `b[j-2...j-1]` continues from.
  private static func optimalStringAlignment<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}

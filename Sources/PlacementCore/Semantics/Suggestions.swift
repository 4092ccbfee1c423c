/// "Did you mean" suggestions by edit distance (optimal string alignment: a swap of neighbours is one edit).
public enum Suggestions {
  /// Names longer than this get no suggestion (comparing two huge names is quadratic in their length).
  static let maxNameLength = 128

  /// The closest candidate within a distance proportional to the name's length, or nil.
  ///
  /// Candidates whose length differs from the name's by more than that distance are skipped without computing
  /// it, so the cost is about one length comparison per candidate plus a few edit distances.
  public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let length = name.count
    guard length <= maxNameLength else { return nil }
    let limit = max(1, length / 3)
    let lowered = name.lowercased()
    var best: (String, Int)?
    for candidate in candidates {
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
    return best?.0
  }

  /// Optimal string alignment distance over characters: the insertions, deletions, substitutions and swaps of
  /// two adjacent characters that turn `a` into `b` (Damerau's four slips of typing), no substring edited twice.
  /// A swap counts 1, so `hihgs` is one edit from `highs` (Levenshtein counts 2).
  public static func editDistance(_ a: String, _ b: String) -> Int {
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

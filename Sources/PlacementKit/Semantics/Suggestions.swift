/// "Did you mean" suggestions by edit distance.
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

  /// Levenshtein distance over characters.
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// A note "did you mean 'x'?" when a suggestion exists.
  static func note(for name: String, in candidates: some Sequence<String>) -> [Note] {
    closest(to: name, in: candidates).map { [.didYouMean($0)] } ?? []
  }
}

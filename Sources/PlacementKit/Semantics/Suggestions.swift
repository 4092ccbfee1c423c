/// "Did you mean" suggestions by edit distance.
public enum Suggestions {
  /// The closest candidate within a distance proportional to the name's length, or nil.
  public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let limit = max(1, name.count / 3)
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(name.lowercased(), candidate.lowercased())
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
    closest(to: name, in: candidates).map { [Note("did you mean '\($0)'?")] } ?? []
  }
}

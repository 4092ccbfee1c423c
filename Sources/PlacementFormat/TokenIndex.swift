import PlacementCore

/// Finds punctuation the syntax tree does not record (`{`, `(`, `,`, `and`/`or` keywords) by source offset,
/// so each formatted line knows exactly which source tokens it prints.
struct TokenIndex {
  let tokens: [Token]

  /// The first token that starts at or after `offset` (the end-of-file token when none does).
  func first(atOrAfter offset: Int) -> Token {
    var low = 0
    var high = tokens.count - 1
    while low < high {
      let mid = (low + high) / 2
      if tokens[mid].range.start < offset { low = mid + 1 } else { high = mid }
    }
    return tokens[low]
  }

  /// The first token of `kind` at or after `offset`.
  func first(_ kind: Token.Kind, atOrAfter offset: Int) -> Token {
    var token = first(atOrAfter: offset)
    while token.kind != kind, token.kind != .endOfFile { token = first(atOrAfter: token.range.end) }
    return token
  }

  /// `end`, extended over a comma that directly follows it (so a comment after the comma stays on that line).
  func endIncludingComma(_ end: Int) -> Int {
    let next = first(atOrAfter: end)
    return next.kind == .comma ? next.range.end : end
  }
}

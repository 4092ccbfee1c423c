import PlacementCore

/// A string or pattern literal that holds a character that is not what it looks like: a bidirectional control,
/// an invisible character, or a letter of another script inside a word (a Cyrillic `Ѕ` in `"UЅ"`).
///
/// Such a literal reads like the value people meant, but compares as other text: `country == "US"` with a
/// zero-width space (U+200B) pasted after `US` matches no profile that holds `US`, and a right-to-left override
/// makes a literal read differently than it is stored. A joiner between emoji or between letters of a script
/// that uses it (Persian, Devanagari), a variation selector after an emoji or a symbol, and a literal written in
/// one script (`"Москва"`) are not findings. The finding names the character by its code point and Unicode name,
/// and every text output shows it escaped (`"US\u{200B}"`). No automatic fix is offered: removing or replacing the
/// character changes which profiles match.
///
/// Example: `segment us = country == "UЅ"` (a Cyrillic `Ѕ`).
/// Fix: retype the literal in one script, without invisible characters; where the character is meant, suppress
/// the finding on that line.
struct ConfusableLiteral: LintRule {
  static let id: DiagnosticCode = "confusable-literal"
  static let severity: Severity = .warning
  static let summary = "a literal holds an invisible, bidirectional-control or mixed-script character"

  func check(_ context: LintContext) -> [Diagnostic] {
    context.model.files.flatMap { tree -> [Diagnostic] in
      // ASCII files (most of them) hold none of these characters, known from the bytes alone.
      guard !tree.isUnread, tree.file.bytes.contains(where: { $0 >= 0x80 }) else { return [] }
      return Lexer.tokenize(tree.file).tokens.compactMap { token in
        guard token.kind == .string || token.kind == .regex else { return nil }
        return problem(in: tree.file, token.range)
      }
    }
  }

  /// The first confusable character of the literal at `range` (as written, quotes included), as a finding.
  private func problem(in file: SourceFile, _ range: SourceRange) -> Diagnostic? {
    let written = file.text(of: range)
    guard written.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
    let scalars = Array(written.unicodeScalars)
    var offset = range.start
    var offsets: [Int] = []
    for scalar in scalars {
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    let at = { (index: Int) in
      SourceSpan(
        file: file, range: SourceRange(start: offsets[index], end: offsets[index] + UTF8.width(scalars[index])))
    }
    for (index, scalar) in scalars.enumerated() {
      if Confusables.isBidiControl(scalar) {
        return finding(.bidiControlInLiteral(scalar), at: at(index))
      }
      let previous = index > 0 ? scalars[index - 1] : nil
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      if Confusables.isInvisible(scalar, after: previous, before: next) {
        return finding(.invisibleInLiteral(scalar), at: at(index))
      }
    }
    guard let (word, odd, scripts) = Self.mixedScriptWord(scalars) else { return nil }
    let text = String(String.UnicodeScalarView(scalars[word]))
    return finding(
      .mixedScripts(text, scripts, odd: scalars[odd]), at: at(odd))
  }

  /// The first word (a run of letters and marks) whose letters belong to two of the scripts ``Confusables``
  /// tells apart, with the first letter of the script fewer of its letters are in (the later one on a tie) and
  /// the two scripts, that one last.
  static func mixedScriptWord(_ scalars: [Unicode.Scalar]) -> (Range<Int>, odd: Int, (String, String))? {
    var start = 0
    while start < scalars.count {
      guard isWordPart(scalars[start]) else {
        start += 1
        continue
      }
      var end = start
      var counts: [String: Int] = [:]
      var first: [String: Int] = [:]
      while end < scalars.count, isWordPart(scalars[end]) {
        if let script = Confusables.confusableScript(scalars[end]) {
          counts[script, default: 0] += 1
          if first[script] == nil { first[script] = end }
        }
        end += 1
      }
      if counts.count >= 2 {
        // The script with fewer letters is the odd one; on a tie, the one that appears later.
        let ordered = counts.keys.sorted { (counts[$0]!, -first[$0]!) > (counts[$1]!, -first[$1]!) }
        let odd = ordered.last!
        return (start..<end, first[odd]!, (ordered[0], odd))
      }
      start = end
    }
    return nil
  }

  private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
      .spacingMark:
      true
    default: false
    }
  }
}

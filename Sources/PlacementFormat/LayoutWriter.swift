import PlacementCore

/// Collects the formatter's output one line at a time and weaves the file's comments back in.
///
/// Every code line is emitted with the byte range of the source tokens it prints. Comments are placed by that
/// range, so none is ever lost:
/// - a comment on its own line goes above the first line whose tokens end after it (a comment written between
///   tokens that end up on one line moves above that line);
/// - a trailing comment (code before it on its line) stays at the end of the line that prints the token it
///   followed, unless another comment follows it on that output line: a line ends with at most one comment, so
///   every comment of a line but the last, and the last too when it is not trailing, goes above the line, in
///   source order, at the indentation of comments above that line.
///
/// So the comments come out in source order, and each one the output has above a line is an own-line comment
/// there, placed the same way when the output is formatted again.
///
/// Blank lines: at most one is kept where the source had one or more; callers can force or forbid one.
struct LayoutWriter {
  /// Whether a blank line may precede the next line.
  enum Blank { case preserve, always, never }

  /// An output line: a blank line has empty text; a code line may end with trailing comments (all but the last
  /// are printed above it, at `commentIndent`).
  private struct Line {
    var indent: Int
    var commentIndent: Int
    var text: String
    var trailing: [String] = []
  }

  private let file: SourceFile
  private var comments: ArraySlice<PlacedComment>
  private var lines: [Line] = []
  /// The index in ``lines`` of the last code line and the end of the source range it prints (a trailing comment
  /// after a token before that end attaches there).
  private var lastCodeLine: (index: Int, end: Int)?
  /// Where the last emitted thing ended in the source (for blank-line preservation).
  private var lastSourceEnd: Int?

  /// A comment with the offset it is anchored to: its own start, or (trailing) the start of the token before it.
  struct PlacedComment {
    let comment: Comment
    let anchor: Int
  }

  init(file: SourceFile, comments: [Comment], tokens: [Token]) {
    self.file = file
    var placed: [PlacedComment] = []
    var tokenIndex = 0
    for comment in comments.sorted(by: { $0.range.start < $1.range.start }) {
      while tokenIndex + 1 < tokens.count, tokens[tokenIndex + 1].range.end <= comment.range.start { tokenIndex += 1 }
      let before = tokens.first.map { $0.range.end <= comment.range.start } ?? false
      let anchor = comment.trailing && before ? tokens[tokenIndex].range.start : comment.range.start
      placed.append(PlacedComment(comment: comment, anchor: anchor))
    }
    self.comments = placed[...]
  }

  /// True when, in a layout of several lines from `first` to `last` (the source ranges the first and last line
  /// print), some comment would sit between the first and the last line: an own-line comment after the first
  /// line's tokens, or a trailing comment that would end a line other than the last. Such a comment keeps the
  /// construct broken over lines (it stays beside its item). Comments that would go above the first line (own-line
  /// ones, and a trailing one that another comment follows within the first line) or end the last do not, so the
  /// decision is the same when the output is formatted again.
  func hasComment(between first: SourceRange, and last: SourceRange) -> Bool {
    for (offset, placed) in comments.enumerated() {
      // Sorted by start; a trailing comment after `last` follows a token of the last line.
      if placed.comment.range.start >= last.end { break }
      if placed.comment.trailing {
        guard placed.anchor >= first.start, placed.anchor < last.start else { continue }
        let next = comments.dropFirst(offset + 1).first
        let hoisted = placed.comment.range.start < first.end && next.map { $0.comment.range.start < first.end } == true
        if !hoisted { return true }
      } else if placed.comment.range.start >= first.end {
        return true
      }
    }
    return false
  }

  /// Emits one code line.
  /// - Parameters:
  ///   - text: the line without indentation.
  ///   - range: the source range of the tokens the line prints (first token's start to last token's end).
  ///   - indent: indentation in spaces.
  ///   - commentIndent: indentation of comments placed above this line (default: `indent`).
  ///   - blank: the blank-line policy for the first line emitted (a comment above, or the line itself).
  ///   - blankBeforeLine: the policy for the code line itself when comments precede it.
  mutating func emit(
    _ text: String, range: SourceRange, indent: Int, commentIndent: Int? = nil, blank: Blank = .preserve,
    blankBeforeLine: Blank = .preserve
  ) {
    let commentIndent = commentIndent ?? indent
    var policy = blank
    // The trailing comment that ends this line unless another comment follows it.
    var pending: PlacedComment?
    while let next = comments.first, next.comment.range.start < range.end {
      comments.removeFirst()
      if next.comment.trailing, let last = lastCodeLine, next.anchor < last.end {
        lines[last.index].trailing.append(next.comment.normalizedText)
        continue
      }
      if let earlier = pending {
        above(earlier.comment, indent: commentIndent, policy: &policy, then: blankBeforeLine)
        pending = nil
      }
      if next.comment.trailing {
        pending = next
      } else {
        above(next.comment, indent: commentIndent, policy: &policy, then: blankBeforeLine)
      }
    }
    if blankBeforeLine == .never { policy = .never }
    append(text, indent: indent, commentIndent: commentIndent, start: range.start, policy: policy)
    lines[lines.count - 1].trailing = pending.map { [$0.comment.normalizedText] } ?? []
    lastCodeLine = (lines.count - 1, range.end)
    lastSourceEnd = range.end
  }

  /// Emits `comment` on its own line above the code line being emitted.
  private mutating func above(_ comment: Comment, indent: Int, policy: inout Blank, then next: Blank) {
    append(comment.normalizedText, indent: indent, commentIndent: indent, start: comment.range.start, policy: policy)
    lastSourceEnd = comment.range.end
    policy = next
  }

  /// Emits the comments left at the end of the file.
  mutating func finish(blank: Blank = .preserve) {
    var policy = blank
    for next in comments {
      if next.comment.trailing, let last = lastCodeLine, next.anchor < last.end {
        lines[last.index].trailing.append(next.comment.normalizedText)
      } else {
        append(
          next.comment.normalizedText, indent: 0, commentIndent: 0, start: next.comment.range.start, policy: policy)
        policy = .preserve
      }
      lastSourceEnd = next.comment.range.end
    }
    comments = []
  }

  /// The text: lines joined with `\n`, ending with one newline (empty for an empty file).
  var text: String {
    var out = ""
    for line in lines {
      let commentIndentation = String(repeating: " ", count: line.commentIndent)
      for hoisted in line.trailing.dropLast() { out += commentIndentation + hoisted + "\n" }
      let indentation = String(repeating: " ", count: line.indent)
      out += line.text.isEmpty ? "\n" : indentation + line.text + (line.trailing.last.map { " " + $0 } ?? "") + "\n"
    }
    return out
  }

  private mutating func append(_ text: String, indent: Int, commentIndent: Int, start: Int, policy: Blank) {
    let wantsBlank: Bool
    switch policy {
    case .always: wantsBlank = true
    case .never: wantsBlank = false
    case .preserve: wantsBlank = lastSourceEnd.map { blankLine(between: $0, and: start) } ?? false
    }
    if wantsBlank, let last = lines.last, !last.text.isEmpty {
      lines.append(Line(indent: 0, commentIndent: 0, text: ""))
    }
    lines.append(Line(indent: indent, commentIndent: commentIndent, text: text))
  }

  /// True when the source has an empty line between the two offsets.
  private func blankLine(between end: Int, and start: Int) -> Bool {
    guard end < start else { return false }
    var newlines = 0
    for byte in file.bytes[end..<min(start, file.bytes.count)] where byte == UInt8(ascii: "\n") {
      newlines += 1
      if newlines >= 2 { return true }
    }
    return false
  }
}

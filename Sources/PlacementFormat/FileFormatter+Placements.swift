import PlacementCore

extension FileFormatter {
  /// `placement <name>: <type> {`, one row per line with the row names padded so the `->` line up, `}`.
  mutating func placement(_ decl: PlacementDecl, blank: LayoutWriter.Blank) {
    let open = tokens.first(.leftBrace, atOrAfter: decl.contentType.range.end)
    writer.emit(
      "placement \(decl.name.text): \(decl.contentType.text) {",
      range: SourceRange(start: decl.range.start, end: open.range.end), indent: 0, blank: blank)
    let nameWidth = decl.rows.filter { $0.window == nil && $0.cap == nil }.map(\.segment.text.count).max() ?? 0
    for (index, row) in decl.rows.enumerated() {
      // A scheduled or capped row keeps its window and cap next to its name; the other rows' arrows line up.
      let plain = row.window == nil && row.cap == nil
      let name = plain ? Self.padded(row.segment.text, to: nameWidth) : row.segment.text
      self.row(
        name + printer.window(row.window) + printer.cap(row.cap) + " -> ", row.content, start: row.range.start,
        indent: 2,
        blank: index == 0 ? .never : .preserve)
    }
    closeBlock(at: decl.range.end, indent: 0)
  }

  /// A line `<prefix><content>`; an inline A/B test that does not fit (or holds a comment) gets one variation
  /// per line, indented 2 more, and its own closing `}`.
  mutating func row(_ prefix: String, _ content: ContentSyntax, start: Int, indent: Int, blank: LayoutWriter.Blank) {
    let oneLine = prefix + printer.content(content)
    // A variation id such as `test:` cannot start a line (the parser would see a new declaration).
    guard case .test(let test) = content, !test.variations.isEmpty,
      !test.variations.contains(where: { Parser.declarationWords.contains($0.id?.text ?? "") })
    else {
      writer.emit(oneLine, range: SourceRange(start: start, end: content.range.end), indent: indent, blank: blank)
      return
    }
    let open = tokens.first(.leftBrace, atOrAfter: (test.version ?? test.name).range.end)
    let commented = writer.hasComment(
      between: SourceRange(start: start, end: open.range.end),
      and: SourceRange(start: test.range.end - 1, end: test.range.end))
    guard indent + oneLine.count > width || commented else {
      writer.emit(oneLine, range: SourceRange(start: start, end: content.range.end), indent: indent, blank: blank)
      return
    }
    writer.emit(
      prefix + printer.testHead(test) + " {", range: SourceRange(start: start, end: open.range.end), indent: indent,
      blank: blank)
    for variation in test.variations {
      let end = tokens.endIncludingComma(variation.range.end)
      writer.emit(
        printer.variation(variation), range: SourceRange(start: variation.range.start, end: end), indent: indent + 2,
        blank: .never, blankBeforeLine: .never)
    }
    closeBlock(at: test.range.end, indent: indent)
  }

  /// `test <name> [version "<id>"] {`, then per variation `variation <id> <weight>% {` with one
  /// `<placement> -> <content>` per line (placement names padded across the whole test), `}`.
  mutating func crossPlacementTest(_ decl: CrossPlacementTestDecl, blank: LayoutWriter.Blank) {
    let head =
      "test \(decl.name.text)" + (decl.version.map { " version \(Spelling.quoted($0.text))" } ?? "")
      + (decl.sticky == nil ? "" : " sticky") + printer.stickyWindow(decl.stickyWindow) + printer.window(decl.window)
    let open = tokens.first(.leftBrace, atOrAfter: (decl.version ?? decl.name).range.end)
    writer.emit(head + " {", range: SourceRange(start: decl.range.start, end: open.range.end), indent: 0, blank: blank)
    let nameWidth = decl.variations.flatMap { $0.contents.map(\.placement.text.count) }.max() ?? 0
    for (index, variation) in decl.variations.enumerated() {
      let variationOpen = tokens.first(.leftBrace, atOrAfter: variation.weight.range.end)
      writer.emit(
        "variation \(variation.id.text) \(variation.weight.text)% {",
        range: SourceRange(start: variation.range.start, end: variationOpen.range.end), indent: 2,
        blank: index == 0 ? .never : .preserve)
      for (entryIndex, entry) in variation.contents.enumerated() {
        let name = Self.padded(entry.placement.text, to: nameWidth)
        row(
          name + " -> ", entry.content, start: entry.placement.range.start, indent: 4,
          blank: entryIndex == 0 ? .never : .preserve)
      }
      closeBlock(at: variation.range.end, indent: 2)
    }
    closeBlock(at: decl.range.end, indent: 0)
  }

  /// `text` followed by spaces up to `width` characters.
  static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// The `}` that ends at `end`; comments before it are indented as the block's contents.
  mutating func closeBlock(at end: Int, indent: Int) {
    writer.emit(
      "}", range: SourceRange(start: end - 1, end: end), indent: indent, commentIndent: indent + 2,
      blankBeforeLine: .never)
  }
}

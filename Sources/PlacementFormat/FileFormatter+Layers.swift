import PlacementCore

extension FileFormatter {
  /// `layer <name> [version "<id>"] {`, one `<test> <from>% to <to>%` per line with the test names padded so
  /// the shares line up, `}`. The lines keep their written order and their numbers as written (`2.50` stays).
  mutating func layer(_ decl: LayerDecl, blank: LayoutWriter.Blank) {
    let head = "layer \(decl.name.text)" + (decl.version.map { " version \(Spelling.quoted($0.text))" } ?? "")
    let open = tokens.first(.leftBrace, atOrAfter: (decl.version ?? decl.name).range.end)
    writer.emit(head + " {", range: SourceRange(start: decl.range.start, end: open.range.end), indent: 0, blank: blank)
    let nameWidth = decl.allocations.map(\.test.text.count).max() ?? 0
    for (index, line) in decl.allocations.enumerated() {
      writer.emit(
        Self.padded(line.test.text, to: nameWidth) + " \(line.lower.text)% to \(line.upper.text)%", range: line.range,
        indent: 2, blank: index == 0 ? .never : .preserve)
    }
    closeBlock(at: decl.range.end, indent: 0)
  }
}

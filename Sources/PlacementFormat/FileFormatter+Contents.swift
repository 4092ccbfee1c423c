import PlacementCore

extension FileFormatter {
  /// `content <type> <id> {`, one `config [default] "<locale>" <json>|from "<path>"` per line, `}`. Inline JSON
  /// is printed as written (its own line breaks and indentation kept), so formatting never changes a config; its
  /// `\r\n` line breaks become `\n` like every other line's, and the file's line break is applied to all alike.
  mutating func content(_ decl: ContentDecl, blank: LayoutWriter.Blank) {
    let head = "content \(decl.contentType.text) \(decl.id.text)"
    let open = tokens.first(.leftBrace, atOrAfter: decl.id.range.end)
    writer.emit(head + " {", range: SourceRange(start: decl.range.start, end: open.range.end), indent: 0, blank: blank)
    for (index, config) in decl.configs.enumerated() {
      var line = "config " + (config.defaultKeyword == nil ? "" : "default ") + Spelling.quoted(config.locale.text)
      switch config.body {
      case .inline(let range): line += " " + printer.file.text(of: range).withLineFeeds
      case .file(let path): line += " from " + Spelling.quoted(path.text)
      case .missing: break
      }
      writer.emit(line, range: config.range, indent: 2, blank: index == 0 ? .never : .preserve)
    }
    closeBlock(at: decl.range.end, indent: 0)
  }

  /// `config schema <type> {`, one `<key>: <type> [= <json>]` per line, `}`; a default is printed as written.
  mutating func configSchema(_ decl: ConfigSchemaDecl, blank: LayoutWriter.Blank) {
    let open = tokens.first(.leftBrace, atOrAfter: decl.contentType.range.end)
    writer.emit(
      "config schema \(decl.contentType.text) {", range: SourceRange(start: decl.range.start, end: open.range.end),
      indent: 0, blank: blank)
    for (index, field) in decl.fields.enumerated() {
      let key = Spelling.isIdentifier(field.key.text) ? field.key.text : Spelling.quoted(field.key.text)
      var line = "\(key): \(field.type.text)"
      if let range = field.defaultValue { line += " = " + printer.file.text(of: range).withLineFeeds }
      writer.emit(line, range: field.range, indent: 2, blank: index == 0 ? .never : .preserve)
    }
    closeBlock(at: decl.range.end, indent: 0)
  }
}

extension String {
  /// The text with every `\r\n` line break written `\n`: JSON copied as written is laid out with the formatter's
  /// own `\n` line breaks, so a `\r\n` file's JSON does not gain a `\r` each time it is formatted.
  var withLineFeeds: String {
    var scalars = String.UnicodeScalarView()
    var pendingReturn = false
    for scalar in unicodeScalars {
      if pendingReturn, scalar != "\n" { scalars.append("\r") }
      pendingReturn = scalar == "\r"
      if !pendingReturn { scalars.append(scalar) }
    }
    if pendingReturn { scalars.append("\r") }
    return String(scalars)
  }
}

import PlacementCore

extension FileFormatter {
  /// `list <name> from "<path>"` on one line.
  mutating func idList(_ decl: IdListDecl, blank: LayoutWriter.Blank) {
    let path = decl.path.map { " from " + Spelling.quoted($0.text) } ?? ""
    writer.emit("list \(decl.name.text)\(path)", range: decl.range, indent: 0, blank: blank)
  }
}

import PlacementKit

extension LanguageServer {
  /// `textDocument/codeAction`: for each finding overlapping the range, its fixes as quick fixes, one per
  /// fix-it summary with all of its edits (a did-you-mean is a fix-it replacing the name), and for a lint
  /// finding "suppress on this line", which adds or extends a `# placement-lint: disable=<code>` comment on the
  /// line above (Analysis/Suppressions.swift).
  func codeActions(_ params: JSONValue) throws(JSONRPC.Failure) -> JSONValue {
    guard let uri = params[path: "textDocument.uri"]?.stringValue else {
      throw JSONRPC.Failure(.invalidParams, "expected 'textDocument.uri'")
    }
    let compiled = workspace.compiled(of: uri)
    guard let file = compiled.file(uri: uri), let range = file.lines.sourceRange(params["range"]) else { return [] }
    let only = params[path: "context.only"]?.arrayValue?.compactMap(\.stringValue)
    if let only, !only.contains(where: { "quickfix".hasPrefix($0) || $0.hasPrefix("quickfix") }) { return [] }
    var actions: [JSONValue] = []
    for diagnostic in compiled.findingsByURI()[uri] ?? [] {
      guard let span = diagnostic.span, span.range.start <= range.end, range.start <= span.range.end else { continue }
      let lsp = lspDiagnostic(diagnostic, in: compiled)
      // One action per fix: the fix-its that share a summary are the edits of one fix (rebalancing three
      // weights is three edits), applied together.
      let fixes = diagnostic.fixIts.groupedByMessage()
      for fix in fixes {
        var changes: [String: [JSONValue]] = [:]
        for edit in fix.edits {
          guard let target = compiled.file(named: edit.span.file.name) else { continue }
          changes[target.uri, default: []].append(
            ["range": target.lines.range(edit.span.range), "newText": .string(edit.replacement)])
        }
        guard !changes.isEmpty else { continue }
        actions.append([
          "title": .string(fix.message), "kind": "quickfix", "diagnostics": [lsp],
          "isPreferred": .bool(fixes.count == 1),
          "edit": ["changes": .object(changes.mapValues { .array($0) })],
        ])
      }
      if LintCatalog.contains(diagnostic.code) {
        let edit = suppression(diagnostic.code.id, at: span.range.start, in: file)
        actions.append([
          "title": .string("Suppress '\(diagnostic.code.id)' on this line"), "kind": "quickfix", "diagnostics": [lsp],
          "edit": ["changes": .object([uri: [edit]])],
        ])
      }
    }
    return .array(actions)
  }

  /// The edit that suppresses `code` on the line of `offset`: extends a `placement-lint: disable=` comment
  /// on its own line just above, or inserts one with the line's indentation.
  func suppression(_ code: String, at offset: Int, in file: CompiledGroup.File) -> JSONValue {
    let line = file.lines.position(of: offset).line
    let lineStart = file.lines.lineStarts[line]
    let bytes = file.source.bytes
    if line > 0 {
      let previousStart = file.lines.lineStarts[line - 1]
      let previousEnd = file.lines.lineEnd(line - 1)
      let previous = String(decoding: bytes[previousStart..<previousEnd], as: UTF8.self)
      let trimmed = previous.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("#"), trimmed.contains("placement-lint: disable=") {
        // Append after the last code of the list (before any free text that follows it).
        let afterEquals = previous.range(of: "disable=")!.upperBound
        var end = afterEquals
        while end < previous.endIndex, previous[end] != " ", previous[end] != "\t" { end = previous.index(after: end) }
        let insertAt = previousStart + previous.utf8.distance(from: previous.startIndex, to: end)
        let position = file.lines.position(of: insertAt).json
        return ["range": ["start": position, "end": position], "newText": .string("," + code)]
      }
    }
    var indentEnd = lineStart
    while indentEnd < bytes.count, bytes[indentEnd] == 32 || bytes[indentEnd] == 9 { indentEnd += 1 }
    let indent = String(decoding: bytes[lineStart..<indentEnd], as: UTF8.self)
    let position = file.lines.position(of: lineStart).json
    return [
      "range": ["start": position, "end": position], "newText": .string("\(indent)# placement-lint: disable=\(code)\n"),
    ]
  }
}

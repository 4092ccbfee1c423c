import PlacementKit

extension LanguageServer {
  func didOpen(_ params: JSONValue) {
    guard let uri = params[path: "textDocument.uri"]?.stringValue,
      let text = params[path: "textDocument.text"]?.stringValue
    else { return }
    workspace.openDocument(uri, text: text, version: params[path: "textDocument.version"]?.intValue ?? 0)
    schedule(workspace.group(of: uri), delay: 0)
  }

  /// Applies full or incremental changes in order. A position past the end of its line or of the text is
  /// clamped to it; a change whose range is malformed or, once clamped, starts after its end replaces nothing
  /// and is reported with a `window/logMessage` warning (docs/Editors.md, "Robustness").
  func didChange(_ params: JSONValue) {
    guard let uri = params[path: "textDocument.uri"]?.stringValue, let document = workspace.open[uri] else { return }
    var bytes = Array(document.text.utf8)
    for (index, change) in (params["contentChanges"]?.arrayValue ?? []).enumerated() {
      guard let text = change["text"]?.stringValue else { continue }
      guard let rangeJSON = change["range"] else {
        bytes = Array(text.utf8)
        continue
      }
      let lines = LineIndex(bytes, encoding: workspace.encoding)
      guard let start = LSPPosition(rangeJSON["start"]).map(lines.offset(of:)),
        let end = LSPPosition(rangeJSON["end"]).map(lines.offset(of:)), start <= end
      else {
        logWarning("didChange of \(uri): change \(index + 1) ignored, its range is malformed or starts after its end")
        continue
      }
      bytes.replaceSubrange(start..<end, with: Array(text.utf8))
    }
    let version = params[path: "textDocument.version"]?.intValue ?? document.version + 1
    workspace.changeDocument(uri, text: String(decoding: bytes, as: UTF8.self), version: version)
    schedule(workspace.group(of: uri), delay: debounceDelay)
  }

  /// A `window/logMessage` of type Warning (LSP 3.17 `MessageType.Warning` = 2).
  func logWarning(_ message: String) {
    notify("window/logMessage", ["type": 2, "message": .string(message)])
  }

  func didClose(_ params: JSONValue) {
    guard let uri = params[path: "textDocument.uri"]?.stringValue else { return }
    let group = workspace.group(of: uri)
    workspace.closeDocument(uri)
    schedule(group, delay: 0)
    if DocumentURI.path(uri) == nil {
      notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
    }
  }

  func didSave(_ params: JSONValue) {
    guard let uri = params[path: "textDocument.uri"]?.stringValue else { return }
    workspace.diskChanged(uri)
    schedule(workspace.group(of: uri), delay: 0)
  }

  func didChangeWatchedFiles(_ params: JSONValue) {
    for change in params["changes"]?.arrayValue ?? [] {
      guard let uri = change["uri"]?.stringValue else { continue }
      workspace.diskChanged(uri)
      schedule(workspace.group(of: uri), delay: 0)
    }
  }

  /// An LSP `Diagnostic`: severity, stable code with a documentation link, related locations from notes
  /// with a place (notes without one are appended to the message).
  func lspDiagnostic(_ diagnostic: Diagnostic, in compiled: CompiledGroup) -> JSONValue {
    let range: JSONValue =
      diagnostic.span.flatMap { span in compiled.file(named: span.file.name).map { $0.lines.range(span.range) } }
      ?? ["start": LSPPosition(line: 0, character: 0).json, "end": LSPPosition(line: 0, character: 0).json]
    let isLint = LintCatalog.contains(diagnostic.code)
    var message = diagnostic.message
    var related: [JSONValue] = []
    for note in diagnostic.notes {
      if let span = note.span, let location = compiled.location(span) {
        related.append(["location": location, "message": .string(note.message)])
      } else {
        message += "\n" + note.message
      }
    }
    var members: [String: JSONValue] = [
      "range": range,
      "severity": .number(Double(Self.severity(diagnostic.severity))),
      "code": .string(diagnostic.code.id),
      "source": isLint ? "placement lint" : "placement",
      "message": .string(message),
    ]
    if !related.isEmpty { members["relatedInformation"] = .array(related) }
    if let base = documentationBase {
      members["codeDescription"] = [
        "href": .string(base + (isLint ? "Lint.md#" : "Diagnostics.md#") + diagnostic.code.id)
      ]
    }
    return .object(members)
  }

  static func severity(_ severity: Severity) -> Int {
    switch severity {
    case .error: 1
    case .warning: 2
    case .info: 3
    }
  }
}

import PlacementKit

/// A position in an analysed document.
struct DocumentPosition {
  let compiled: CompiledGroup
  let file: CompiledGroup.File
  let offset: Int
}

extension LanguageServer {
  /// The document and byte offset of a `TextDocumentPositionParams`; nil when the document is unknown.
  func documentPosition(_ params: JSONValue) throws(JSONRPC.Failure) -> DocumentPosition? {
    guard let uri = params[path: "textDocument.uri"]?.stringValue, let position = LSPPosition(params["position"]) else {
      throw JSONRPC.Failure(.invalidParams, "expected 'textDocument.uri' and 'position'")
    }
    let compiled = workspace.compiled(of: uri)
    guard let file = compiled.file(uri: uri) else { return nil }
    return DocumentPosition(compiled: compiled, file: file, offset: file.lines.offset(of: position))
  }

  func symbol(at position: DocumentPosition) -> Occurrence? {
    position.compiled.symbols.occurrence(in: position.file.source.name, at: position.offset)
  }

  func location(_ occurrence: Occurrence, in compiled: CompiledGroup) -> JSONValue? {
    guard let file = compiled.file(named: occurrence.file) else { return nil }
    return ["uri": .string(file.uri), "range": file.lines.range(occurrence.range)]
  }

  func definition(_ params: JSONValue) throws(JSONRPC.Failure) -> JSONValue {
    guard let position = try documentPosition(params) else { return .null }
    if let config = configFileLocation(position) { return config }
    guard let occurrence = symbol(at: position) else { return .null }
    let declarations = position.compiled.symbols.declarations(of: occurrence.key)
    return .array(declarations.compactMap { location($0, in: position.compiled) })
  }

  func references(_ params: JSONValue) throws(JSONRPC.Failure) -> JSONValue {
    guard let position = try documentPosition(params), let occurrence = symbol(at: position) else { return .null }
    let includeDeclaration = params[path: "context.includeDeclaration"]?.boolValue ?? true
    let all = position.compiled.symbols.occurrences(of: occurrence.key)
    return .array(
      all.filter { includeDeclaration || !$0.isDeclaration }.compactMap { location($0, in: position.compiled) })
  }

  /// The symbol under the cursor when it can be renamed: declared in the workspace (built-ins cannot be).
  func renamable(_ position: DocumentPosition) throws(JSONRPC.Failure) -> Occurrence {
    guard let occurrence = symbol(at: position) else {
      throw JSONRPC.Failure(.requestFailed, "no attribute, segment, placement, test or option id here")
    }
    guard !position.compiled.symbols.declarations(of: occurrence.key).isEmpty else {
      let what =
        BuiltinAttributes.type(of: occurrence.key.name) != nil && occurrence.key.kind == .attribute
        ? "a built-in attribute cannot be renamed" : "'\(occurrence.key.name)' is not declared in these rules"
      throw JSONRPC.Failure(.requestFailed, what)
    }
    return occurrence
  }

  /// The range and current text of the name under the cursor; null where there is no name (LSP 3.17: rename is
  /// not valid there), an error saying why for a name that cannot be renamed (a built-in attribute).
  func prepareRename(_ params: JSONValue) throws(JSONRPC.Failure) -> JSONValue {
    guard let position = try documentPosition(params), symbol(at: position) != nil else { return .null }
    let occurrence = try renamable(position)
    return ["range": position.file.lines.range(occurrence.range), "placeholder": .string(occurrence.key.name)]
  }

  /// Renames a symbol everywhere in its group, and in the rule tests beside it (``ruleTestRename(_:to:in:uri:)``;
  /// a `window/showMessage` warning lists the mentions there it leaves unchanged); the new name must be an
  /// identifier, not a reserved word, and not the name of a declaration it would clash with (see
  /// ``clash(renaming:to:in:)``).
  func rename(_ params: JSONValue) throws(JSONRPC.Failure) -> JSONValue {
    guard let newName = params["newName"]?.stringValue else {
      throw JSONRPC.Failure(.invalidParams, "expected 'newName'")
    }
    guard let position = try documentPosition(params) else { return .null }
    let occurrence = try renamable(position)
    guard Spelling.isIdentifier(newName) else {
      throw JSONRPC.Failure(
        .requestFailed, "'\(newName)' is not a name: use letters, digits and '_', not starting with a digit")
    }
    guard !Spelling.isReserved(newName) else {
      throw JSONRPC.Failure(.requestFailed, "'\(newName)' is a reserved word")
    }
    if newName != occurrence.key.name, let clash = clash(renaming: occurrence.key, to: newName, in: position.compiled) {
      throw JSONRPC.Failure(.requestFailed, "'\(newName)' is already declared (\(clash))")
    }
    var changes: [String: [JSONValue]] = [:]
    for each in position.compiled.symbols.occurrences(of: occurrence.key) {
      guard let file = position.compiled.file(named: each.file) else { continue }
      changes[file.uri, default: []].append(["range": file.lines.range(each.range), "newText": .string(newName)])
    }
    let tests = ruleTestRename(occurrence.key, to: newName, in: position.compiled, uri: position.file.uri)
    changes.merge(tests.changes) { $0 + $1 }
    if !tests.stale.isEmpty {
      let message =
        "renamed \(occurrence.key.kind.rawValue) '\(occurrence.key.name)' to '\(newName)'; not renamed in the rule "
        + "tests, check them: " + tests.stale.joined(separator: ", ")
      notify("window/showMessage", ["type": 2, "message": .string(message)])
    }
    return ["changes": .object(changes.mapValues { .array($0) })]
  }

  /// What a symbol renamed to `newName` would clash with, as "segment at file:line", or nil: a declaration of
  /// the same kind (for an option id, of the same attribute), and across attributes and segments (the checker's
  /// `reserved-name`: a bare name in a condition must mean one thing), a built-in attribute included.
  func clash(renaming key: SymbolKey, to newName: String, in compiled: CompiledGroup) -> String? {
    var kinds = [key.kind]
    if key.kind == .segment { kinds.append(.attribute) }
    if key.kind == .attribute { kinds.append(.segment) }
    for kind in kinds {
      let declaration = compiled.symbols.declarations(of: SymbolKey(kind, newName, owner: key.owner)).first
      guard let declaration, let file = compiled.file(named: declaration.file) else { continue }
      let group = workspace.group(of: file.uri) + "/"
      let name = declaration.file.hasPrefix(group) ? String(declaration.file.dropFirst(group.count)) : declaration.file
      return "\(kind.rawValue) at \(name):\(file.lines.position(of: declaration.range.start).line + 1)"
    }
    if kinds.contains(.attribute), BuiltinAttributes.type(of: newName) != nil { return "a built-in attribute" }
    return nil
  }

  func formatting(_ params: JSONValue) throws(JSONRPC.Failure) -> JSONValue {
    guard let uri = params[path: "textDocument.uri"]?.stringValue else {
      throw JSONRPC.Failure(.invalidParams, "expected 'textDocument.uri'")
    }
    guard let file = workspace.compiled(of: uri).file(uri: uri) else { return .null }
    let formatted: String
    do {
      formatted = try RuleFormatter.format(file.source)
    } catch {
      switch error {
      case .syntax: throw JSONRPC.Failure(.requestFailed, "not formatted: fix the syntax errors first")
      case .changedMeaning(let reason): throw JSONRPC.Failure(.internalError, "not formatted: \(reason)")
      }
    }
    guard Array(formatted.utf8) != file.source.bytes else { return [] }
    let whole = SourceRange(start: 0, end: file.source.bytes.count)
    return [["range": file.lines.range(whole), "newText": .string(formatted)]]
  }

  /// Range formatting formats the whole file (the layout of a declaration depends on its neighbours' comments)
  /// and returns it only when the request's range covers the changed text.
  func rangeFormatting(_ params: JSONValue) throws(JSONRPC.Failure) -> JSONValue {
    let edits = try formatting(params)
    guard let uri = params[path: "textDocument.uri"]?.stringValue,
      let file = workspace.compiled(of: uri).file(uri: uri),
      let edit = edits.arrayValue?.first, let formatted = edit["newText"]?.stringValue,
      let requested = file.lines.sourceRange(params["range"])
    else { return edits }
    let old = file.source.bytes
    let new = Array(formatted.utf8)
    var prefix = zip(old, new).prefix { $0 == $1 }.count
    while prefix > 0, prefix < old.count, old[prefix] & 0xC0 == 0x80 { prefix -= 1 }
    var suffix = min(zip(old.reversed(), new.reversed()).prefix { $0 == $1 }.count, min(old.count, new.count) - prefix)
    while suffix > 0, old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
    let oldEnd = old.count - suffix
    let newEnd = new.count - suffix
    guard requested.start <= prefix, oldEnd <= requested.end else {
      throw JSONRPC.Failure(.requestFailed, "formatting changes text outside the range: format the document")
    }
    let changed = String(decoding: new[prefix..<newEnd], as: UTF8.self)
    return [["range": file.lines.range(SourceRange(start: prefix, end: oldEnd)), "newText": .string(changed)]]
  }
}

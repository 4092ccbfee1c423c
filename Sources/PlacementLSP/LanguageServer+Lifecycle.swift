import PlacementKit

extension LanguageServer {
  /// `initialize`: negotiates the position encoding, opens the workspace folders and lists the capabilities.
  ///
  /// `initializationOptions` may hold `documentationUrl` (the base of the `codeDescription` links) and
  /// `debounceMilliseconds` (the diagnostics delay after an edit).
  func initialize(_ params: JSONValue) -> JSONValue {
    let offered = params[path: "capabilities.general.positionEncodings"]?.arrayValue ?? []
    let encoding: PositionEncoding = offered.contains(.string("utf-8")) ? .utf8 : .utf16
    var folders: [String] = []
    for folder in params["workspaceFolders"]?.arrayValue ?? [] {
      if let uri = folder["uri"]?.stringValue, let path = DocumentURI.path(uri) { folders.append(path) }
    }
    if folders.isEmpty {
      if let uri = params["rootUri"]?.stringValue, let path = DocumentURI.path(uri) {
        folders.append(path)
      } else if let path = params["rootPath"]?.stringValue {
        folders.append(path)
      }
    }
    workspace = Workspace(folders: folders, encoding: encoding)
    if let base = params[path: "initializationOptions.documentationUrl"]?.stringValue {
      documentationBase = base.hasSuffix("/") ? base : base + "/"
    }
    if let delay = params[path: "initializationOptions.debounceMilliseconds"]?.intValue {
      debounceDelay = Double(max(0, min(delay, 10_000))) / 1000
    }
    state = .running
    for group in workspace.rulesFolders { schedule(group, delay: 0) }
    return [
      "capabilities": capabilities(encoding),
      "serverInfo": version.map { ["name": "placement", "version": .string($0)] } ?? ["name": "placement"],
    ]
  }

  func capabilities(_ encoding: PositionEncoding) -> JSONValue {
    [
      "positionEncoding": .string(encoding.rawValue),
      "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
      "hoverProvider": true,
      "definitionProvider": true,
      "referencesProvider": true,
      "renameProvider": ["prepareProvider": true],
      "completionProvider": ["triggerCharacters": [" ", "[", ",", "(", ">", "="], "resolveProvider": false],
      "documentSymbolProvider": true,
      "workspaceSymbolProvider": true,
      "documentFormattingProvider": true,
      "documentRangeFormattingProvider": true,
      "codeActionProvider": ["codeActionKinds": ["quickfix"]],
      "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
    ]
  }

  func didChangeWorkspaceFolders(_ params: JSONValue) {
    var folders = Set(workspace.rulesFolders)
    for folder in params[path: "event.removed"]?.arrayValue ?? [] {
      if let path = folder["uri"]?.stringValue.flatMap(DocumentURI.path) { folders.remove(Workspace.rulesFolder(path)) }
    }
    for folder in params[path: "event.added"]?.arrayValue ?? [] {
      if let path = folder["uri"]?.stringValue.flatMap(DocumentURI.path) { folders.insert(Workspace.rulesFolder(path)) }
    }
    let open = workspace.open
    workspace = Workspace(folders: folders.sorted(), encoding: workspace.encoding)
    for (uri, document) in open { workspace.openDocument(uri, text: document.text, version: document.version) }
    for group in workspace.groups { schedule(group, delay: 0) }
  }
}

import Foundation
import PlacementKit

/// What a rename does to the rule tests of the renamed symbol's rules folder (`<folder>/tests/*.json`, as
/// `placement test <folder>` finds them; docs/RuleTests.md).
///
/// The names a test file refers to are renamed with the symbol: a segment's name where it names a row of a
/// placement that has a row on that segment (`row`, `because[].row`), a placement's name as a member of
/// `expect`, a test's name in `test`, `exposures[].test` and the `force` of an inline profile or of a profile
/// file a case reads. Free text is renamed where the word can only be the symbol: a segment's or an attribute's
/// name as a whole word in a `because` check's `condition` or `seen` (substrings of `resolve --explain`) that
/// holds no quoted string or pattern, when nothing else in the rules is declared with that name. Every other
/// mention is left as it is and listed in ``stale``: an option id or an ambiguous word in explain text, a file
/// that is not valid JSON, and an attribute's name as a key of a profile's `custom_attributes` (profile data:
/// the app keeps sending the old name until it is changed too).
struct RuleTestRename {
  /// LSP `TextEdit`s by document URI.
  var changes: [String: [JSONValue]] = [:]
  /// The mentions left unchanged: a file (relative to the rules folder when inside it) and a JSON path.
  var stale: [String] = []
}

extension LanguageServer {
  /// Edits to the rule tests beside the rules of the compiled group `compiled` (the group of `uri`) for renaming `key` to
  /// `newName`.
  func ruleTestRename(_ key: SymbolKey, to newName: String, in compiled: CompiledGroup, uri: String) -> RuleTestRename {
    var rename = RuleTestRename()
    let group = workspace.group(of: uri)
    guard newName != key.name, group.hasPrefix("/"), RuleTestFiles.directoryExists(group + "/tests") else {
      return rename
    }
    let rowPlacements = placements(withRowsOn: key.name, in: compiled)
    // Explain text prints segments, attributes and option ids; placements, tests and layers never.
    let printed: [SymbolKey.Kind] = [.segment, .attribute, .option]
    let scansText = printed.contains(key.kind)
    let editsText =
      (key.kind == .segment || key.kind == .attribute)
      && compiled.symbols.declaredKeys(named: key.name).allSatisfy { $0 == key || !printed.contains($0.kind) }
    func display(_ path: String) -> String {
      path.hasPrefix(group + "/") ? String(path.dropFirst(group.count + 1)) : path
    }
    var profileFiles: [String] = []
    for path in RuleTestFiles.jsonFiles(under: group + "/tests") {
      guard let bytes = text(ofFile: path) else { continue }
      guard let tokens = JSONStringTokens(bytes, limits: Self.ruleTestLimits) else {
        if !WholeWord.offsets(of: key.name, in: String(decoding: bytes, as: UTF8.self)).isEmpty {
          rename.stale.append("\(display(path)) (not valid JSON)")
        }
        continue
      }
      let references = RuleTestReferences(testFile: tokens)
      var edits: [(SourceRange, String)] = []
      var stale: [JSONStringTokens.Token] = []
      for name in references.names where name.token.text == key.name {
        switch (name.kind, key.kind) {
        case (.row(let placement), .segment) where rowPlacements.contains(placement):
          edits.append((name.token.range, "\"\(newName)\""))
        case (.placement, .placement), (.test, .test): edits.append((name.token.range, "\"\(newName)\""))
        case (.attributeValue, .attribute): stale.append(name.token)
        default: break
        }
      }
      for token in references.explainTexts where scansText && !WholeWord.offsets(of: key.name, in: token.text).isEmpty {
        if editsText, !token.text.contains("\""), !token.text.contains("/") {
          edits += Self.renaming(key.name, to: newName, in: token)
        } else {
          stale.append(token)
        }
      }
      append(edits, in: path, bytes, to: &rename)
      rename.stale += stale.sorted { $0.range.start < $1.range.start }.map { "\(display(path)) \($0.path.dotted)" }
      if key.kind == .test || key.kind == .attribute {
        let folder = (path as NSString).deletingLastPathComponent
        profileFiles += references.profileFiles.map { ($0 as NSString).isAbsolutePath ? $0 : folder + "/" + $0 }
      }
    }
    for path in Set(profileFiles.map { ($0 as NSString).standardizingPath }).sorted() {
      guard let bytes = text(ofFile: path), let tokens = JSONStringTokens(bytes, limits: Self.ruleTestLimits) else {
        continue
      }
      var forced: [(SourceRange, String)] = []
      for name in RuleTestReferences.names(inProfile: tokens) where name.token.text == key.name {
        switch (name.kind, key.kind) {
        case (.test, .test): forced.append((name.token.range, "\"\(newName)\""))
        case (.attributeValue, .attribute): rename.stale.append("\(display(path)) \(name.token.path.dotted)")
        default: break
        }
      }
      append(forced, in: path, bytes, to: &rename)
    }
    return rename
  }

  /// The limits `placement test` reads test files with.
  static let ruleTestLimits = JSONLimits(maxDepth: 64, maxBytes: 16 << 20)

  /// The placements of the compiled group `compiled` with a row on the segment `name`.
  func placements(withRowsOn name: String, in compiled: CompiledGroup) -> Set<String> {
    var found: Set<String> = []
    for file in compiled.files {
      for case .placement(let placement) in file.syntax?.declarations ?? []
      where placement.rows.contains(where: { !$0.isDefault && $0.segment.text == name }) {
        found.insert(placement.name.text)
      }
    }
    return found
  }

  /// The edits that rename the whole-word mentions of `old` in a string token: each word in place when the
  /// token has no escape sequence, else the whole token, re-encoded.
  static func renaming(_ old: String, to new: String, in token: JSONStringTokens.Token) -> [(SourceRange, String)] {
    let offsets = WholeWord.offsets(of: old, in: token.text)
    guard token.isEscaped else {
      return offsets.map {
        (SourceRange(start: token.range.start + 1 + $0, end: token.range.start + 1 + $0 + old.utf8.count), new)
      }
    }
    var text = Array(token.text.utf8)
    for offset in offsets.reversed() { text.replaceSubrange(offset..<offset + old.utf8.count, with: Array(new.utf8)) }
    return [(token.range, serialized(.string(String(decoding: text, as: UTF8.self)), sortedKeys: false))]
  }

  /// Adds `edits` of the file at `path` (whose text is `bytes`) as LSP `TextEdit`s.
  private func append(
    _ edits: [(SourceRange, String)], in path: String, _ bytes: [UInt8], to rename: inout RuleTestRename
  ) {
    guard !edits.isEmpty else { return }
    let lines = LineIndex(bytes, encoding: workspace.encoding)
    rename.changes[DocumentURI.uri(path), default: []] += edits.sorted { $0.0.start < $1.0.start }.map { range, text in
      ["range": lines.range(range), "newText": .string(text)]
    }
  }

  /// A file's text as the editor has it: the open document's, else the file's on disk.
  private func text(ofFile path: String) -> [UInt8]? {
    if let document = workspace.open[DocumentURI.uri(path)] { return Array(document.text.utf8) }
    return FileManager.default.contents(atPath: path).map { Array($0) }
  }
}

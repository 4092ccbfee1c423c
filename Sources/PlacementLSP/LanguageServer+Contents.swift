import PlacementKit

/// Editor help for content declarations: locale codes completed after `config "`, `from "<path>"` opening
/// its config file, and a content id's locales on hover.
extension Completion {
  /// Adapty's common locale codes, lowercase BCP 47 as its dashboard writes them, offered after the ones the
  /// rules already use.
  static let commonLocales = [
    "en", "es", "fr", "de", "it", "pt", "pt-br", "ru", "ja", "ko", "zh-hans", "zh-hant", "ar", "tr", "nl", "pl",
    "sv", "da", "no", "fi", "uk", "cs", "el", "he", "hi", "id", "th", "vi", "ro", "hu",
  ]

  /// LSP `CompletionItemKind` Value.
  static let localeKind = 12

  /// The locale codes when the cursor is in the locale string of a content's `config [default] "…`: those the
  /// group's contents use (most used first, then by code), then ``commonLocales``; nil elsewhere.
  func locales(in file: CompiledGroup.File, at offset: Int) -> [Item]? {
    let bytes = file.source.bytes
    var lineStart = min(offset, bytes.count)
    while lineStart > 0, bytes[lineStart - 1] != 10 { lineStart -= 1 }
    let line = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self)
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    guard let last = words.last, last.hasPrefix("\""), last.dropFirst().allSatisfy({ $0 != "\"" }),
      words.count == 2 && words[0] == "config" || words.count == 3 && words[0] == "config" && words[1] == "default"
    else { return nil }
    // The declaration the line is in starts with `content` (the last line beginning with a word).
    var start = lineStart
    while start > 0 {
      start -= 1
      while start > 0, bytes[start - 1] != 10 { start -= 1 }
      if start < bytes.count, bytes[start].isASCIILetter { break }
    }
    guard bytes[start...].starts(with: Array("content ".utf8)) else { return nil }
    var uses: [String: Int] = [:]
    // Only codes in normalized form: the string being typed (`""` once an editor closes the quote, or a prefix
    // such as `"p"`) is a config of the document too, and is no candidate.
    for content in compiled.compilation.model.contents {
      for config in content.configs where LocaleMatching.isNormalized(config.locale) {
        uses[config.locale, default: 0] += 1
      }
    }
    let used = uses.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    return used.map {
      Item(label: $0.key, kind: Self.localeKind, detail: "used by \($0.value) config\($0.value == 1 ? "" : "s")")
    }
      + Self.commonLocales.filter { uses[$0] == nil }.map { Item(label: $0, kind: Self.localeKind, detail: "locale") }
  }
}

extension LanguageServer {
  /// The config file of the `from "<path>"` under the cursor, as a Location at its start: the path is relative
  /// to the rules file's folder; nil elsewhere, for an absolute path, or a document that is not a file.
  func configFileLocation(_ position: DocumentPosition) -> JSONValue? {
    guard let syntax = position.file.syntax, let documentPath = DocumentURI.path(position.file.uri) else { return nil }
    for case .content(let decl) in syntax.declarations {
      guard decl.range.start <= position.offset, position.offset <= decl.range.end else { continue }
      for config in decl.configs {
        guard case .file(let reference) = config.body,
          reference.range.start <= position.offset, position.offset <= reference.range.end,
          !reference.text.isEmpty, !reference.text.hasPrefix("/")
        else { continue }
        let folder = documentPath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let path = (folder + [Substring(reference.text)]).joined(separator: "/")
        let start: JSONValue = ["line": 0, "character": 0]
        return [["uri": .string(DocumentURI.uri(path)), "range": ["start": start, "end": start]]]
      }
    }
    return nil
  }
}

extension HoverText {
  /// The declared content whose id is under the cursor (after `paywall` or `flow`, in a row or a
  /// declaration), with the range of the id; nil elsewhere.
  static func content(in position: DocumentPosition) -> (ContentDefinition, SourceRange)? {
    let contents = position.compiled.compilation.model.contents
    guard !contents.isEmpty else { return nil }
    let tokens = Lexer.tokenize(position.file.source).tokens
    guard
      let index = tokens.firstIndex(where: {
        $0.kind == .identifier && $0.range.start <= position.offset && position.offset <= $0.range.end
      }), index > 0, tokens[index - 1].isWord("paywall") || tokens[index - 1].isWord("flow"),
      let content = contents.first(where: { $0.id == tokens[index].value })
    else { return nil }
    return (content, tokens[index].range)
  }

  /// `content paywall pro` with its locales, the default first marked, and each config file.
  static func describe(_ content: ContentDefinition) -> String {
    var out = "```placement\ncontent \(content.type.rawValue) \(content.id)\n```\n"
    let count = content.configs.count
    out += "Remote config in \(count) locale\(count == 1 ? "" : "s"); `\(content.defaultLocale)` is the default.\n\n"
    out += "| locale | config |\n|---|---|\n"
    for config in content.configs {
      let mark = config.locale == content.defaultLocale ? " (default)" : ""
      // A file's path as written (relative to the rules file), the string's quotes dropped.
      let written = config.path.map { _ in
        "`" + config.bodySpan.file.text(of: config.bodySpan.range).trimmingQuotes + "`"
      }
      out += "| `\(config.locale)`\(mark) | \(written ?? "inline") |\n"
    }
    return out
  }
}

extension String {
  /// The text without one pair of enclosing double quotes.
  fileprivate var trimmingQuotes: String {
    count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : self
  }
}

import PlacementCore

extension AudienceTable {
  /// A declared content that a table's rows can show, with the locales of its remote config.
  package struct ContentLocales: Sendable, Equatable {
    package let type: PlacementDefinition.ContentType
    package let id: String
    /// The locale used when no other matches.
    package let defaultLocale: String
    /// The normalized locale codes in declaration order, the default among them.
    package let locales: [String]
  }

  /// The declared contents the placement's rows and content overrides can show (a flow's paywall and tests'
  /// variations included), in order of first appearance; contents without a declaration are left out.
  static func contents(_ definition: PlacementDefinition, in ruleSet: RuleSet) -> [ContentLocales] {
    guard !ruleSet.contents.isEmpty else { return [] }
    var ids: [String] = []
    func add(_ content: Content) {
      switch content {
      case .flow(let id, let paywall): ids += [id] + (paywall.map { [$0] } ?? [])
      case .paywall(let id): ids.append(id)
      case .test(let test): test.variations.forEach { add($0.content) }
      case .holdout, .fallthrough_: break
      }
    }
    definition.rows.forEach { add($0.content) }
    definition.overrides.forEach { add($0.content) }
    var seen: Set<String> = []
    return ids.compactMap { id in
      guard seen.insert(id).inserted, let content = ruleSet.content(id: id) else { return nil }
      return ContentLocales(
        type: content.type, id: content.id, defaultLocale: content.defaultLocale, locales: content.configs.map(\.locale)
      )
    }
  }

  /// Writes the `"contents"` member, `[{"type": "paywall", "id": "pro_annual", "default_locale": "en",
  /// "locales": ["en", "de"]}]`, when the table shows a declared content; nothing otherwise.
  func writeContents(to json: inout JSONWriter) {
    guard !contents.isEmpty else { return }
    json.key("contents")
    json.beginArray()
    for content in contents {
      json.beginObject()
      json.key("type")
      json.value(content.type.rawValue)
      json.key("id")
      json.value(content.id)
      json.key("default_locale")
      json.value(content.defaultLocale)
      json.key("locales")
      json.beginArray()
      for locale in content.locales { json.value(locale) }
      json.endArray()
      json.endObject()
    }
    json.endArray()
  }
}

extension AudiencesText {
  /// One line per declared content the table shows: `content paywall pro_annual: locales en (default), de`.
  static func contentLines(_ table: AudienceTable) -> [String] {
    table.contents.map { content in
      let locales = content.locales.map { $0 == content.defaultLocale ? "\($0) (default)" : $0 }
      return "content \(content.type.rawValue) \(content.id): locales \(locales.joined(separator: ", "))"
    }
  }
}

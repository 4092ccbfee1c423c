import PlacementCore

/// A change of a content's remote config between two rule sets. A config change is not a decision change:
/// every profile keeps its decision, but the JSON the app receives with it differs (`placement diff --fail-on
/// config`).
package struct ConfigChange: Sendable, Equatable, CustomStringConvertible {
  package enum Kind: String, Sendable, Hashable {
    /// The content gained a declaration: its decisions now carry a config (before: none).
    case contentAdded = "content-added"
    /// The content lost its declaration: its decisions carry no config any more.
    case contentRemoved = "content-removed"
    case localeAdded = "locale-added"
    case localeRemoved = "locale-removed"
    /// The locale used when no other matches changed (``ConfigChange/oldDefault`` → ``ConfigChange/newDefault``).
    case defaultLocaleChanged = "default-locale-changed"
    /// The locale's JSON changed (``ConfigChange/keys`` names the top-level keys).
    case changed
  }

  package let kind: Kind
  package let contentType: PlacementDefinition.ContentType
  /// The content's id.
  package let content: String
  /// The locale, for ``Kind/localeAdded``, ``Kind/localeRemoved`` and ``Kind/changed``.
  package let locale: String?
  /// For ``Kind/changed``: the top-level keys added, removed or given another value, sorted; empty when the
  /// config is not an object on either side.
  package let keys: [String]
  /// For ``Kind/defaultLocaleChanged``: the default locale before and after.
  package let oldDefault: String?
  package let newDefault: String?
  /// The placements whose rows can show the content (new rules; old rules for a removed content).
  package let placements: [String]

  /// `paywall pro_annual: locale de changed (keys: title, trial_days)`, `paywall pro_annual: locale fr added`,
  /// `paywall pro_annual: default locale en → de`, `paywall pro_annual: config added (locales en, de)`.
  package var description: String {
    let head = "\(contentType.rawValue) \(content): "
    switch kind {
    case .contentAdded: return head + "config added"
    case .contentRemoved: return head + "config removed"
    case .localeAdded: return head + "locale \(locale ?? "") added"
    case .localeRemoved: return head + "locale \(locale ?? "") removed"
    case .defaultLocaleChanged: return head + "default locale \(oldDefault ?? "") → \(newDefault ?? "")"
    case .changed:
      return head + "locale \(locale ?? "") changed"
        + (keys.isEmpty ? "" : " (key\(keys.count == 1 ? "" : "s") \(keys.joined(separator: ", ")))")
    }
  }
}

/// The config changes between two rule sets' content catalogs.
enum ConfigChanges {
  /// Per content (new declaration order, then the removed ones in old order): the declaration added or
  /// removed, else the default locale changed, then per locale added, removed or changed (new order, then the
  /// removed ones).
  static func changes(old: RuleSet, new: RuleSet) -> [ConfigChange] {
    guard !old.contents.isEmpty || !new.contents.isEmpty else { return [] }
    let oldShown = shown(old)
    let newShown = shown(new)
    var out: [ConfigChange] = []
    func change(
      _ kind: ConfigChange.Kind, _ content: ContentDefinition, locale: String? = nil, keys: [String] = [],
      defaults: (String, String)? = nil, placements: [String]
    ) {
      out.append(
        ConfigChange(
          kind: kind, contentType: content.type, content: content.id, locale: locale, keys: keys,
          oldDefault: defaults?.0, newDefault: defaults?.1, placements: placements))
    }
    for content in new.contents {
      let placements = newShown[content.id] ?? []
      guard let was = old.content(id: content.id) else {
        change(.contentAdded, content, placements: placements)
        continue
      }
      if was.defaultLocale != content.defaultLocale {
        change(
          .defaultLocaleChanged, content, defaults: (was.defaultLocale, content.defaultLocale), placements: placements)
      }
      let before = Dictionary(was.configs.map { ($0.locale, $0) }, uniquingKeysWith: { first, _ in first })
      let after = Set(content.configs.map(\.locale))
      for config in content.configs {
        guard let previous = before[config.locale] else {
          change(.localeAdded, content, locale: config.locale, placements: placements)
          continue
        }
        if previous.value != config.value {
          change(
            .changed, content, locale: config.locale, keys: changedKeys(previous.value, config.value),
            placements: placements)
        }
      }
      for config in was.configs where !after.contains(config.locale) {
        change(.localeRemoved, content, locale: config.locale, placements: placements)
      }
    }
    for content in old.contents where new.content(id: content.id) == nil {
      change(.contentRemoved, content, placements: oldShown[content.id] ?? [])
    }
    return out
  }

  /// The top-level keys whose value differs between two objects (present on one side only included), sorted.
  static func changedKeys(_ old: JSONValue, _ new: JSONValue) -> [String] {
    guard case .object(let before) = old, case .object(let after) = new else { return [] }
    return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
  }

  /// The placements, in declaration order, whose rows can show each content id.
  static func shown(_ rules: RuleSet) -> [String: [String]] {
    var out: [String: [String]] = [:]
    for placement in rules.placements {
      for id in PlacementFacts.contentIDs(placement).sorted() { out[id, default: []].append(placement.name) }
    }
    return out
  }
}

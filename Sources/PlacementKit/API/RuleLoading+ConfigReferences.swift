import PlacementCore

extension RuleLoading {
  /// A config file that a content of a rules source names with `from "<path>"`.
  package struct ConfigReference: Sendable, Equatable {
    /// The file's path as the compiler looks it up: `reference` resolved against the rules source's ``RuleSource/path``.
    package let inside: String
    /// The path as written in the rules, relative to the rules file's folder.
    package let reference: String
    /// The ``RuleSource/name`` of the rules file that names it.
    package let rulesName: String
  }

  /// The config files the contents of `rules` name, each once, in the order they are first named; a path that
  /// leaves the rules folder or is absolute is left out (the compiler reports it).
  package static func configReferences(in rules: [RuleSource]) -> [ConfigReference] {
    var seen: Set<String> = []
    var references: [ConfigReference] = []
    for source in rules where source.kind == .rules {
      let (tree, _) = Parser.parse(SourceFile(name: source.name, bytes: source.bytes))
      for case .content(let decl) in tree.declarations {
        for config in decl.configs {
          guard case .file(let reference) = config.body,
            let inside = ConfigFiles.resolve(reference.text, from: source.path), seen.insert(inside).inserted
          else { continue }
          references.append(ConfigReference(inside: inside, reference: reference.text, rulesName: source.name))
        }
      }
    }
    return references
  }
}

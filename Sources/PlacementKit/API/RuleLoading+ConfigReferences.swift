import PlacementCore

extension RuleLoading {
  /// A file that a rules source names with `from "<path>"`: a content's config, or a `list`'s ids.
  package struct ConfigReference: Sendable, Equatable {
    /// The file's path as the compiler looks it up: `reference` resolved against the rules source's ``RuleSource/path``.
    package let inside: String
    /// The path as written in the rules, relative to the rules file's folder.
    package let reference: String
    /// The ``RuleSource/name`` of the rules file that names it.
    package let rulesName: String
  }

  /// The config and list files that `rules` name, each once, in the order they are first named; a path that
  /// leaves the rules folder or is absolute is left out (the compiler reports it).
  package static func configReferences(in rules: [RuleSource]) -> [ConfigReference] {
    var seen: Set<String> = []
    var references: [ConfigReference] = []
    for source in rules where source.kind == .rules {
      let (tree, _) = Parser.parse(SourceFile(name: source.name, bytes: source.bytes))
      for declaration in tree.declarations {
        let written: [Name]
        switch declaration {
        case .content(let decl):
          written = decl.configs.compactMap { if case .file(let reference) = $0.body { reference } else { nil } }
        case .idList(let decl): written = decl.path.map { [$0] } ?? []
        default: continue
        }
        for reference in written {
          guard let inside = ConfigFiles.resolve(reference.text, from: source.path), seen.insert(inside).inserted
          else { continue }
          references.append(ConfigReference(inside: inside, reference: reference.text, rulesName: source.name))
        }
      }
    }
    return references
  }
}

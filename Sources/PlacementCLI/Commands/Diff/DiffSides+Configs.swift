import PlacementKit

extension DiffSides {
  /// The config files that `sources` (read from `files` at `revision`, in that order) name, read at the same
  /// revision, as the loader reads a folder's from disk: each under the path the compiler looks it up by. A file
  /// that does not exist at the revision is left out, and the compiler reports it (`config-file-not-found`).
  static func configSources(for sources: [RuleSource], files: [String], revision: String, in directory: String)
    -> [RuleSource]
  {
    let fileByName = Dictionary(zip(sources.map(\.name), files), uniquingKeysWith: { first, _ in first })
    var configs: [RuleSource] = []
    for reference in RuleLoading.configReferences(in: sources) {
      guard let file = fileByName[reference.rulesName],
        let inRepository = ConfigFiles.resolve(reference.reference, from: file),
        let text = try? git(["show", "\(revision):./\(inRepository)"], in: directory)
      else { continue }
      configs.append(
        RuleSource(
          name: "\(revision):\(inRepository)", bytes: Array(text.utf8), path: reference.inside, kind: .config))
    }
    return configs
  }
}

import PlacementCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RuleLoading {
  /// The config files that the `content` declarations of `rules` name with `from "<path>"`, read from disk
  /// relative to each rules file's folder, as ``RuleSource/Kind/config`` sources with their paths inside the rules
  /// folder. A path that is absolute, leaves the folder, is not a regular file (a FIFO or a device would block
  /// or never end), or cannot be read is left out: the compiler reports it at the path string
  /// (`invalid-config-path`, `config-file-not-found`).
  package static func configSources(for rules: [RuleSource]) -> [RuleSource] {
    var seen: Set<String> = []
    var configs: [RuleSource] = []
    for source in rules where source.kind == .rules {
      let (tree, _) = Parser.parse(SourceFile(name: source.name, bytes: source.bytes))
      for case .content(let decl) in tree.declarations {
        for config in decl.configs {
          guard case .file(let reference) = config.body,
            let inside = ConfigFiles.resolve(reference.text, from: source.path), seen.insert(inside).inserted
          else { continue }
          let folder = source.name.split(separator: "/", omittingEmptySubsequences: false).dropLast()
          let onDisk = (folder + [Substring(reference.text)]).joined(separator: "/")
          guard isRegularFile(onDisk), let bytes = try? FileReading.contents(of: onDisk) else { continue }
          configs.append(RuleSource(name: onDisk, bytes: bytes, path: inside, kind: .config))
        }
      }
    }
    return configs
  }

  /// True when `path`, its symbolic links followed, is a regular file.
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }
}

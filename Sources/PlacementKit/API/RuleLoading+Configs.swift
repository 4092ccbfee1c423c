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
  /// or never end), resolves outside the rules folder once symbolic links are followed, or cannot be read is left
  /// out: the compiler reports it at the path string (`invalid-config-path`, `config-file-not-found`).
  package static func configSources(for rules: [RuleSource]) -> [RuleSource] {
    configFiles(for: rules).compactMap(\.source)
  }

  /// Each config and list file that `rules` name, as a path on disk, with its source as ``configSources(for:)``
  /// reads it, or nil when it is left out (missing, outside the folder, unreadable).
  static func configFiles(for rules: [RuleSource]) -> [(onDisk: String, source: RuleSource?)] {
    let roots = Dictionary(rules.map { ($0.name, rulesFolder(of: $0)) }, uniquingKeysWith: { first, _ in first })
    return configReferences(in: rules).map { config in
      let folder = config.rulesName.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      let onDisk = (folder + [Substring(config.reference)]).joined(separator: "/")
      guard isRegularFile(onDisk), isInside(onDisk, folder: roots[config.rulesName] ?? "."),
        let bytes = try? FileReading.contents(of: onDisk)
      else { return (onDisk, nil) }
      return (onDisk, RuleSource(name: onDisk, bytes: bytes, path: config.inside, kind: .config))
    }
  }

  /// The rules folder on disk of a rules file: its name without its path inside the folder (`Rules/` for
  /// `Rules/sub/p.rules` at `sub/p.rules`), else the file's own folder.
  static func rulesFolder(of source: RuleSource) -> String {
    if source.name.hasSuffix("/" + source.path) { return String(source.name.dropLast(source.path.count + 1)) }
    let folder = source.name.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    return folder.isEmpty ? "." : folder.joined(separator: "/")
  }

  /// True when `path`, every symbolic link followed (`realpath`), is below `folder`, its links followed too.
  static func isInside(_ path: String, folder: String) -> Bool {
    guard let file = canonical(path), let root = canonical(folder.isEmpty ? "/" : folder) else { return false }
    return file.hasPrefix(root == "/" ? "/" : root + "/")
  }

  /// `path` with every symbolic link, `.` and `..` resolved, or nil when it does not exist.
  static func canonical(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// True when `path`, its symbolic links followed, is a regular file.
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }
}

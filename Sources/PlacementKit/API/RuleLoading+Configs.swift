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
    configReferences(in: rules).compactMap { config in
      let folder = config.rulesName.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      let onDisk = (folder + [Substring(config.reference)]).joined(separator: "/")
      guard isRegularFile(onDisk), let bytes = try? FileReading.contents(of: onDisk) else { return nil }
      return RuleSource(name: onDisk, bytes: bytes, path: config.inside, kind: .config)
    }
  }

  /// True when `path`, its symbolic links followed, is a regular file.
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }
}

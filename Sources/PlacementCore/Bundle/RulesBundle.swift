/// A rules bundle: one file that carries a rules folder (its `*.rules` files and, optionally, its rule tests) with
/// a manifest naming the content's version.
///
/// The bundle is a ustar archive (``TarArchive``): `manifest.json` first, then the files under their paths
/// relative to the rules folder, sorted by path (`attributes.rules`, `tests/onboarding.json`, …), so `tar xf`
/// gives the folder back and the same files always give the same bytes. The manifest is one JSON object:
/// ```json
/// {"format":"placement-bundle","format_version":1,"rules_version":"3b1f0c9d2e4a","tool_version":"0.2.0",
///  "revision":"c256b63","files":[{"path":"attributes.rules","sha256":"…","bytes":1432},…]}
/// ```
/// `rules_version` is ``RulesBundle/version(of:)`` of the rules files: the same for the folder and for every
/// bundle built from it, whatever the tool version, revision or tests. Reading a bundle checks every file against
/// its digest and the version against the files, so a corrupt or edited bundle is refused.
package struct RulesBundle: Sendable, Equatable {
  /// One file of the bundle, by its path relative to the rules folder.
  package typealias File = TarArchive.Entry

  /// The name of the manifest entry.
  package static let manifestPath = "manifest.json"
  /// The manifest's `format`.
  package static let format = "placement-bundle"
  /// The layout version this code writes and reads.
  package static let formatVersion = 1

  /// What a bundle holds a file as, told by its path alone: the one classification that building, reading and
  /// counting a bundle use.
  package enum Member: Sendable, Equatable {
    /// A rules file: `*.rules`.
    case rules
    /// A config file a content names with `from "<path>"`: `*.json` outside `tests/`.
    case config
    /// An id list file a `list` names with `from "<path>"`: `*.txt` outside `tests/`.
    case idList
    /// Anything else: the rule tests and the files they read (`tests/`), carried but not compiled.
    case other

    package init(path: String) {
      if path.hasSuffix(".rules") {
        self = .rules
      } else if path.hasPrefix("tests/") {
        self = .other
      } else if path.hasSuffix(".json") {
        self = .config
      } else if path.hasSuffix(".txt") {
        self = .idList
      } else {
        self = .other
      }
    }

    /// Whether the bundle compiles the file (it is among ``RulesBundle/rules``).
    package var isCompiled: Bool { self != .other }
  }

  /// The compiled files, sorted by path: the `*.rules` files and the config and id list files they name.
  package let rules: [File]
  /// Every other file (rule tests and what they read), sorted by path.
  package let extras: [File]
  /// ``version(of:)`` of ``rules``.
  package let rulesVersion: String
  /// The version of the tool that built the bundle.
  package let toolVersion: String
  /// A caller's revision string (a git commit), or nil.
  package let revision: String?

  /// A bundle of `rules` and `extras`, with paths relative to the rules folder.
  /// - Throws: ``BundleError`` when a path is used twice, is unsafe, or a rules path does not end in `.rules`.
  package init(rules: [File], extras: [File] = [], toolVersion: String, revision: String?) throws(BundleError) {
    // The order rules discovery compiles a folder's files in (`RuleLoading.discover`), so a bundle compiles
    // its files in the folder's order and gets its version.
    let sortedRules = rules.sorted { $0.path < $1.path }
    let sortedExtras = extras.sorted { $0.path < $1.path }
    var seen: Set<String> = [Self.manifestPath]
    for file in sortedRules + sortedExtras {
      guard seen.insert(file.path).inserted else { throw .invalid("'\(file.path)' appears twice") }
    }
    if let bad = sortedRules.first(where: { !Member(path: $0.path).isCompiled }) {
      throw .invalid("'\(bad.path)' is not a .rules file")
    }
    guard !sortedRules.isEmpty else { throw .invalid("no .rules file") }
    self.rules = sortedRules
    self.extras = sortedExtras
    // Rules files first, then config files, as a compilation of the folder versions them.
    self.rulesVersion = Self.version(
      of: sortedRules.filter { Member(path: $0.path) == .rules }
        + sortedRules.filter { Member(path: $0.path) != .rules })
    self.toolVersion = toolVersion
    self.revision = revision
  }

  /// The rules files as sources to compile, named `<bundle><separator><path inside>` in diagnostics.
  /// - Parameters:
  ///   - bundle: how the bundle is named (its file's path), or the folder it is built from.
  ///   - separator: `:` after a bundle file (`rules.bundle:paywall.rules`), `/` after a folder.
  package func sources(named bundle: String, separator: String = ":") -> [RuleSource] {
    rules.map {
      RuleSource(
        name: "\(bundle)\(separator)\($0.path)", bytes: $0.bytes, path: $0.path,
        kind: Member(path: $0.path) == .rules ? .rules : .config)
    }
  }

  /// The version of a rule set made of `files`, in their order: the first 12 hexadecimal digits of the SHA-256
  /// of each file's path and bytes, each length-prefixed (8 bytes, big-endian), so that moving bytes between a
  /// path and its content changes the version. Paths are relative to the rules folder, so the folder and every
  /// bundle built from it share the version wherever they are.
  package static func version(of files: [File]) -> String {
    var hasher = SHA256()
    for file in files {
      for part in [Array(file.path.utf8), file.bytes] {
        let count = UInt64(part.count)
        hasher.update((0..<8).map { UInt8(truncatingIfNeeded: count >> UInt64(56 - 8 * $0)) })
        hasher.update(part)
      }
    }
    return String(SHA256.hexadecimal(hasher.finish()).prefix(12))
  }

  /// The bundle's bytes: a ustar archive, identical for identical content.
  /// - Throws: ``BundleError`` when a path cannot be stored in a ustar archive (over 255 bytes, or no `/` that
  ///   splits it into a prefix of at most 155 bytes and a name of at most 100).
  package func archive() throws(BundleError) -> [UInt8] {
    let entries = [TarArchive.Entry(path: Self.manifestPath, bytes: manifestBytes())] + rules + extras
    do {
      return try TarArchive.write(entries)
    } catch {
      throw .invalid(error.message)
    }
  }

  /// The manifest, compact JSON with a final newline.
  package func manifestBytes() -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("format")
    json.value(Self.format)
    json.key("format_version")
    json.value(Self.formatVersion)
    json.key("rules_version")
    json.value(rulesVersion)
    json.key("tool_version")
    json.value(toolVersion)
    json.key("revision")
    if let revision { json.value(revision) } else { json.null() }
    json.key("files")
    json.beginArray()
    for file in rules + extras {
      json.beginObject()
      json.key("path")
      json.value(file.path)
      json.key("sha256")
      json.value(SHA256.hex(file.bytes))
      json.key("bytes")
      json.value(file.bytes.count)
      json.endObject()
    }
    json.endArray()
    json.endObject()
    return json.bytes + [UInt8(ascii: "\n")]
  }
}

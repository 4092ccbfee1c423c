extension RulesBundle {
  /// Reads and verifies a bundle: a ustar archive whose first entry is the manifest, whose other entries are the
  /// manifest's files in its order with the digests and sizes it gives, and whose `rules_version` is the version
  /// of its rules files.
  /// - Parameter bytes: the bundle file's content.
  /// - Throws: ``BundleError`` naming the first problem: not an archive, a newer or unknown format, a file missing,
  ///   added or changed since the manifest was written, or a `rules_version` that does not match the files.
  package static func read(_ bytes: [UInt8], limits: TarArchive.Limits = TarArchive.Limits()) throws(BundleError)
    -> RulesBundle
  {
    let entries: [TarArchive.Entry]
    do {
      entries = try TarArchive.read(bytes, limits: limits)
    } catch {
      throw .invalid(error.message)
    }
    guard let first = entries.first, first.path == manifestPath else {
      throw .invalid("the first entry is not '\(manifestPath)'")
    }
    let manifest = try Manifest(first.bytes)
    let files = Array(entries.dropFirst())
    guard files.map(\.path) == manifest.files.map(\.path) else {
      let listed = Set(manifest.files.map(\.path))
      let present = Set(files.map(\.path))
      if let extra = files.first(where: { !listed.contains($0.path) }) {
        throw .tampered("'\(extra.path)' is not listed in the manifest")
      }
      if let missing = manifest.files.first(where: { !present.contains($0.path) }) {
        throw .tampered("'\(missing.path)' is listed in the manifest but missing")
      }
      throw .tampered("the files are not in the manifest's order")
    }
    for (file, listed) in zip(files, manifest.files) {
      guard file.bytes.count == listed.bytes, SHA256.hex(file.bytes) == listed.sha256 else {
        throw .tampered("'\(file.path)' does not match its digest in the manifest")
      }
    }
    let bundle = try RulesBundle(
      rules: files.filter { Member(path: $0.path).isCompiled },
      extras: files.filter { !Member(path: $0.path).isCompiled },
      toolVersion: manifest.toolVersion, revision: manifest.revision)
    guard bundle.rulesVersion == manifest.rulesVersion else {
      throw .tampered(
        "rules_version \(manifest.rulesVersion) in the manifest, but the files are version \(bundle.rulesVersion)")
    }
    return bundle
  }

  /// The fields of a manifest.
  struct Manifest {
    struct Listed {
      let path: String
      let sha256: String
      let bytes: Int
    }

    let rulesVersion: String
    let toolVersion: String
    let revision: String?
    let files: [Listed]

    init(_ bytes: [UInt8]) throws(BundleError) {
      let value: JSONValue
      do {
        value = try JSONReader.parse(bytes)
      } catch {
        throw .invalid("the manifest is not valid JSON: \(error)")
      }
      func string(_ key: String, in object: JSONValue?) throws(BundleError) -> String {
        guard case .string(let text)? = object?[key] else { throw .invalid("the manifest has no string '\(key)'") }
        return text
      }
      guard try string("format", in: value) == RulesBundle.format else {
        throw .invalid("not a placement bundle (format is not '\(RulesBundle.format)')")
      }
      guard case .number(let version)? = value["format_version"] else {
        throw .invalid("the manifest has no number 'format_version'")
      }
      guard version == Double(RulesBundle.formatVersion) else {
        throw .invalid(
          "format_version \(version.formatted) is not \(RulesBundle.formatVersion): built by another version of placement"
        )
      }
      rulesVersion = try string("rules_version", in: value)
      toolVersion = try string("tool_version", in: value)
      switch value["revision"] {
      case .string(let text)?: revision = text
      case .null?, nil: revision = nil
      default: throw .invalid("the manifest's 'revision' is not a string")
      }
      guard case .array(let listed)? = value["files"] else { throw .invalid("the manifest has no array 'files'") }
      var files: [Listed] = []
      for item in listed {
        guard case .number(let size)? = item["bytes"], size >= 0, size == size.rounded(), size < 1e15 else {
          throw .invalid("a file of the manifest has no byte count")
        }
        files.append(
          Listed(path: try string("path", in: item), sha256: try string("sha256", in: item), bytes: Int(size)))
      }
      self.files = files
    }
  }
}

extension Double {
  /// The number without a fraction when it has none (`2`, not `2.0`).
  fileprivate var formatted: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}

/// Why a rules bundle could not be built or read.
package enum BundleError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Not a bundle this tool can read: not an archive, or a manifest that is missing or malformed.
  case invalid(String)
  /// A well-formed bundle whose content no longer matches its manifest: corrupt or edited since it was built.
  case tampered(String)

  package var description: String {
    switch self {
    case .invalid(let reason): "not a valid rules bundle: \(reason)"
    case .tampered(let reason): "corrupt or modified rules bundle: \(reason)"
    }
  }
}

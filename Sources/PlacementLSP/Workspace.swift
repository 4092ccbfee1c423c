import Foundation
import PlacementKit

/// The rules the server knows: the workspace's rules folders on disk, with the documents open in the editor
/// taking precedence over their files.
///
/// Files are compiled in groups, as `placement lint <folder>` would: every `*.rules` file below a rules folder
/// is one group. A rules folder is a workspace folder's `Rules/` when it has one (the CLI's default), else the
/// workspace folder itself. A document outside every rules folder is compiled with the `*.rules` files of its own
/// directory; a document that is not a file (`untitled:`) is compiled alone.
final class Workspace {
  /// Absolute paths of the rules folders, without a trailing slash.
  private(set) var rulesFolders: [String] = []
  /// Open documents by URI: their current text and version.
  private(set) var open: [String: (text: String, version: Int)] = [:]
  /// Disk contents read so far, by path (invalidated by saves and watched-file events).
  private var disk: [String: String] = [:]
  /// Disk listings of groups read so far.
  private var listings: [String: [String]] = [:]
  /// The compiled group of each group folder, dropped when one of its files changes.
  private var compiledGroups: [String: CompiledGroup] = [:]
  let encoding: PositionEncoding

  init(folders: [String], encoding: PositionEncoding) {
    self.encoding = encoding
    rulesFolders = folders.map(Self.rulesFolder)
  }

  /// The folder that holds a workspace folder's rules.
  static func rulesFolder(_ folder: String) -> String {
    let base = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: base + "/Rules", isDirectory: &isDirectory), isDirectory.boolValue {
      return base + "/Rules"
    }
    return base
  }

  /// The group (a folder path, or `untitled:` URI) a document belongs to.
  func group(of uri: String) -> String {
    guard let path = DocumentURI.path(uri) else { return uri }
    if let folder = rulesFolders.first(where: { path.hasPrefix($0 + "/") }) { return folder }
    return (path as NSString).deletingLastPathComponent
  }

  /// Every group that has an open document or is a rules folder.
  var groups: [String] {
    var seen = Set(rulesFolders)
    var all = rulesFolders
    for uri in open.keys.sorted() where seen.insert(group(of: uri)).inserted { all.append(group(of: uri)) }
    return all
  }

  // MARK: Editing

  func openDocument(_ uri: String, text: String, version: Int) {
    open[uri] = (text, version)
    invalidate(group(of: uri))
  }

  func changeDocument(_ uri: String, text: String, version: Int) {
    open[uri] = (text, version)
    invalidate(group(of: uri))
  }

  func closeDocument(_ uri: String) {
    open[uri] = nil
    if let path = DocumentURI.path(uri) { disk[path] = nil }
    invalidate(group(of: uri))
  }

  /// A file changed, appeared or disappeared on disk.
  func diskChanged(_ uri: String) {
    if let path = DocumentURI.path(uri) { disk[path] = nil }
    let group = group(of: uri)
    listings[group] = nil
    invalidate(group)
  }

  func invalidate(_ group: String) { compiledGroups[group] = nil }

  // MARK: CompiledGroup

  /// The compiled group of a group folder, computed when missing.
  func compiled(ofGroup group: String) -> CompiledGroup {
    if let cached = compiledGroups[group] { return cached }
    var documents: [(uri: String, name: String, text: String)] = []
    var seen = Set<String>()
    for path in listing(group) {
      let uri = DocumentURI.uri(path)
      seen.insert(uri)
      if let document = open[uri] {
        documents.append((uri, path, document.text))
      } else if let text = read(path) {
        documents.append((uri, path, text))
      }
    }
    for (uri, document) in open.sorted(by: { $0.key < $1.key })
    where !seen.contains(uri) && self.group(of: uri) == group {
      documents.append((uri, DocumentURI.path(uri) ?? uri, document.text))
    }
    let compiled = CompiledGroup(documents: documents, encoding: encoding)
    compiledGroups[group] = compiled
    return compiled
  }

  /// The compiled group of a group folder if it is computed and still current (nothing in the group changed since).
  func cachedCompiled(ofGroup group: String) -> CompiledGroup? { compiledGroups[group] }

  /// The compiled group that holds a document.
  func compiled(of uri: String) -> CompiledGroup { compiled(ofGroup: group(of: uri)) }

  private func listing(_ group: String) -> [String] {
    if let cached = listings[group] { return cached }
    var files: [String] = []
    if DocumentURI.path(DocumentURI.uri(group)) == group, group.hasPrefix("/") {
      if rulesFolders.contains(group) {
        files = (try? RuleLoading.files(at: group)) ?? []
      } else {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: group)) ?? []
        files = names.filter { $0.hasSuffix(".\(RuleLoading.fileExtension)") }.sorted().map { group + "/" + $0 }
      }
    }
    listings[group] = files
    return files
  }

  private func read(_ path: String) -> String? {
    if let cached = disk[path] { return cached }
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    disk[path] = text
    return text
  }
}

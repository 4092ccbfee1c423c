import Foundation
import PlacementKit

/// `placement lint FILE` where FILE is one of a folder of rules files: the findings that exist only because the
/// other files of the folder were not linted get notes saying so, with where the name is declared.
///
/// A folder of `.rules` files is one rule set (every command compiles it whole), but `lint FILE` compiles what it
/// is given and nothing else, so a reference to a segment declared in a sibling is `unknown-segment`:
///
/// ```
/// Rules/paywall.rules:4:27: error: unknown segment 'pros' [unknown-segment]
///    = note: segment 'pros' is declared in a file that was not linted (Rules/onboarding.rules:3:9)
///    = note: not a finding when the folder is linted as one rule set: placement lint Rules
/// ```
///
/// The findings themselves are kept (the files given do not compile on their own, and CI must not pass on them),
/// and the folder is not linted silently instead: a folder may also hold unrelated one-file rule sets (test
/// fixtures, `Examples/broken/`), for which the siblings' declarations are no context. The siblings are only
/// parsed, never linted or compiled, and only when a finding can get a note (an unknown or unused name, no
/// placements): a file that lints without such a finding costs what it costs alone, however large its folder.
/// A note costs a parse of the folder: it is given only when no sibling declares a name the files given declare
/// too (such a folder is a collection, and gets no note), which takes every sibling's declarations. A folder of
/// more than ``maxFiles`` files gets no note either.
struct LintFolderContext {
  /// Above this many rules files a folder is taken for a collection (a temporary folder, a tree of fixtures).
  static let maxFiles = 256

  /// A folder (as written, `.` for the current one) of files given, and the rules files below it that were not
  /// linted (read from `path`, named as `lint <folder>` names them).
  struct Folder {
    let folder: String
    let unlinted: [(path: String, name: String)]
  }

  let folders: [Folder]

  /// - Parameters:
  ///   - paths: the paths given to `lint`; folders and standard input are left out (a folder is linted whole).
  ///   - sources: the sources linted.
  init(paths: [String], sources: [RuleSource], console: Console) {
    func absolute(_ path: String) -> String {
      ((path.hasPrefix("/") ? path : console.currentDirectory + "/" + path) as NSString).standardizingPath
    }
    let linted = Set(sources.map { absolute($0.name) })
    var folders: [Folder] = []
    for path in paths where path != "-" && !RuleTestFiles.directoryExists(absolute(path)) {
      let parent = (path as NSString).deletingLastPathComponent
      let folder = parent.isEmpty ? "." : parent
      let base = absolute(folder)
      guard !folders.contains(where: { $0.folder == folder }), let files = try? RuleLoading.files(at: base),
        files.count <= Self.maxFiles
      else { continue }
      let unlinted = files.filter { !linted.contains(($0 as NSString).standardizingPath) }
      // Only a folder with other rules files directly in it: a lone file in a project's root is not one of a set.
      guard unlinted.contains(where: { ($0 as NSString).deletingLastPathComponent == base }) else { continue }
      let named = unlinted.map { file in
        let relative = String(file.dropFirst(base.count + 1))
        return (path: file, name: folder == "." ? relative : folder + "/" + relative)
      }
      folders.append(Folder(folder: folder, unlinted: named))
    }
    self.folders = folders
  }

  /// `result`, the lint of `compilation`, with the notes.
  /// - Parameter read: reads a sibling's bytes (nil when it cannot be read); called only when a finding can get
  ///   a note.
  func annotate(
    _ result: LintResult, of compilation: Compilation,
    read: (String) -> Data? = { FileManager.default.contents(atPath: $0) }
  ) -> LintResult {
    guard !folders.isEmpty, result.findings.contains(where: { Self.canHaveNote($0.diagnostic) }) else {
      return result
    }
    let siblings = folders.flatMap(\.unlinted).compactMap { file in
      read(file.path).map {
        Parser.parse(SourceFile(name: file.name, bytes: Array($0))).0
      }
    }
    let symbols = SymbolIndex(siblings)
    let declared = { (index: SymbolIndex) in
      Set(index.occurrences.filter { $0.isDeclaration && $0.key.kind != .option }.map(\.key))
    }
    guard declared(symbols).isDisjoint(with: declared(SymbolIndex(compilation.model.files))) else { return result }
    let files = Dictionary(siblings.map { ($0.file.name, $0.file) }, uniquingKeysWith: { a, _ in a })
    let placements = symbols.occurrences.contains { $0.isDeclaration && $0.key.kind == .placement }
    let command = "placement lint " + folders.map(\.folder).joined(separator: " ")
    return result.mapDiagnostics { diagnostic in
      var diagnostic = diagnostic
      if let (key, declaration) = Self.subject(diagnostic),
        let found = symbols.occurrences(of: key).first(where: { $0.isDeclaration == declaration }),
        let file = files[found.file]
      {
        // Declared in another file: the checker's advice to declare it would make a duplicate.
        diagnostic.notes.removeAll { $0 == .declareAttribute(key.name) }
        let span = SourceSpan(file: file, range: found.range)
        diagnostic.notes.append(
          declaration ? .declaredInAFileNotLinted(key, at: span) : .usedInAFileNotLinted(key, at: span))
      } else if !(diagnostic.code == SemanticsCatalog.noPlacements && placements) {
        return diagnostic
      }
      diagnostic.notes.append(.notAFindingOfTheWholeFolder(command))
      return diagnostic
    }
  }

  /// Whether another file can explain `diagnostic`: a name it declares or uses, or the placements it declares.
  static func canHaveNote(_ diagnostic: Diagnostic) -> Bool {
    diagnostic.code == SemanticsCatalog.noPlacements || subject(diagnostic) != nil
  }

  /// The symbol a finding names where another file can explain it, and whether that file would declare it (an
  /// unknown name) or use it (an unused declaration).
  static func subject(_ diagnostic: Diagnostic) -> (SymbolKey, declaration: Bool)? {
    let kinds: [DiagnosticCode: (SymbolKey.Kind, Bool)] = [
      SemanticsCatalog.unknownSegment: (.segment, true), SemanticsCatalog.unknownAttribute: (.attribute, true),
      SemanticsCatalog.unknownTest: (.test, true), SemanticsCatalog.unknownPlacement: (.placement, true),
      LintCatalog.unusedSegment: (.segment, false), LintCatalog.unusedAttribute: (.attribute, false),
    ]
    guard let (kind, declaration) = kinds[diagnostic.code], let span = diagnostic.span else { return nil }
    return (SymbolKey(kind, span.file.text(of: span.range)), declaration)
  }
}

extension Note {
  /// `segment 'pros' is declared in a file that was not linted`, at the declaration.
  static func declaredInAFileNotLinted(_ symbol: SymbolKey, at span: SourceSpan) -> Note {
    Note("\(symbol.kind.rawValue) '\(symbol.name)' is declared in a file that was not linted", at: span)
  }

  /// `attribute 'interests' is used in a file that was not linted`, at the first use.
  static func usedInAFileNotLinted(_ symbol: SymbolKey, at span: SourceSpan) -> Note {
    Note("\(symbol.kind.rawValue) '\(symbol.name)' is used in a file that was not linted", at: span)
  }

  /// `not a finding when the folder is linted as one rule set: placement lint Rules`.
  static func notAFindingOfTheWholeFolder(_ command: String) -> Note {
    Note("not a finding when the folder is linted as one rule set: \(command)")
  }
}

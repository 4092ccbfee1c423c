/// Diagnostic codes of id lists (`list <name> from "<path>"` and `in list <name>`), with their severity and
/// summary, and the wording of each message.
package enum IdListDiagnostics {
  package static let unknownList: DiagnosticCode = "unknown-list"
  package static let invalidListPath: DiagnosticCode = "invalid-list-path"
  package static let listFileNotFound: DiagnosticCode = "list-file-not-found"
  package static let invalidListFile: DiagnosticCode = "invalid-list-file"
  package static let emptyList: DiagnosticCode = "empty-list-file"
  package static let duplicateListIDs: DiagnosticCode = "duplicate-list-ids"

  package static let entries: [CatalogEntry] = [
    CatalogEntry(unknownList, .error, "'in list' names a list no 'list' declaration declares"),
    CatalogEntry(invalidListPath, .error, "a list's 'from' path is absolute or leaves the rules folder ('..')"),
    CatalogEntry(listFileNotFound, .error, "a list's 'from' file is not in the rules folder or cannot be read"),
    CatalogEntry(invalidListFile, .error, "a list file has a line that is not UTF-8"),
    CatalogEntry(emptyList, .warning, "a list file holds no id: 'in list' never holds"),
    CatalogEntry(duplicateListIDs, .warning, "a list file repeats ids (each counts once)"),
  ]
}

extension DiagnosticMessage {
  static func unknownList(_ name: String) -> Self {
    .init(IdListDiagnostics.unknownList, "unknown list '\(UntrustedText.escaped(name, limit: 80))'")
  }

  static func invalidListPath(_ path: String) -> Self {
    .init(
      IdListDiagnostics.invalidListPath,
      "list path '\(UntrustedText.escaped(path, limit: 80))' must be relative and stay inside the rules folder")
  }

  static func listFileNotFound(_ path: String) -> Self {
    .init(
      IdListDiagnostics.listFileNotFound,
      "list file '\(UntrustedText.escaped(path, limit: 80))' is not in the rules folder or cannot be read")
  }

  static func invalidListFile(_ path: String, line: Int) -> Self {
    .init(
      IdListDiagnostics.invalidListFile,
      "list file '\(UntrustedText.escaped(path, limit: 80))' is not UTF-8 at line \(line)")
  }

  static func emptyList(_ name: String, path: String) -> Self {
    .init(
      IdListDiagnostics.emptyList,
      "list '\(name)' is empty: '\(UntrustedText.escaped(path, limit: 80))' holds no id, so 'in list \(name)' "
        + "never holds")
  }

  static func duplicateListIDs(_ name: String, count: Int) -> Self {
    .init(
      IdListDiagnostics.duplicateListIDs,
      "list '\(name)' repeats \(count) id\(count == 1 ? "" : "s") (each counts once)")
  }
}

/// A `list <name> from "<path>"` declaration whose file read: the ids it holds.
package struct IdListDefinition: Sendable {
  package let name: String
  /// The file's path inside the rules folder (`lists/vip_ids.txt`).
  package let path: String
  /// The path as written in the declaration.
  package let reference: String
  /// The ids, as 64-bit hashes.
  package let list: IdList
  /// The id lines the file holds, repeats included.
  package let lines: Int
  /// Where the list's name is declared.
  package let span: SourceSpan
}

extension Checker {
  /// Declares every `list` of `files` and reads its file from `configFiles`: a second list of a name, a path
  /// outside the rules folder, a missing file and a line that is not UTF-8 are errors, an empty list and repeated
  /// ids are warnings, all reported at the declaration.
  mutating func checkIdLists(_ files: [RuleFileSyntax], configFiles: ConfigFiles) {
    for (fileIndex, syntax) in files.enumerated() {
      file = syntax.file
      let rulePath = fileIndex < configFiles.rulePaths.count ? configFiles.rulePaths[fileIndex] : syntax.file.name
      for case .idList(let decl) in syntax.declarations where !decl.name.isMissing {
        guard checkName(decl.name, kind: .list) else { continue }
        if let previous = idListDecls.first(where: { $0.decl.name.text == decl.name.text }) {
          reportDuplicate(decl.name, kind: .list, previous: previous.decl.name.range, previousFile: previous.file)
          continue
        }
        idListDecls.append((decl, file))
        idLists[decl.name.text] = readIdList(decl, rulePath: rulePath, configFiles: configFiles)
      }
    }
  }

  /// The list `decl` declares, or nil when its file is missing or unreadable (reported).
  mutating func readIdList(_ decl: IdListDecl, rulePath: String, configFiles: ConfigFiles) -> IdListDefinition? {
    guard let path = decl.path else { return nil }
    let (resolved, bytes): (String, [UInt8])
    do throws(ConfigFiles.Problem) {
      (resolved, bytes) = try configFiles.lookup(path.text, from: rulePath)
    } catch {
      report(error == .invalidPath ? .invalidListPath(path.text) : .listFileNotFound(path.text), path.range)
      return nil
    }
    let read = IdListFile(bytes)
    guard let list = read.list else {
      report(.invalidListFile(path.text, line: read.invalidLine ?? 0), path.range)
      return nil
    }
    if list.count == 0 {
      report(.emptyList(decl.name.text, path: path.text), path.range)
    } else if read.duplicates > 0 {
      report(.duplicateListIDs(decl.name.text, count: read.duplicates), path.range)
    }
    return IdListDefinition(
      name: decl.name.text, path: resolved, reference: path.text, list: list, lines: read.lines,
      span: span(decl.name.range))
  }

  /// `<attribute> in list <name>` / `not in list <name>`: a string attribute tested against a declared list; the
  /// negation is `.not` of the membership test, as `not in [...]` is.
  mutating func checkIdListPredicate(_ syntax: PredicateSyntax, attribute: AttributeDefinition) -> Condition {
    guard case .word(let name, let range)? = syntax.operands.first else { return .constant(false) }
    guard let declared = idLists[name] else {
      let suggested = suggestions(for: Name(text: name, range: range)) { $0.idListDecls.map(\.decl.name.text) }
      report(.unknownList(name), range, notes: suggested.notes, fixIts: suggested.fixIts)
      return .constant(false)
    }
    guard syntax.subject.function == nil, case .string = attribute.type else {
      report(
        .unsupportedOperator(syntax.op.spelling, attribute.type.kindName, attribute.name), syntax.opRange,
        notes: [.operators(of: attribute.type)])
      return .constant(false)
    }
    if syntax.ignoringCase {
      report(
        .ignoringCaseNotApplicable(syntax.op.spelling, attribute.type.kindName, attribute.name), syntax.opRange,
        notes: [.ignoringCaseApplies])
    }
    guard let definition = declared else { return .constant(false) }
    let negated = syntax.op == .notInIdList
    let predicate = Condition.predicate(
      Predicate(
        slot: attribute.slot, attribute: attribute.name, test: .idList(name: name, definition.list),
        text: file.text(of: syntax.range), span: span(syntax.range), isWrittenNegated: negated))
    return negated ? .not(predicate) : predicate
  }
}

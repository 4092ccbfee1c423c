import Foundation
import PlacementCLI
import PlacementKit
import Testing

@testable import PlacementLSP

@Suite struct LSPNavigationTests {
  static let attributes = Marked(
    """
    attribute «experience»: choice(beginner "Just starting", «pro» "Professional") from quiz "experience"
    attribute reminders: bool from toggle "reminders"

    """)
  static let segments = Marked(
    """
    segment «pros» = «experience» == «pro»
    segment pros_on_new_app = «pros» and app_version «>=» 2.3

    placement onboarding_end: flow {
      «pros»            -> flow pro_onboarding
      pros_on_new_app -> flow new_app
      default         -> flow generic_onboarding
    }

    """)

  struct Workspace {
    let root: String
    let client: LSPTestClient
    var attributesURI: String { DocumentURI.uri(root + "/Rules/attributes.rules") }
    var segmentsURI: String { DocumentURI.uri(root + "/Rules/onboarding.rules") }
  }

  func workspace() throws -> Workspace {
    let root = try temporaryRules(["attributes.rules": Self.attributes.text, "onboarding.rules": Self.segments.text])
    return Workspace(root: root, client: LSPTestClient(root: root))
  }

  func at(_ uri: String, _ position: LSPPosition) -> JSONValue { LSPTestClient.position(uri, position) }

  @Test func definitionOfAReferenceIsItsDeclarationInAnotherFile() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let result = w.client.result("textDocument/definition", at(w.segmentsURI, Self.segments.starts[1]))
    #expect(result == [["uri": .string(w.attributesURI), "range": Self.attributes.ranges[0]]])
    let option = w.client.result("textDocument/definition", at(w.segmentsURI, Self.segments.starts[2]))
    #expect(option == [["uri": .string(w.attributesURI), "range": Self.attributes.ranges[1]]])
    // A built-in attribute has no declaration.
    let builtin = w.client.result("textDocument/definition", at(w.segmentsURI, LSPPosition(line: 1, character: 40)))
    #expect(builtin == [])
  }

  @Test func referencesListEveryUseWithOrWithoutTheDeclaration() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    var params = at(w.segmentsURI, Self.segments.starts[3])
    guard case .object(var members) = params else { return }
    members["context"] = ["includeDeclaration": false]
    params = .object(members)
    let uses = w.client.result("textDocument/references", params)
    #expect(uses.arrayValue?.map { $0["range"] } == [Self.segments.ranges[3], Self.segments.ranges[5]])
    let all = w.client.result("textDocument/references", at(w.segmentsURI, Self.segments.starts[0]))
    #expect(all.arrayValue?.count == 3)
  }

  @Test func renameChangesEveryOccurrenceAcrossFiles() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let prepared = w.client.result("textDocument/prepareRename", at(w.segmentsURI, Self.segments.starts[1]))
    #expect(prepared == ["range": Self.segments.ranges[1], "placeholder": "experience"])
    var params = at(w.segmentsURI, Self.segments.starts[1])
    if case .object(var members) = params {
      members["newName"] = "level"
      params = .object(members)
    }
    let edit = w.client.result("textDocument/rename", params)
    #expect(edit[path: "changes"]?[w.attributesURI] == [["range": Self.attributes.ranges[0], "newText": "level"]])
    #expect(edit[path: "changes"]?[w.segmentsURI] == [["range": Self.segments.ranges[1], "newText": "level"]])
  }

  @Test func aQuotedOptionIdIsAReferenceToo() throws {
    let client = LSPTestClient(root: nil)
    let text = Marked("attribute level: choice(«pro», amateur)\nsegment a = level in [«\"pro\"», amateur]\n")
    client.open("untitled:quoted", text.text)
    let references = client.result("textDocument/references", at("untitled:quoted", text.starts[1]))
    #expect(references.arrayValue?.map { $0["range"] } == text.ranges)
  }

  @Test func renameRefusesKeywordsBadNamesAndBuiltins() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    for newName in ["segment", "2fast", "a-b", "", "a b\n} placement", "default"] {
      let response = rename(w.client, w.segmentsURI, Self.segments.starts[0], to: newName)
      #expect(response[path: "error.code"] == -32803, "\(newName)")
    }
    let builtin = w.client.request("textDocument/prepareRename", at(w.segmentsURI, LSPPosition(line: 1, character: 40)))
    #expect(builtin[path: "error.message"] == "a built-in attribute cannot be renamed")
  }

  func rename(_ client: LSPTestClient, _ uri: String, _ position: LSPPosition, to newName: String) -> JSONValue {
    var params = at(uri, position)
    if case .object(var members) = params {
      members["newName"] = .string(newName)
      params = .object(members)
    }
    return client.request("textDocument/rename", params)
  }

  /// The reserved words are the parser's (`Spelling.isReserved`): the language server kept a copy of the list
  /// that lacked `override`.
  @Test func renameRefusesAReservedWordAndANonName() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let pros = Self.segments.starts[0]
    for word in ["override", "and", "default"] {
      #expect(
        rename(w.client, w.segmentsURI, pros, to: word)[path: "error.message"]
          == .string("'\(word)' is a reserved word"))
    }
    let notAName = rename(w.client, w.segmentsURI, pros, to: "2fast")
    #expect(
      notAName[path: "error.message"] == "'2fast' is not a name: use letters, digits and '_', not starting with a digit"
    )
  }

  @Test func renameRefusesANameThatIsAlreadyDeclared() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let pros = Self.segments.starts[0]
    let clashes = [
      // Same kind, in the same file.
      ("pros_on_new_app", "'pros_on_new_app' is already declared (segment at onboarding.rules:2)"),
      // A segment and an attribute cannot share a name (a bare name in a condition must mean one thing).
      ("reminders", "'reminders' is already declared (attribute at attributes.rules:2)"),
      ("country", "'country' is already declared (a built-in attribute)"),
    ]
    for (newName, message) in clashes {
      let response = rename(w.client, w.segmentsURI, pros, to: newName)
      #expect(response[path: "error.code"] == -32803, "\(newName)")
      #expect(response[path: "error.message"] == .string(message), "\(newName)")
    }
    // An attribute renamed to a segment's name, and an option id to a sibling option's id.
    let attribute = rename(w.client, w.attributesURI, Self.attributes.starts[0], to: "pros")
    #expect(attribute[path: "error.message"] == "'pros' is already declared (segment at onboarding.rules:1)")
    let option = rename(w.client, w.attributesURI, Self.attributes.starts[1], to: "beginner")
    #expect(option[path: "error.message"] == "'beginner' is already declared (option at attributes.rules:1)")
    // A placement may share a segment's name (placements are their own namespace), and keeping the name is fine.
    let placement = rename(w.client, w.segmentsURI, LSPPosition(line: 3, character: 12), to: "pros")
    #expect(placement[path: "result.changes"] != nil)
    #expect(rename(w.client, w.segmentsURI, pros, to: "pros")[path: "result.changes"] != nil)
    // Nothing to rename between names: prepareRename answers null.
    let blank = w.client.request("textDocument/prepareRename", at(w.segmentsURI, LSPPosition(line: 2, character: 0)))
    #expect(blank["result"] == .null)
    #expect(blank["error"] == nil)
  }

  @Test func hoverShowsAnAttributesTypeSourceAndOptionTitles() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let hover = w.client.result("textDocument/hover", at(w.segmentsURI, Self.segments.starts[1]))
    let text = try #require(hover[path: "contents.value"]?.stringValue)
    #expect(text.contains("attribute experience: choice"))
    #expect(text.contains("quiz element `experience`"))
    #expect(text.contains("| `beginner` | Just starting |\n| `pro` | Professional |"))
    #expect(hover["range"] == Self.segments.ranges[1])
  }

  @Test func hoverShowsASegmentsConditionAndWhereItIsUsed() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let text = w.client.result("textDocument/hover", at(w.segmentsURI, Self.segments.starts[0]))[path: "contents.value"]
    #expect(
      text
        == .string(
          """
          ```placement
          segment pros = experience == pro
          ```

          Used by:
          - segment `pros_on_new_app` (onboarding.rules:2)
          - placement `onboarding_end`, row 1 as written (onboarding.rules:5)

          """))
  }

  @Test func hoverOnAPlacementIsTheAudienceTableAsTheCLIPrintsIt() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let text = w.client.result("textDocument/hover", at(w.segmentsURI, LSPPosition(line: 3, character: 12)))[
      path: "contents.value"]
    let cli = placement(["audiences", "onboarding_end", "--rules", w.root + "/Rules"])
    #expect(cli.status == 0)
    #expect(text == .string("```text\n" + cli.out + "```\n"))
  }

  @Test func hoverOnAnOperatorGivesItsMissingValueSemantics() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let hover = w.client.result("textDocument/hover", at(w.segmentsURI, Self.segments.starts[4]))
    #expect(hover["range"] == Self.segments.ranges[4])
    let text = try #require(hover[path: "contents.value"]?.stringValue)
    #expect(text.hasPrefix("**`>=`**: ordered comparison"))
    #expect(text.contains("On a missing value (absent, `null` or unreadable): false."))
    let builtin = w.client.result("textDocument/hover", at(w.segmentsURI, LSPPosition(line: 1, character: 40)))
    #expect(builtin[path: "contents.value"]?.stringValue?.contains("Built-in attribute") == true)
    // `and` at characters 31-34 of line 1: a keyword's documentation, with the keyword's range.
    let keyword = w.client.result("textDocument/hover", at(w.segmentsURI, LSPPosition(line: 1, character: 32)))
    #expect(keyword[path: "contents.value"]?.stringValue?.hasPrefix("**`and`**: both conditions hold") == true)
    #expect(keyword[path: "range.start"] == LSPPosition(line: 1, character: 31).json)
    // Inside a comment nothing is documented.
    w.client.open("untitled:comment", "# a and b\n")
    #expect(w.client.result("textDocument/hover", at("untitled:comment", LSPPosition(line: 0, character: 5))) == .null)
  }

  @Test func documentAndWorkspaceSymbols() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let symbols = w.client.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(w.attributesURI)]])
    #expect(symbols.arrayValue?.map { $0["name"] } == ["experience", "reminders"])
    #expect(symbols.arrayValue?.first?["children"]?.arrayValue?.map { $0["name"] } == ["beginner", "pro"])
    #expect(symbols.arrayValue?.first?["selectionRange"] == Self.attributes.ranges[0])
    let found = w.client.result("workspace/symbol", ["query": "ponap"])
    #expect(found.arrayValue?.map { $0["name"] } == ["pros_on_new_app"])
  }
}

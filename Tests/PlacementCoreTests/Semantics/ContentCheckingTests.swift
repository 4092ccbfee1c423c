import TestSupport
import Testing

@testable import PlacementCore

/// Content declarations with remote configs: parsing, the content catalog of the model, and the compile errors of
/// locales, JSON and schemas, positions proved by markers.
@Suite struct ContentCheckingTests {
  static func rules(_ contents: String) -> String {
    """
    placement main: paywall {
      default -> paywall pro
    }
    \(contents)
    """
  }

  @Test func theRuleSetCarriesEachContentWithItsLocalesAndEncodedJSON() throws {
    let compilation = compile(
      Self.rules(
        """
        content paywall pro {
          config default "en" { "title": "Go pro", "trial_days": 7, "features": ["sync", "stats"] }
          config "de" { "title": "Werde Profi", "trial_days": 7, "features": ["sync", "stats"] }
        }
        """))
    #expect(compilation.diagnostics.isEmpty)
    let rules = try #require(compilation.ruleSet)
    let content = try #require(rules.content(id: "pro"))
    #expect(content.type == .paywall)
    #expect(content.defaultLocale == "en")
    #expect(content.configs.map(\.locale) == ["en", "de"])
    #expect(content.configs[1].value["title"] == .string("Werde Profi"))
    #expect(
      String(decoding: content.configs[0].encoded, as: UTF8.self)
        == #"{"features":["sync","stats"],"title":"Go pro","trial_days":7}"#)
    #expect(content.configs[0].path == nil)
    #expect(rules.content(id: "standard") == nil)
  }

  @Test func aSchemaFillsDefaultsIntoConfigsThatLackThem() throws {
    let compilation = compile(
      Self.rules(
        """
        config schema paywall {
          title: string
          trial_days: number = 7
          "badge text": string = "new"
        }
        content paywall pro {
          config default "en" { "title": "Go pro", "trial_days": 14 }
        }
        """))
    #expect(compilation.diagnostics.isEmpty)
    let config = try #require(compilation.ruleSet?.content(id: "pro")?.configs.first)
    #expect(config.value["trial_days"] == .number(14))
    #expect(config.value["badge text"] == .string("new"))
  }

  @Test func configFilesAreFoundRelativeToTheRulesFile() throws {
    let sources = [
      RuleSource(
        name: "Rules/sub/p.rules",
        bytes: Array(Self.rules(#"content paywall pro { config default "en" from "configs/pro.json" }"#).utf8),
        path: "sub/p.rules"),
      RuleSource(
        name: "Rules/sub/configs/pro.json", bytes: Array(#"{"title": "Go pro"}"#.utf8), path: "sub/configs/pro.json",
        kind: .config),
    ]
    let compilation = Compilation.compile(sources)
    #expect(compilation.diagnostics.isEmpty)
    let config = try #require(compilation.ruleSet?.content(id: "pro")?.configs.first)
    #expect(config.path == "sub/configs/pro.json")
    #expect(config.value["title"] == .string("Go pro"))
  }

  @Test func aConfigFileWithBadJSONIsReportedAtItsPlaceInThatFile() {
    let sources = [
      RuleSource(name: "p.rules", text: Self.rules(#"content paywall pro { config default "en" from "pro.json" }"#)),
      RuleSource(name: "pro.json", bytes: Array("{\n  \"title\": nope\n}".utf8), path: "pro.json", kind: .config),
    ]
    let diagnostics = Compilation.compile(sources).diagnostics
    #expect(diagnostics.map(\.code) == [ContentDiagnostics.invalidConfigJSON])
    #expect(diagnostics.first?.span?.file.name == "pro.json")
    #expect(diagnostics.first.flatMap { $0.span.map { "\($0.file.location(of: $0.range.start))" } } == "2:12")
  }

  @Test func configPathsResolveInsideTheRulesFolderOnly() {
    #expect(ConfigFiles.resolve("configs/a.json", from: "paywall.rules") == "configs/a.json")
    #expect(ConfigFiles.resolve("./a.json", from: "sub/p.rules") == "sub/a.json")
    #expect(ConfigFiles.resolve("../a.json", from: "sub/p.rules") == nil)
    #expect(ConfigFiles.resolve("/etc/passwd", from: "p.rules") == nil)
  }

  @Test func undeclaredContentsCompileWithoutConfigs() throws {
    let rules = try #require(compile(Self.rules("")).ruleSet)
    #expect(rules.contents.isEmpty)
  }

  @Test func aLocaleNotInNormalizedFormGetsAFixIt() {
    let found = expectDiagnostics(
      Self.rules(
        """
        content paywall pro {
          config default "en" { "title": "Go pro" }
          config 1️⃣"pt_BR" { "title": "Seja pro" }
          config 2️⃣"pt-BR!" { "title": "Seja pro" }
        }
        """), ContentDiagnostics.invalidLocale)
    #expect(found.first?.fixIts.map(\.replacement) == [#""pt-br""#])
    #expect(found.last?.fixIts.isEmpty == true)
  }

  @Test func jsonErrorsPointIntoTheRulesFile() {
    expectDiagnostics(
      Self.rules(
        """
        content paywall pro {
          config default "en" { "title": "Go pro", 1️⃣}
          config "de" 2️⃣[1]
        }
        """), [ContentDiagnostics.invalidConfigJSON, ContentDiagnostics.configNotObject])
  }

  @Test func keyParityWarnsPerMissingAndExtraKey() {
    let found = expectDiagnostics(
      Self.rules(
        """
        content paywall pro {
          config default "en" { "title": "Go pro", "trial_days": 7 }
          config 1️⃣2️⃣"de" { "title": "Werde Profi", "badge": "Neu" }
        }
        """), [ContentDiagnostics.configKeyMissing, ContentDiagnostics.configKeyExtra])
    #expect(found.map(\.severity) == [.warning, .warning])
    #expect(found.map(\.message).contains { $0.contains("'trial_days'") && $0.contains("'de'") })
    #expect(found.map(\.message).contains { $0.contains("'badge'") })
  }

  @Test func schemaChecksRequiredKeysTypesAndUnknownKeys() {
    let found = expectDiagnostics(
      Self.rules(
        """
        config schema paywall {
          title: string
          trial_days: number = 7
          features: list
        }
        content paywall pro {
          config default "en" 1️⃣2️⃣{ "title": 5, "features": [], "extra": true }
          config "de" 3️⃣{ "title": "Werde Profi" }
        }
        """),
      [ContentDiagnostics.schemaTypeMismatch, ContentDiagnostics.schemaKeyUnknown, ContentDiagnostics.schemaKeyMissing])
    #expect(
      Set(found.map(\.code)) == [
        ContentDiagnostics.schemaTypeMismatch, ContentDiagnostics.schemaKeyUnknown, ContentDiagnostics.schemaKeyMissing,
      ])
    #expect(found.map(\.message).contains("key 'title' must be a string, found number"))
    #expect(found.map(\.message).contains("config 'de' lacks key 'features', which the schema requires"))
  }

  @Test func defaultsAndDuplicatesOfLocalesAndContents() {
    expectDiagnostics(
      Self.rules(
        """
        content paywall 1️⃣pro {
          config "en" { "title": "Go pro" }
        }
        content paywall other {
          config default "en" { "title": "Go pro" }
          config 2️⃣default "de" { "title": "Werde Profi" }
          config 3️⃣"en" { "title": "Go pro" }
        }
        content flow 4️⃣other {
          config default "en" {}
        }
        """),
      [
        ContentDiagnostics.noDefaultLocale, ContentDiagnostics.duplicateDefaultLocale,
        ContentDiagnostics.duplicateLocale, ContentDiagnostics.duplicateContent,
      ])
  }

  @Test func aRowShowingAContentAsTheOtherTypeIsAnError() {
    expectDiagnostics(
      """
      placement home: flow {
        default -> flow onboarding with paywall 1️⃣onboarding
      }
      content flow onboarding {
        config default "en" { "steps": 3 }
      }
      """, ContentDiagnostics.contentTypeConflict)
  }

  @Test func theParserTakesBalancedJSONAndKeepsCommentsOutsideIt() {
    let text = Self.rules(
      """
      # before
      content paywall pro {
        config default "en" { "a": "# not a comment", "b": "}", "c": [{"d": "\\u00e9"}] }  # after
        config "de" from "pro.de.json"
      }
      """)
    let (tree, diagnostics) = Parser.parse(SourceFile(name: "t.rules", text: text))
    #expect(diagnostics.isEmpty)
    #expect(tree.comments.map(\.text) == ["# before", "# after"])
    guard case .content(let decl) = tree.declarations.last else {
      Issue.record("no content declaration")
      return
    }
    #expect(decl.configs.count == 2)
    #expect(decl.configs[0].defaultKeyword != nil)
    guard case .inline(let range) = decl.configs[0].body, case .file(let path) = decl.configs[1].body else {
      Issue.record("wrong bodies")
      return
    }
    #expect(tree.file.text(of: range).hasSuffix(#"[{"d": "\u00e9"}] }"#))
    #expect(path.text == "pro.de.json")
  }

  @Test func aStrayValueAfterAConfigOrSchemaKeyCostsOnlyItsLine() {
    let text = Self.rules(
      """
      config schema paywall {
        title: string = "x" { "y": [1] }
      }
      content paywall pro {
        config default "en" { "title": "Go pro" } { "b": 2 }
        config "de" { "title": "Werde Profi" } config "fr" { "title": "x" }
      }
      segment s = country == "US"
      """)
    let (tree, diagnostics) = Parser.parse(SourceFile(name: "t.rules", text: text))
    #expect(diagnostics.map(\.code.id) == ["expected-token", "expected-token", "expected-token"])
    #expect(
      diagnostics.map(\.message) == [
        "expected the end of the key, or '= <json>' with its default, found '{'",
        "expected the end of the config, found '{'",
        "expected the end of the config, found 'config'",
      ])
    guard case .content(let decl) = tree.declarations.dropLast().last else {
      Issue.record("no content declaration")
      return
    }
    #expect(decl.configs.map(\.locale.text) == ["en", "de"])
    guard case .segment = tree.declarations.last else {
      Issue.record("the segment after the content is lost")
      return
    }
  }

  @Test func aBrokenLineWithBracesInsideABlockDoesNotCloseTheBlock() {
    let text = Self.rules(
      """
      config schema paywall {
        { }
        title: string
      }
      content paywall pro {
        config
        default "en" {}
        config "de"
        {"a": 1}
        config default "en" { "title": "Go pro" }
      }
      segment s = country == "US"
      """)
    let (tree, diagnostics) = Parser.parse(SourceFile(name: "t.rules", text: text))
    #expect(!diagnostics.map(\.code.id).contains("expected-declaration"))
    let declarations = Array(tree.declarations.suffix(3))
    guard declarations.count == 3, case .configSchema(let schema) = declarations[0],
      case .content(let content) = declarations[1], case .segment = declarations[2]
    else {
      Issue.record("the blocks closed early: \(diagnostics.map(\.message))")
      return
    }
    #expect(schema.fields.map(\.key.text) == ["title"])
    #expect(content.configs.map(\.locale.text).last == "en")
  }

  @Test func everyPrefixOfAContentFileParsesWithoutCrashing() {
    let text = Self.rules(
      """
      config schema paywall {
        title: string = "x"
      }
      content paywall pro {
        config default "en" { "title": "Go pro", "list": [1, 2] }
      }
      """)
    let bytes = Array(text.utf8)
    for end in 0...bytes.count {
      _ = Compilation.compile([RuleSource(name: "p.rules", bytes: Array(bytes[..<end]))])
    }
  }
}

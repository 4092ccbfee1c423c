import Foundation
import Testing

@testable import PlacementCLI
@testable import PlacementKit

/// `placement export fallback`: the offline file of each placement's default content and config.
@Suite struct ExportCommandTests {
  @Test func shippedRulesMatchTheGoldenFile() {
    let run = placement(["export", "fallback", "--rules", repo("Rules")])
    #expect(run.status == 0, "\(run.err)")
    expectGolden(run.out, "export-fallback.json")
    #expect((try? JSONSerialization.jsonObject(with: Data(run.out.utf8))) != nil)
  }

  static let rules = """
    placement home: paywall {
      default -> paywall pro
    }

    placement welcome: flow {
      default -> test intro { a: flow short 30%, b: flow long with paywall pro 40%, c: holdout 30% }
    }

    placement quiet: paywall {
      default -> test q { h1: holdout 50%, h2: holdout 50% }
    }

    content paywall pro {
      config "de" { "title": "Los", "days": 7 }
      config default "en" { "days": 7, "title": "Go" }
    }
    """

  @Test func defaultRowsContentWithTheDefaultLocaleAndATestsHeaviestVariation() throws {
    let ruleSet = try RuleSet.compile(text: Self.rules).get()
    let fallback = ruleSet.fallback()
    #expect(fallback.placements.map(\.name) == ["home", "welcome", "quiet"])
    #expect(fallback.placements[0].locale == "en")
    #expect(fallback.placements[0].config == .object(["days": .number(7), "title": .string("Go")]))
    #expect(fallback.placements[1].contentID == "long")
    #expect(fallback.placements[1].paywallID == "pro")
    #expect(fallback.placements[1].variation == "b")
    #expect(fallback.placements[1].config == nil)
    #expect(fallback.placements[2].contentID == nil)
    #expect(
      String(decoding: fallback.jsonBytes(), as: UTF8.self) == """
        {"format":"placement-fallback","format_version":1,"rules_version":"\(ruleSet.version)","placements":{
        "home":{"content_type":"paywall","content":{"type":"paywall","id":"pro"},"locale":"en","config":{"days":7,"title":"Go"}},
        "welcome":{"content_type":"flow","content":{"type":"flow","id":"long","paywall":"pro"},"locale":null,"config":null,"test":{"name":"intro","variation":"b"}},
        "quiet":{"content_type":"paywall","content":null,"locale":null,"config":null}
        }}

        """)
  }

  @Test func equalWeightsTakeTheFirstInDrawOrder() throws {
    let rules = """
      placement p: paywall {
        default -> test t { zed: paywall z 50%, alpha: paywall a 50% }
      }
      """
    let fallback = try RuleSet.compile(text: rules).get().fallback()
    #expect(fallback.placements[0].variation == "alpha")
    #expect(fallback.placements[0].contentID == "a")
  }

  @Test func outputFileDashAndAFailedWrite() throws {
    let scratch = ScratchFolder()
    let rules = scratch.file("r.rules", Self.rules)
    let file = scratch.path + "/fallback.json"
    let written = placement(["export", "fallback", "--rules", rules, "-o", file])
    #expect(written.status == 0, "\(written.err)")
    #expect(written.out.isEmpty)
    let stdout = placement(["export", "fallback", "--rules", rules, "-o", "-"])
    #expect(try String(contentsOfFile: file, encoding: .utf8) == stdout.out)
    let failed = placement(["export", "fallback", "--rules", rules, "-o", scratch.path + "/missing/fallback.json"])
    #expect(failed.status == 74)
    #expect(
      failed.err.hasPrefix("error: cannot write '\(scratch.path)/missing/fallback.json': No such file or directory\n"))
    let unknown = placement(["export", "fallbak", "--rules", rules])
    #expect(unknown.status == 64)
    #expect(unknown.err.contains("unknown export 'fallbak'; did you mean 'fallback'?"))
    #expect(placement(["export", "--rules", rules]).status == 64)
  }

  /// A FIFO (like `/dev/null` or a process substitution) is written through: renaming a temporary file over it
  /// would replace the node with a regular file.
  @Test func aFIFOIsWrittenThroughNotReplaced() throws {
    let scratch = ScratchFolder()
    let rules = scratch.file("r.rules", Self.rules)
    let fifo = scratch.path + "/out.fifo"
    try #require(mkfifo(fifo, 0o600) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let run = placement(["export", "fallback", "--rules", rules, "-o", fifo])
    #expect(run.status == 0, "\(run.err)")
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = read(reader, &buffer, buffer.count)
    #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).hasPrefix(#"{"format":"placement-fallback""#))
    var info = stat()
    #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }
}

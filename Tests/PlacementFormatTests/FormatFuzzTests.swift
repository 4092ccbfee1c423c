import Foundation
import TestSupport
import Testing

@testable import PlacementCore
@testable import PlacementKit

/// Mutates the golden inputs token by token (drop, repeat, move to a new line, add blank lines or comments) and checks every
/// mutant that parses cleanly: the formatter accepts it (its safety check passes) and a second pass changes
/// nothing. Deterministic: a fixed seed per fixture.
@Suite struct FormatFuzzTests {
  static let iterations = Int(ProcessInfo.processInfo.environment["PLACEMENT_FUZZ_ITERATIONS"] ?? "") ?? 150

  @Test(arguments: FormatGolden.names())
  func mutantsThatParseFormatIdempotently(name: String) throws {
    let input = try FormatGolden.read("\(name).input.rules")
    let file = SourceFile(name: name, text: input)
    let tokens = Lexer.tokenize(file).tokens.dropLast()
    var generator = SplitMix64(state: UInt64(name.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
    var checked = 0
    for _ in 0..<Self.iterations {
      var bytes = file.bytes
      let token = tokens[Int(generator.next() % UInt64(tokens.count))]
      let range = token.range.start..<token.range.end
      switch generator.next() % 6 {
      case 0: bytes.removeSubrange(range)
      case 1: bytes.insert(contentsOf: Array(bytes[range]) + [UInt8(ascii: " ")], at: token.range.start)
      case 2: bytes.insert(UInt8(ascii: "\n"), at: token.range.start)
      case 3: bytes.insert(contentsOf: Array("\n\n".utf8), at: token.range.start)
      case 4: bytes.insert(contentsOf: Array("\n# own line\n".utf8), at: token.range.start)
      default: bytes.insert(contentsOf: Array(" # fuzz\n".utf8), at: token.range.end)
      }
      let mutant = SourceFile(name: name, text: String(decoding: bytes, as: UTF8.self))
      guard Parser.parse(mutant).1.isEmpty else { continue }
      checked += 1
      do {
        let once = try RuleFormatter.format(mutant)
        let twice = try RuleFormatter.format(SourceFile(name: name, text: once))
        #expect(once == twice, "not idempotent for mutant:\n\(mutant.text)")
      } catch {
        Issue.record("\(error) for mutant:\n\(mutant.text)")
      }
    }
    #expect(checked > Self.iterations / 5, "too few mutants parsed cleanly to test anything")
  }
}

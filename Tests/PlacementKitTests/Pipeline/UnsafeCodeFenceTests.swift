import Foundation
import Testing

/// Unsafe code (raw pointers and the APIs that lend them, unmanaged references, manual allocation, unchecked
/// sendability) lives only in the files of ``allowed``, each there for a reason it states; the rest of the shipped
/// modules is memory-safe Swift. The hot path's contract that this code buys is guarded by `PerformanceTests`. A
/// source scan, so unsafe code added elsewhere fails here with its file and line, and a listed file that no
/// longer needs unsafe code fails until it leaves the list.
@Suite struct UnsafeCodeFenceTests {
  /// The shipped modules. The benchmark harness (`Sources/Benchmarks`, `Sources/BenchmarkWorkload`) calls the
  /// batch entry points with buffers, as the batch does, and ships in no product.
  static let modules = ["PlacementCore", "PlacementAnalysis", "PlacementKit", "PlacementCLI", "placement"]

  /// Each file (under `Sources/`) allowed unsafe code, and why.
  static let allowed: [String: String] = [
    // The binder: a profile line read in place into raw slot storage, allocated once and reused line after line.
    "PlacementCore/Runtime/ByteKeyTable.swift":
      "the byte-key table: member names compared as machine words, in storage it allocates and frees",
    "PlacementCore/Runtime/ProfileBinder.swift":
      "the fast binder: reads a line in place into a profile's raw slot storage, reused line after line",
    "PlacementCore/Runtime/ProfileBinder+Reading.swift":
      "the fast binder's members: keys and plain strings as slices of the line, the learnt member order in place",
    "PlacementCore/Runtime/ProfileBinder+Values.swift":
      "the fast binder's values: each slot's literal texts in storage shared by every line",
    "PlacementCore/Runtime/RuleSet+Binding.swift":
      "the binding entry points: the batch's takes the line's bytes in place",
    "PlacementCore/Values/Instant+ISO8601.swift": "the ISO 8601 scanner: reads a date in place in the line's bytes",
    // The run: no reference counting and no bounds-check closures per instruction.
    "PlacementCore/Runtime/ProgramEvaluator.swift":
      "the evaluator's run setup: the program's arrays and the segment memo as buffers for one run",
    "PlacementCore/Runtime/Resolver.swift":
      "a resolution's run: the rule set held unretained for the run, the segment memo's storage passed in",
    "PlacementCore/Values/MD5Hasher.swift": "MD5 for bucketing: the message blocks read as words",
    "PlacementCore/Values/Regex/RegexVM.swift": "the regex VM: its thread lists in one stack allocation per match",
    // The batch output: decision lines copied from fragments encoded once per rule set.
    "PlacementCore/Output/DecisionFragments.swift":
      "the decision fragments: every pre-encoded fragment in one allocation, lent as buffers",
    "PlacementCore/Output/DecisionEncoder.swift":
      "the batch encoder: the line's own profile_id bytes and the fragments copied as buffers",
    "PlacementCore/JSON/OutputBytes.swift": "the JSON writer's buffer: grown and appended to by hand",
    "PlacementCore/JSON/JSONWriter.swift":
      "the JSON writer: appends buffers (fragments, a line's bytes) and lends its output in place",
    "PlacementCore/JSON/JSONWriter+Encoding.swift":
      "the JSON writer's strings and integers: escaped and formatted over their bytes in place",
    // The JSON reader: documents parsed in place, without copying them.
    "PlacementCore/JSON/JSONReader.swift": "the JSON reader's entry points: a document's bytes in place",
    "PlacementCore/JSON/JSONParser.swift": "the JSON parser: the document as a buffer",
    "PlacementCore/JSON/JSONParser+String.swift":
      "the JSON parser's strings: plain runs found eight bytes at a time and copied in place",
    // The system interfaces of the edges.
    "PlacementKit/API/PthreadLocked.swift":
      "the lock: a pthread mutex needs a fixed address; the state it guards makes the class Sendable",
    "PlacementKit/API/FileReading.swift": "file reading: read(2) into a buffer",
    "PlacementCLI/Console.swift": "standard output and error: write(2) from the batch's buffers",
    "PlacementCLI/LineReader.swift": "the batch's input: lines read in place into a reused buffer",
    "PlacementCLI/BatchChunk.swift": "a chunk's lines lent as slices of its buffer",
    "PlacementCLI/BatchResolution.swift":
      "the batch loop: lines to the binder in place, the encoder unretained per chunk, chunks handed between threads",
  ]

  /// An unsafe type or API: `Unsafe…` types, `withUnsafe…` and the other APIs that lend a pointer (`withUTF8`,
  /// `withContiguousStorageIfAvailable`, `baseAddress`), `Unmanaged`, `unowned(unsafe)`, `nonisolated(unsafe)`,
  /// `@unchecked Sendable`, manual allocation, and the casts and rebindings of raw memory.
  static var unsafeCode: Regex<Substring> {
    #/
      \bUnsafe[A-Z]\w* | \b_?withUnsafe\w* | \bwithUTF8\b | \bwithContiguous(?:Mutable)?StorageIfAvailable\b
      | \bUnmanaged\b | \b(?:unowned|nonisolated)\(unsafe\) | @unchecked\s+Sendable | \.(?:de)?allocate\(
      | \bunsafe(?:BitCast|Downcast|Address|elyUnwrapped)\b
      | \b(?:assumingMemoryBound|bindMemory|withMemoryRebound|baseAddress)\b
    /#
  }

  static var sources: URL { ModuleBoundaryTests.packageRoot.appendingPathComponent("Sources") }

  /// `(line, code)` for each unsafe use in `text`, outside comments.
  static func uses(in text: String) -> [(line: Int, code: String)] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { index, line in
      codePart(of: line).matches(of: unsafeCode).map { (index + 1, String($0.output)) }
    }
  }

  /// `line` without its `//` comment (a `//` outside a string literal).
  static func codePart(of line: Substring) -> Substring {
    var quotes = 0
    var previous: Character = " "
    for index in line.indices {
      let character = line[index]
      if character == "\"" { quotes += 1 }
      if character == "/", previous == "/", quotes % 2 == 0 { return line[..<line.index(before: index)] }
      previous = character
    }
    return line
  }

  /// Every Swift file of ``modules``, as paths under `Sources/`.
  static func shippedFiles() throws -> [String] {
    try modules.flatMap { module in
      let folder = sources.appendingPathComponent(module)
      let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
      return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map {
        $0.path.replacingOccurrences(of: sources.path + "/", with: "")
      }
    }
  }

  static func text(of file: String) throws -> String {
    try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
  }

  @Test func unsafeCodeOnlyInTheListedFiles() throws {
    let files = try Self.shippedFiles()
    #expect(files.count > 300, "the scan found only \(files.count) files under \(Self.sources.path)")
    var offences: [String] = []
    for file in files.sorted() where Self.allowed[file] == nil {
      for use in Self.uses(in: try Self.text(of: file)) { offences.append("Sources/\(file):\(use.line): \(use.code)") }
    }
    #expect(
      offences == [],
      """
      unsafe code outside the files UnsafeCodeFenceTests.allowed lists: rewrite it safely, or move it into a \
      listed file (docs/Contributing.md, "Unsafe code")
      """)
  }

  @Test func everyListedFileStillNeedsUnsafeCode() throws {
    for file in Self.allowed.keys.sorted() {
      let text = try? Self.text(of: file)
      #expect(text != nil, "Sources/\(file) is listed but does not exist: take it off the list")
      guard let text else { continue }
      #expect(!Self.uses(in: text).isEmpty, "Sources/\(file) has no unsafe code left: take it off the list")
    }
  }

  /// The scan finds each unsafe form, and not a mention in a comment or a safe name that contains the word.
  @Test func theScanFindsEachUnsafeForm() {
    let sample = """
      let a: UnsafeBufferPointer<UInt8>
      bytes.withUnsafeBufferPointer { _ in }  // a withUnsafeBytes mentioned in a comment
      unmanaged._withUnsafeGuaranteedRef { _ in }
      text.withUTF8 { _ in }
      bytes.withContiguousStorageIfAvailable { _ in }
      let b = Unmanaged.passUnretained(self)
      unowned(unsafe) let c: Program
      nonisolated(unsafe) var d = 0
      final class E: @unchecked Sendable {}
      let f = UnsafeMutablePointer<Int>.allocate(capacity: 1)
      f.deallocate()
      let g = unsafeBitCast(h, to: Int.self)
      raw.assumingMemoryBound(to: UInt8.self); buffer.baseAddress!
      // UnsafePointer in a comment
      let url = "http://example.com"  // UnsafePointer after a URL
      if UntrustedText.isUnsafe(scalar) {}
      """
    let found = Self.uses(in: sample).map { "\($0.line): \($0.code)" }
    #expect(
      found == [
        "1: UnsafeBufferPointer", "2: withUnsafeBufferPointer", "3: _withUnsafeGuaranteedRef", "4: withUTF8",
        "5: withContiguousStorageIfAvailable", "6: Unmanaged", "7: unowned(unsafe)", "8: nonisolated(unsafe)",
        "9: @unchecked Sendable", "10: UnsafeMutablePointer", "10: .allocate(", "11: .deallocate(",
        "12: unsafeBitCast", "13: assumingMemoryBound", "13: baseAddress",
      ])
  }
}

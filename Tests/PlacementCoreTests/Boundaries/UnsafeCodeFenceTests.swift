import Foundation
import TestSupport
import Testing

/// Pointer-level unsafe code (raw pointers and the APIs that lend them, unmanaged references, manual allocation,
/// raw-memory casts) lives only in the files of ``parts``: ten parts of the hot path and of the system edges,
/// each named with the reason it needs pointers; the rest of the shipped modules is memory-safe Swift. The hot
/// path's contract that this code buys is guarded by `PerformanceTests`. A source scan: unsafe code added
/// elsewhere fails here with its file and line, and a listed file that no longer needs unsafe code fails until it
/// leaves the list. (`@unchecked Sendable` is a claim about threads, not pointers: the Thread Sanitizer lane of
/// `.ci/run` checks those classes.)
@Suite struct UnsafeCodeFenceTests {
  /// The shipped modules. The benchmark harness (`Sources/Benchmarks`, `Sources/BenchmarkWorkload`) calls the
  /// batch entry points with buffers, as the batch does, and ships in no product.
  static let modules = [
    "PlacementCore", "PlacementAnalysis", "PlacementFormat", "PlacementKit", "PlacementLSP", "PlacementServer",
    "PlacementCLI", "placement",
  ]

  /// Each part allowed unsafe code: why, and its files under `Sources/`.
  static let parts: [(part: String, reason: String, files: [String])] = [
    (
      "the byte-key table and the fast binder",
      "a profile line read in place into raw slot storage allocated once and reused line after line; member "
        + "names compared as machine words",
      [
        "PlacementCore/Runtime/ByteKeyTable.swift", "PlacementCore/Runtime/ProfileBinder.swift",
        "PlacementCore/Runtime/ProfileBinder+Events.swift",
        "PlacementCore/Runtime/ProfileBinder+Reading.swift", "PlacementCore/Runtime/ProfileBinder+Values.swift",
        "PlacementCore/Runtime/ProfileBinder+Warnings.swift", "PlacementCore/Values/Instant+ISO8601.swift",
      ]
    ),
    (
      "the JSON reader", "a document parsed in place, plain string runs found eight bytes at a time",
      [
        "PlacementCore/JSON/JSONReader.swift", "PlacementCore/JSON/JSONParser+String.swift",
        "PlacementCore/JSON/JSONParser+Findings.swift",
      ]
    ),
    (
      "the JSON writer", "one growable byte buffer appended to by hand, strings escaped over their bytes in place",
      [
        "PlacementCore/JSON/OutputBytes.swift", "PlacementCore/JSON/JSONWriter.swift",
        "PlacementCore/JSON/JSONWriter+Encoding.swift",
      ]
    ),
    (
      "the decision fragments writer",
      "every pre-encoded fragment in one allocation, copied as buffers with the line's own profile_id bytes",
      [
        "PlacementCore/Output/DecisionFragments.swift", "PlacementCore/Output/DecisionEncoder.swift",
      ]
    ),
    (
      "the evaluator's run setup",
      "the program's arrays and the segment memo as buffers for one run, the rule set held unretained",
      ["PlacementCore/Runtime/ProgramEvaluator.swift"]
    ),
    (
      "id lists", "a list's sorted hashes searched in place; a list file's lines hashed without copying",
      ["PlacementCore/Runtime/IdList.swift"]
    ),
    (
      "the bucketing hash and the regex VM", "MD5's blocks read as words; a match's thread lists on the stack",
      ["PlacementCore/Values/MD5Hasher.swift", "PlacementCore/Values/Regex/RegexVM.swift"]
    ),
    (
      "the batch's input and output",
      "lines read in place into a reused buffer, lent to the binder as slices, written with write(2)",
      [
        "PlacementCLI/Shared/LineReader.swift", "PlacementCLI/Shared/Console.swift",
        "PlacementCLI/Commands/Resolve/BatchResolution.swift", "PlacementCLI/Commands/Resolve/DecisionTextWriter.swift",
        "PlacementCLI/Commands/Resolve/BatchKey.swift", "PlacementCLI/Commands/Resolve/BatchRecords.swift",
        "PlacementCLI/Commands/Resolve/ScratchBytes.swift",
      ]
    ),
    (
      "the library's system calls", "read(2) into a buffer; a pthread mutex at a fixed address",
      ["PlacementKit/API/FileReading.swift", "PlacementKit/API/PthreadLocked.swift"]
    ),
    (
      "the decision service's sockets and requests",
      "socket addresses rebound for bind, accept and getsockname; recv, send and write over buffers; request "
        + "heads and batch lines parsed in place in the connection's input",
      [
        "PlacementServer/Server/Listener.swift", "PlacementServer/Server/EventLoop.swift",
        "PlacementServer/Native/BatchStream.swift", "PlacementServer/HTTP/HTTPHeadParser.swift",
      ]
    ),
  ]

  /// Every file of ``parts``.
  static var allowed: Set<String> { Set(parts.flatMap(\.files)) }

  /// An unsafe type or API: `Unsafe…` types, `withUnsafe…` and the other APIs that lend a pointer (`withUTF8`,
  /// `withContiguousStorageIfAvailable`, `baseAddress`), `Unmanaged`, `unowned(unsafe)`, manual allocation, and
  /// the casts and rebindings of raw memory. Word boundaries are the simple ones (`\w` against `\W`): by the
  /// default Unicode rules, `bytes.withUnsafeBytes` is one word.
  static var unsafeCode: Regex<Substring> {
    #/
      \bUnsafe[A-Z]\w* | \b_?withUnsafe\w* | \bwithUTF8\b | \bwithContiguous(?:Mutable)?StorageIfAvailable\b
      | \bUnmanaged\b | \bunowned\(unsafe\) | \.(?:de)?allocate\(
      | \bunsafe(?:BitCast|Downcast|Address|elyUnwrapped)\b
      | \b(?:assumingMemoryBound|bindMemory|withMemoryRebound|baseAddress)\b
    /#.wordBoundaryKind(.simple)
  }

  /// Words one of which a line with unsafe code contains, lower-cased: the scan runs the regex on those lines only.
  static let clues = ["unsafe", "withutf8", "withcontiguous", "unmanaged", "allocate(", "memory", "baseaddress"]

  static var sources: URL { ModuleBoundaryTests.packageRoot.appendingPathComponent("Sources") }

  /// `(line, code)` for each unsafe use in `text`, outside comments.
  static func uses(in text: String) -> [(line: Int, code: String)] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { index, line in
      let code = codePart(of: line)
      let lowered = code.lowercased()
      guard clues.contains(where: lowered.contains) else { return [(line: Int, code: String)]() }
      return code.matches(of: unsafeCode).map { (index + 1, String($0.output)) }
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
    for file in files.sorted() where !Self.allowed.contains(file) {
      for use in Self.uses(in: try Self.text(of: file)) { offences.append("Sources/\(file):\(use.line): \(use.code)") }
    }
    #expect(
      offences == [],
      """
      unsafe code outside the files UnsafeCodeFenceTests.parts lists: rewrite it safely, or move it into a \
      listed file (docs/Contributing.md, "Unsafe code")
      """)
  }

  @Test func everyListedFileStillNeedsUnsafeCode() throws {
    for file in Self.allowed.sorted() {
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
        "5: withContiguousStorageIfAvailable", "6: Unmanaged", "7: unowned(unsafe)", "10: UnsafeMutablePointer",
        "10: .allocate(", "11: .deallocate(",
        "12: unsafeBitCast", "13: assumingMemoryBound", "13: baseAddress",
      ])
  }
}

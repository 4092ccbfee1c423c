import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PlacementCLI

/// `LineReader.fill(_:lines:firstLine:)`, the batch's reader that leaves lines where they were read, against
/// `LineReader.next()`, which copies each line out: the same lines, numbers, cut lines and full lengths, across
/// 64 KiB reads, chunk limits, `\r\n`, empty lines, a missing last newline and lines over the size limit.
@Suite struct LineReaderChunkTests {
  let folder = ScratchFolder()
  let console = Console(out: { _ in }, err: { _ in }, readLine: { nil })

  /// A line as a reader gives it: its number, its bytes (nil when cut for its size) and its full length.
  struct Line: Equatable, CustomStringConvertible {
    let number: Int
    let bytes: [UInt8]?
    let length: Int
    var description: String { "\(number): \(bytes.map { "\($0.count) bytes" } ?? "cut") (\(length))" }
  }

  /// Deterministic input: lines of 0 to 400 printable bytes, some ended by `\r\n`, some empty, some of
  /// `long` bytes (over a limit of 1,000), about 600 KB in all.
  static func input(seed: UInt64, long: Int, lastNewline: Bool) -> [UInt8] {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var bytes: [UInt8] = []
    for index in 0..<3_000 {
      let count = index % 997 == 500 ? long : next(10) == 0 ? 0 : next(400)
      bytes += (0..<count).map { _ in UInt8(0x20 + next(95)) }
      bytes += next(5) == 0 ? [0x0D, 0x0A] : [0x0A]
    }
    bytes += Array("{\"profile_id\":\"last\"}".utf8)
    if lastNewline { bytes.append(0x0A) }
    return bytes
  }

  func byNext(_ path: String, limit: Int) throws -> [Line] {
    var reader = try LineReader(path: path, console: console, maxLineBytes: limit)
    var lines: [Line] = []
    while let line = reader.next() {
      let cut = reader.lastLineLength > line.count
      lines.append(Line(number: reader.linesRead, bytes: cut ? nil : Array(line), length: reader.lastLineLength))
    }
    return lines
  }

  func byChunks(_ path: String, limit: Int, chunkLines: Int) throws -> [Line] {
    var reader = try LineReader(path: path, console: console, maxLineBytes: limit)
    var chunk = Chunk()
    var lines: [Line] = []
    var nextLine = 1
    while chunk.fill(from: &reader, lines: chunkLines, firstLine: nextLine) {
      #expect(chunk.lineCount <= chunkLines)
      var oversized = chunk.oversized[...]
      chunk.forEachLine { number, bytes in
        if let cut = oversized.first, cut.line == number {
          oversized.removeFirst()
          lines.append(Line(number: number, bytes: nil, length: cut.length))
        } else {
          lines.append(Line(number: number, bytes: Array(bytes), length: bytes.count))
        }
      }
      #expect(oversized.isEmpty)
      nextLine += chunk.lineCount
      #expect(reader.linesRead == nextLine - 1)
    }
    return lines
  }

  @Test(arguments: [(1_500, true), (1_500, false), (300_000, true), (300_000, false)])
  func chunksHoldTheLinesNextReturns(long: Int, lastNewline: Bool) throws {
    let path = folder.file(
      "input-\(long)-\(lastNewline).jsonl", bytes: Self.input(seed: 7, long: long, lastNewline: lastNewline))
    let expected = try byNext(path, limit: 1_000)
    #expect(expected.count == 3_001)
    #expect(expected.filter { $0.bytes == nil }.map(\.length) == [long, long, long])
    #expect(expected.last?.bytes == Array("{\"profile_id\":\"last\"}".utf8))
    for chunkLines in [1, 7, 500, 2_048, 10_000] {
      let lines = try byChunks(path, limit: 1_000, chunkLines: chunkLines)
      #expect(lines == expected, "chunks of \(chunkLines) lines")
    }
  }

  /// A cut line longer than a read stays in its chunk (chunks are always full), as an empty line.
  @Test func aCutLineStaysInItsChunk() throws {
    // Lines 1–3 short, line 4 over the limit and longer than a read (ending in CRLF), line 5 short.
    let text = "a\nbb\nccc\n" + String(repeating: "x", count: 200_000) + "\r\nddddd\n"
    let path = folder.file("cut.jsonl", text)
    var reader = try LineReader(path: path, console: console, maxLineBytes: 100)
    var chunk = Chunk()
    #expect(chunk.fill(from: &reader, lines: 2_048, firstLine: 1))
    #expect(chunk.lineCount == 5)
    #expect(chunk.oversized.map(\.line) == [4])
    #expect(chunk.oversized.map(\.length) == [200_000])
    var texts: [String] = []
    chunk.forEachLine { _, bytes in texts.append(String(decoding: bytes, as: UTF8.self)) }
    #expect(texts == ["a", "bb", "ccc", "", "ddddd"])
    #expect(!chunk.fill(from: &reader, lines: 2_048, firstLine: 6))
    #expect(reader.linesRead == 5)
  }

  /// Cut lines far longer than the buffer are dropped as they are read: the buffer never holds more of one than
  /// the limit and a read. (Adversarial review F1, a buffer grown by earlier chunks reading big lines whole, came
  /// from reads of all the free space, which the next test catches.)
  @Test func cutLinesAreNeverHeldWhole() throws {
    var bytes: [UInt8] = []
    for size in [90_000, 90_000, 3_000_000, 6_000_000, 12_000_000] {
      bytes += [UInt8](repeating: UInt8(ascii: "y"), count: size) + [0x0A]
    }
    bytes += Array("last\n".utf8)
    let path = folder.file("long.jsonl", bytes: bytes)
    var reader = try LineReader(path: path, console: console, maxLineBytes: 100_000)
    var chunk = Chunk()
    #expect(chunk.fill(from: &reader, lines: 2_048, firstLine: 1))
    #expect(chunk.lineCount == 6)
    #expect(chunk.oversized.map(\.length) == [3_000_000, 6_000_000, 12_000_000])
    #expect(reader.bufferSize <= 1 << 20, "buffer of \(reader.bufferSize) bytes")
  }

  /// After a chunk of big lines, the reader reads ahead one read at a time: a hand-over copies at most a read
  /// and a partial line, not the rest of the file (adversarial review F2: that copy made a big file quadratic).
  @Test func theReaderReadsAheadOneReadAtATime() throws {
    let big = (0..<64).map { "{\"profile_id\":\"b\($0)\"" + String(repeating: " ", count: 60_000) + "}" }
    let small = (0..<20_000).map { "{\"profile_id\":\"s\($0)\"}" }
    let path = folder.file("ahead.jsonl", (big + small).joined(separator: "\n") + "\n")
    var reader = try LineReader(path: path, console: console)
    var chunk = Chunk()
    var lines = 0
    while chunk.fill(from: &reader, lines: 64, firstLine: lines + 1) {
      lines += chunk.lineCount
      #expect(reader.unreadBytes <= 2 * 65_536, "\(reader.unreadBytes) bytes unread after line \(lines)")
    }
    #expect(lines == 20_064)
  }

  /// A line over the limit is reported with its length whatever it holds: white space too (it used to be
  /// skipped as blank when its first 1 MiB + 1 bytes were, hiding a profile after them).
  @Test(arguments: ["", #"{"profile_id":"hidden"}"#])
  func anOverLongLineOfWhiteSpaceIsReported(after: String) throws {
    let line = [UInt8](repeating: 0x20, count: (1 << 20) + 1) + Array(after.utf8)
    let path = folder.file("blank.jsonl", bytes: line + [0x0A] + Array(#"{"profile_id":"p"}"#.utf8) + [0x0A])
    let err = Mutex("")
    let console = Console(out: { _ in }, err: { text in err.withLock { $0 += text } }, readLine: { nil })
    let status = PlacementTool.run(
      ["resolve", "--profiles", path, "--rules", repo("Rules"), "--placement", "onboarding_end"], console: console)
    #expect(status == 1)
    #expect(
      err.withLock { $0 }
        == "\(path):1: error: profile is \(line.count) bytes, over the limit of 1048576 bytes; not read\n"
        + "1 profile resolved, 1 line failed\n")
  }

  /// The chunk owns its lines: filling the next chunk does not change them.
  @Test func aFilledChunkKeepsItsLinesWhileTheReaderGoesOn() throws {
    let lines = (0..<50_000).map { "{\"profile_id\":\"user_\($0)\"}" }
    let path = folder.file("many.jsonl", lines.joined(separator: "\n") + "\n")
    var reader = try LineReader(path: path, console: console)
    var first = Chunk()
    var second = Chunk()
    #expect(first.fill(from: &reader, lines: 2_048, firstLine: 1))
    #expect(second.fill(from: &reader, lines: 2_048, firstLine: 2_049))
    var seen: [String] = []
    first.forEachLine { _, bytes in seen.append(String(decoding: bytes, as: UTF8.self)) }
    second.forEachLine { _, bytes in seen.append(String(decoding: bytes, as: UTF8.self)) }
    #expect(seen == Array(lines.prefix(4_096)))
  }
}

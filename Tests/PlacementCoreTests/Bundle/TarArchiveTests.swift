import Foundation
import Testing

@testable import PlacementCore

@Suite struct TarArchiveTests {
  let entries = [
    TarArchive.Entry(path: "manifest.json", bytes: Array("{}\n".utf8)),
    TarArchive.Entry(path: "a.rules", bytes: Array("segment s = age > 1\n".utf8)),
    TarArchive.Entry(path: "tests/profiles/empty.json", bytes: []),
    TarArchive.Entry(
      path: String(repeating: "d", count: 120) + "/" + String(repeating: "f", count: 90) + ".rules",
      bytes: [UInt8](repeating: 65, count: 513)),
  ]

  @Test func roundTrip() throws {
    let archive = try TarArchive.write(entries)
    #expect(archive.count % 512 == 0)
    #expect(archive.count == 512 * (4 + 1 + 1 + 0 + 2) + 512 * 2)
    #expect(try TarArchive.read(archive) == entries)
    #expect(TarArchive.looksLikeArchive(archive))
    #expect(!TarArchive.looksLikeArchive(Array("segment s = age > 1\n".utf8)))
  }

  /// The system's `tar` lists the archive with the paths, sizes, mode and time it was written with.
  @Test func systemTarReadsIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tar-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("x.tar")
    let bytes = try TarArchive.write(entries)
    try Data(bytes).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tar", "tvf", file.path, "--numeric-owner", "--utc"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let lines = output.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[1].hasPrefix("-rw-r--r-- 0/0"))
    #expect(lines[1].contains("1970-01-01 00:00 a.rules"))
    #expect(lines[3].hasSuffix(entries[3].path))
  }

  @Test func refusesWhatItDoesNotWrite() throws {
    var archive = try TarArchive.write([entries[1]])
    archive[10] ^= 1
    #expect(throws: TarError.badChecksum(offset: 0)) { try TarArchive.read(archive) }
    let cut = Array(try TarArchive.write([entries[1]]).prefix(1024))
    #expect(throws: TarError.truncated(offset: 1024)) { try TarArchive.read(cut) }
    for path in ["/etc/passwd", "../x.rules", "a/./b", "a//b", ""] {
      #expect(throws: TarError.unsafePath(path)) { try TarArchive.write([TarArchive.Entry(path: path, bytes: [])]) }
    }
    let twice = try TarArchive.write([entries[1]]).dropLast(1024) + TarArchive.write([entries[1]])
    #expect(throws: TarError.duplicatePath("a.rules")) { try TarArchive.read(Array(twice)) }
    var symlink = try TarArchive.write([entries[1]])
    symlink[156] = UInt8(ascii: "2")
    let sum = (0..<512).reduce(0) { $0 + ((148..<156).contains($1) ? 32 : Int(symlink[$1])) }
    let digits = String(sum, radix: 8)
    let field = Array((String(repeating: "0", count: 6 - digits.count) + digits).utf8) + [0, UInt8(ascii: " ")]
    symlink.replaceSubrange(148..<156, with: field)
    #expect(throws: TarError.notARegularFile(path: "a.rules")) { try TarArchive.read(symlink) }
    var limits = TarArchive.Limits()
    limits.maxTotalBytes = 10
    #expect(throws: TarError.tooLarge(10)) { try TarArchive.read(try TarArchive.write([entries[1]]), limits: limits) }
  }
}

import Foundation
import Testing

/// `Examples/BackendExample`, run as a backend developer would: its start-up log counts the warnings of the
/// rules it serves (not every diagnostic) and shows them.
@Suite struct BackendExampleTests {
  @Test func theStartUpLogCountsWarnings() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("backend-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A segment and no placement: one warning, `no-placements`.
    try "segment adults = age >= 18\n".write(toFile: folder + "/a.rules", atomically: true, encoding: .utf8)
    let warned = try shell("$B \(folder)")
    #expect(warned.status == 0, "\(warned.err)")
    #expect(
      warned.err
        == "backend-example: serving rules v1 from \(folder) (1 warning)\n"
        + "<rules>: warning: the rule set declares no placement [no-placements]\n")
    let clean = try shell("$B Rules")
    #expect(clean.err == "backend-example: serving rules v1 from Rules (0 warnings)\n")
    let broken = try shell("$B Examples/broken/several-mistakes.rules")
    #expect(broken.status == 65)
  }
}

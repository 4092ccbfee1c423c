import Foundation
import PlacementKit
import Synchronization
import Testing

@testable import PlacementServer

/// Reloads of a bundle file, polled by the server's follower, while requests flow (run under Thread Sanitizer by .ci/run): good bundles alternate with broken ones,
/// and every response is a 200 decided by one of the published rule sets, never a mix and never an error.
@Suite struct ServerReloadTests {
  /// A folder with the rules of Rules/, the last file ending with `suffix` (which changes `rules_version`).
  static func rulesFolder(_ suffix: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-reload-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let files = try FileManager.default.contentsOfDirectory(atPath: Repository.rules).filter { $0.hasSuffix(".rules") }
      .sorted()
    for file in files {
      var text = try String(contentsOfFile: "\(Repository.rules)/\(file)", encoding: .utf8)
      if file == files.last { text += suffix }
      try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }
    try FileManager.default.copyItem(
      atPath: "\(Repository.rules)/lists", toPath: folder.appendingPathComponent("lists").path)
    return folder.path
  }

  static func bundle(_ suffix: String) throws -> (bytes: [UInt8], version: String) {
    let bundle = try RuleLoading.bundle(
      of: try rulesFolder(suffix), withTests: false, revision: suffix, toolVersion: "test"
    )
    return (try bundle.archive(), bundle.rulesVersion)
  }

  /// Replaces the file at `path` in one rename, as `placement bundle build` does.
  static func publish(_ bytes: [UInt8], at path: String) throws {
    let temporary = path + ".tmp"
    try Data(bytes).write(to: URL(fileURLWithPath: temporary))
    rename(temporary, path)
  }

  @Test func reloadsUnderLoadNeverFailARequestNorMixRuleSets() throws {
    let first = try Self.bundle("# variant a\n")
    let second = try Self.bundle("# variant b\n")
    var corrupt = second.bytes
    corrupt[corrupt.count / 2] ^= 0x20
    let uncompilable = try Self.bundle("placement broken {\n")
    #expect(Set([first.version, second.version]).count == 2)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).bundle").path
    try Self.publish(first.bytes, at: path)
    let published: Set<String> = [first.version, second.version]
    try withServer(rules: path) { server in
      let applied = Atomic<Int>(0)
      let clientsDone = Atomic<Int>(0)
      let failures = PthreadLocked<[String]>([])
      let seen = PthreadLocked<Set<String>>([])
      let clients = 2
      let group = DispatchGroup()
      for client in 0..<clients {
        group.enter()
        Thread {
          defer {
            clientsDone.add(1, ordering: .relaxed)
            group.leave()
          }
          let connection = TestClient(port: server.port)
          var sent = 0
          while sent < 20_000, sent < 200 || applied.load(ordering: .relaxed) < 4 {
            sent += 1
            let body = #"{"context":{"targetingKey":"c\#(client)-\#(sent)","experience":"pro"}}"#
            let request = TestClient.request("POST", "/ofrep/v1/evaluate/flags/main_paywall", json: body)
            guard let response = connection.exchange(request) else {
              failures.withLock { $0.append("no response to request \(sent)") }
              return
            }
            let version =
              ((response.json as? [String: Any])?["metadata"] as? [String: Any])?["rules_version"] as? String
            if response.status != 200 || !published.contains(version ?? "") {
              failures.withLock { $0.append("\(response.status) \(response.text)") }
            }
            if let version { seen.withLock { _ = $0.insert(version) } }
          }
        }.start()
      }
      var reloads = 0
      while clientsDone.load(ordering: .relaxed) < clients, reloads < 10_000 {
        let (bytes, good) =
          switch reloads % 4 {
          case 0: (second.bytes, true)
          case 1: (corrupt, false)
          case 2: (first.bytes, true)
          default: (uncompilable.bytes, false)
          }
        try Self.publish(bytes, at: path)
        let report = server.rules.poll()
        #expect(report?.outcome == (good ? .applied : .rejected), "reload \(reloads)")
        #expect(published.contains(server.rules.snapshot?.ruleSet.version ?? ""))
        if good { applied.add(1, ordering: .relaxed) }
        reloads += 1
      }
      group.wait()
      #expect(failures.withLock { $0 } == [])
      #expect(seen.withLock { $0 } == published)
      #expect(applied.load(ordering: .relaxed) >= 4)
      let counts = server.rules.reloadCounts
      #expect(counts.attempted == reloads)
      #expect(counts.failed == reloads / 2)
    }
  }
}

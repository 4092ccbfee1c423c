import Foundation
import Testing

/// `placement serve`'s refusals before it listens: each with its exit status and message. (Serving itself is
/// tested in PlacementServerTests and, through the built binary, in Tests/serve-e2e.)
@Suite struct ServeCommandTests {
  @Test func aNonLoopbackAddressNeedsATokenOrInsecureListen() {
    let run = placement(["serve", "--rules", repo("Rules"), "--listen", "0.0.0.0:0"])
    #expect(run.status == 64)
    #expect(
      run.err == """
        error: refusing to listen on 0.0.0.0:0 without --token-file: any machine that reaches it could ask for \
        decisions; give a token file, or --insecure-listen to serve without one
        run 'placement serve --help' for usage

        """)
  }

  @Test(arguments: [
    (
      ["--listen", "example.com:80"],
      "--listen must be IP:PORT or [IPv6]:PORT (e.g. 127.0.0.1:8080, 0.0.0.0:80), found 'example.com:80'"
    ),
    (["--threads", "0"], "--threads must be a whole number from 1 to 256, found '0'"),
    (["--read-timeout", "-1"], "--read-timeout must be a number of seconds above 0, up to 86400, found '-1'"),
    (["--max-header-bytes", "10"], "--max-header-bytes must be a whole number from 256 to 1048576, found '10'"),
    (["--poll-interval", "0"], "--poll-interval must be a number of seconds above 0, up to 86400, found '0'"),
    (["extra"], "unexpected argument 'extra'"),
  ])
  func badOptionsAreUsageErrors(arguments: [String], message: String) {
    let run = placement(["serve", "--rules", repo("Rules")] + arguments)
    #expect(run.status == 64)
    #expect(run.err.hasPrefix("error: \(message)\n"))
  }

  @Test func aTokenFileMustHoldAToken() {
    let scratch = ScratchFolder()
    let empty = scratch.file("empty", "\n \n")
    let run = placement(["serve", "--rules", repo("Rules"), "--token-file", empty])
    #expect(run.status == 65)
    #expect(run.err == "error: the token file '\(empty)' is empty\n")
    let missing = placement(["serve", "--rules", repo("Rules"), "--token-file", scratch.path + "/none"])
    #expect(missing.status == 66)
  }

  @Test func rulesThatCannotBeServedStopItBeforeItListens() {
    let scratch = ScratchFolder()
    let broken = scratch.file("Rules/a.rules", "placement p {\n")
    let compiled = placement(["serve", "--rules", (broken as NSString).deletingLastPathComponent])
    #expect(compiled.status == 65)
    #expect(compiled.err.contains("error: rules do not compile: "))
    let missing = placement(["serve", "--rules", scratch.path + "/nothing"])
    #expect(missing.status == 66)
    let corrupt = scratch.file("rules.bundle", bytes: [UInt8](repeating: 0, count: 1_024))
    #expect(placement(["serve", "--rules", corrupt]).status != 0)
  }

  @Test func aCacheNeedsABundleSource() {
    let run = placement(["serve", "--rules", repo("Rules"), "--cache", "/tmp/never-written.bundle"])
    #expect(run.status == 64)
    #expect(
      run.err.hasPrefix(
        "error: --cache keeps the last good bundle of a bundle file or URL; '\(repo("Rules"))' is a rules folder, "
          + "which has none\n"))
  }

  @Test func aURLWithoutAHostIsAUsageError() {
    let run = placement(["serve", "--rules", "http:///rules.bundle"])
    #expect(run.status == 64)
    #expect(run.err.hasPrefix("error: 'http:///rules.bundle' is not a valid http or https URL\n"))
  }

  @Test func anAddressInUseIs69() throws {
    let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(holder) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        _ = bind(holder, $0, length)
        _ = listen(holder, 1)
        _ = getsockname(holder, $0, &length)
      }
    }
    let port = UInt16(bigEndian: address.sin_port)
    let run = placement(["serve", "--rules", repo("Rules"), "--listen", "127.0.0.1:\(port)"])
    #expect(run.status == 69)
    #expect(run.err == "error: cannot listen on 127.0.0.1:\(port): address already in use\n")
  }
}

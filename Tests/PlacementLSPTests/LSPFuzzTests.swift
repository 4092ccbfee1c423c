import Foundation
import PlacementKit
import TestSupport
import Testing

@testable import PlacementLSP

/// Random edit sequences against the server: half-typed tokens, deletions, pasted fragments, ranges past the
/// end, invalid UTF-8 in message bodies and random requests at random positions. The properties: every request
/// gets exactly one response with its id, the server's text equals the text the edits produce, and nothing
/// traps (a trap fails the whole test process).
@Suite struct LSPFuzzTests {
  static let fragments = [
    "segment ", "placement ", "attribute ", "test ", " = ", "==", "!=", " in [", "]", " has any [", ", ", "->",
    " flow ", " paywall ", "{", "}", "(", ")", "\"", "\"unterminated", "# comment", "\n", "  ", "and ", "or ", "not ",
    "2.3", "-1", "1.0.0-rc.1", "50%", "/re(/", "matches /^a$/", "within last 14 days", "é", "😀", "\u{0}", "\r\n",
    "choice(a \"A\", b)", "years_since(", "count(", "percent(10) salt \"s\"", "default", "fallthrough", "holdout",
    "version \"v1\"", "variation a 50% {", "ignoring case", "is not set", "pros", "experience", "interests",
  ]

  static let methods = [
    "textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/completion",
    "textDocument/prepareRename", "textDocument/rename", "textDocument/codeAction", "textDocument/formatting",
    "textDocument/rangeFormatting", "textDocument/documentSymbol", "workspace/symbol",
  ]

  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomEditSequencesNeverBreakTheServer(seed: UInt64) throws {
    var random = SplitMix64(state: seed)
    let client = LSPTestClient(root: repositoryRoot.path)
    let names = ["attributes", "onboarding", "paywall", "promotions"]
    var texts: [String: [UInt8]] = [:]
    for name in names {
      let uri = DocumentURI.uri(repositoryRoot.path + "/Rules/\(name).rules")
      let text = try String(contentsOfFile: repositoryRoot.path + "/Rules/\(name).rules", encoding: .utf8)
      client.open(uri, text)
      texts[uri] = Array(text.utf8)
    }
    var version = 1
    for step in 0..<120 {
      let uri = random.pick(texts.keys.sorted())
      var bytes = texts[uri]!
      let lines = LineIndex(bytes, encoding: .utf16)
      let startLine = random.below(lines.lineStarts.count + 2)
      let start = LSPPosition(line: startLine, character: random.below(40))
      let end = LSPPosition(line: startLine + random.below(3), character: random.below(60))
      var inserted = ""
      for _ in 0..<random.below(4) { inserted += random.pick(Self.fragments) }
      let a = lines.offset(of: start)
      let b = max(a, lines.offset(of: end))
      bytes.replaceSubrange(a..<b, with: Array(inserted.utf8))
      texts[uri] = bytes
      version += 1
      client.notify(
        "textDocument/didChange",
        [
          "textDocument": ["uri": .string(uri), "version": .number(Double(version))],
          "contentChanges": [
            ["range": ["start": start.json, "end": lines.position(of: b).json], "text": .string(inserted)]
          ],
        ])
      #expect(client.server.workspace.open[uri].map { Array($0.text.utf8) } == bytes, "step \(step)")
      if random.below(3) == 0 { _ = client.diagnostics(after: 1) }
      for _ in 0..<2 {
        let method = random.pick(Self.methods)
        let position = LSPPosition(line: random.below(80), character: random.below(120))
        let params: JSONValue = [
          "textDocument": ["uri": .string(uri)], "position": position.json, "newName": "renamed", "query": "p",
          "range": ["start": position.json, "end": ["line": .number(Double(position.line + 3)), "character": 0]],
          "context": ["diagnostics": [], "includeDeclaration": true], "options": ["tabSize": 2, "insertSpaces": true],
        ]
        let response = client.request(method, params)
        #expect(response["result"] != nil || response["error"] != nil, "\(method) at step \(step)")
      }
    }
    _ = client.diagnostics(after: 1)
  }

  @Test func garbageBytesAndInvalidUTF8GetErrorsNotCrashes() {
    var random = SplitMix64(state: 7)
    let server = LanguageServer(clock: { 0 })
    server.receive(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8))
    _ = server.takeOutgoing()
    var framer = MessageFramer()
    var stream: [UInt8] = []
    for index in 0..<200 {
      var body = Array(
        #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:x"},"position":{"line":0,"character":0}}}"#
          .utf8)
      switch random.below(4) {
      case 0: body[random.below(body.count)] = UInt8(truncatingIfNeeded: random.next())
      case 1: body.insert(contentsOf: [0xC3, 0x28, 0xFF], at: random.below(body.count))
      case 2: body = Array(body.prefix(random.below(body.count)))
      default: break
      }
      stream += MessageFramer.frame(body)
      if random.below(10) == 0 { stream += Array("Content-Length: nope\r\n\r\n".utf8) }
    }
    var offset = 0
    var answered = 0
    while offset < stream.count {
      let size = 1 + random.below(300)
      framer.append(stream[offset..<min(stream.count, offset + size)])
      offset += size
      while let frame = framer.next() {
        switch frame {
        case .body(let body): server.receive(body)
        case .badHeader(let reason): server.receiveBadFrame(reason)
        }
        answered += server.takeOutgoing().count
      }
    }
    // Every intact request is answered; a corrupted one gets an error response or, if it became a valid
    // notification, none: never more than one message per frame.
    #expect(answered >= 100)
    #expect(server.exitCode == nil)
  }
}

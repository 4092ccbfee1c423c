import Foundation
import PlacementKit
import Testing

@testable import PlacementLSP

@Suite struct LSPTransportTests {
  /// Runs the stdio transport on pipes holding `input` (or, `fromFile`, on a file: reads then return exactly
  /// 64 KiB until the end, and more input is always waiting); returns its status and every frame it wrote.
  func run(_ input: [UInt8], fromFile: Bool = false) throws -> (status: Int32, output: [JSONValue]) {
    let stdin = Pipe()
    let stdout = Pipe()
    var inputDescriptor = stdin.fileHandleForReading.fileDescriptor
    if fromFile {
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)").path
      try Data(input).write(to: URL(fileURLWithPath: path))
      inputDescriptor = open(path, O_RDONLY)
      unlink(path)
    } else {
      stdin.fileHandleForWriting.write(Data(input))
    }
    try? stdin.fileHandleForWriting.close()
    defer { if fromFile { close(inputDescriptor) } }
    let server = LanguageServer(clock: StdioTransport.monotonicSeconds)
    let status = StdioTransport(
      input: inputDescriptor, output: stdout.fileHandleForWriting.fileDescriptor, server: server
    ).run()
    try? stdout.fileHandleForWriting.close()
    var framer = MessageFramer()
    framer.append(stdout.fileHandleForReading.readDataToEndOfFile())
    var output: [JSONValue] = []
    while case .body(let body)? = framer.next() { output.append((try? JSONReader.parse(body)) ?? .null) }
    return (status, output)
  }

  func frame(_ json: String) -> [UInt8] { MessageFramer.frame(Array(json.utf8)) }

  @Test func aSessionOverPipesAnswersInOrderAndExitsWithZero() throws {
    let (status, output) = try run(
      frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        + Array("Content-Length: x\r\n\r\n".utf8)
        + frame(
          #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:a"},"position":{"line":0,"character":0}}}"#
        )
        + frame(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}}"#)
        + frame(#"{"jsonrpc":"2.0","id":3,"method":"workspace/symbol","params":{"query":""}}"#)
        + frame(#"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#) + frame(#"{"jsonrpc":"2.0","method":"exit"}"#))
    #expect(status == 0)
    #expect(output.map { $0["id"] } == [1, .null, 2, 3, 4])
    #expect(output[1][path: "error.code"] == -32700)
    #expect(output[2]["result"] == .null)
    #expect(output[3][path: "error.code"] == -32800)
  }

  @Test func aBadContentLengthCostsOnlyItsOwnMessage() throws {
    let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
    for value in ["abc", "-5"] {
      let (status, output) = try run(
        Array("Content-Length: \(value)\r\n\r\n\(initialize)".utf8)
          + frame(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}"#)
          + frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#) + frame(#"{"jsonrpc":"2.0","method":"exit"}"#))
      #expect(status == 0, "\(value)")
      #expect(output.map { $0["id"] } == [.null, 2, 3], "\(value)")
      #expect(output.first?[path: "error.code"] == -32700, "\(value)")
      #expect(output.dropFirst().allSatisfy { $0["error"] == nil }, "\(value)")
    }
  }

  @Test func aRequestReadJustAfterADidOpenIsAnsweredBeforeItsDiagnostics() throws {
    // The first read (64 KiB) ends exactly after the didOpen; the hover comes in the next read. Diagnostics are
    // due at once, but the waiting hover is served first, and they are still published before `shutdown`.
    let head =
      frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
      + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    let rules =
      "attribute score: number\n" + (0..<20).map { "segment s\($0) = score == \($0)\n" }.joined()
      + "placement p: paywall {\n" + (0..<20).map { "  s\($0) -> paywall w\($0)\n" }.joined()
      + "  default -> paywall d\n}\n"
    func didOpen(padding: Int) -> [UInt8] {
      let text = "# " + String(repeating: "x", count: padding) + "\n" + rules
      let document: JSONValue = ["uri": "untitled:big", "languageId": "placement", "version": 1, "text": .string(text)]
      let message: JSONValue = [
        "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": document],
      ]
      return frame(JSONWriter.serialized(message, sortedKeys: true))
    }
    var padding = 65_536 - head.count - didOpen(padding: 0).count
    while head.count + didOpen(padding: padding).count > 65_536 { padding -= 1 }
    #expect(head.count + didOpen(padding: padding).count == 65_536)
    let (status, output) = try run(
      head + didOpen(padding: padding)
        + frame(
          #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:big"},"position":{"line":1,"character":1}}}"#
        )
        + frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#) + frame(#"{"jsonrpc":"2.0","method":"exit"}"#),
      fromFile: true)
    #expect(status == 0)
    #expect(output.map { $0["id"] ?? $0["method"] } == [1, 2, "textDocument/publishDiagnostics", 3])
    #expect(output[2][path: "params.uri"] == "untitled:big")
  }

  @Test func inputEndingWithoutExitEndsWithStatusOne() throws {
    let (status, output) = try run(frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
    #expect(status == 1)
    #expect(output.count == 1)
  }
}

import Foundation
import PlacementKit
import Testing

@testable import PlacementCLI

@Suite struct LSPTransportTests {
  /// Runs the stdio transport on pipes holding `input`; returns its status and every frame it wrote.
  func run(_ input: [UInt8]) -> (status: Int32, output: [JSONValue]) {
    let stdin = Pipe()
    let stdout = Pipe()
    stdin.fileHandleForWriting.write(Data(input))
    try? stdin.fileHandleForWriting.close()
    let server = LanguageServer(clock: LSPCommand.monotonicSeconds)
    let status = StdioTransport(
      input: stdin.fileHandleForReading.fileDescriptor, output: stdout.fileHandleForWriting.fileDescriptor,
      server: server
    ).run()
    try? stdout.fileHandleForWriting.close()
    var framer = MessageFramer()
    framer.append(stdout.fileHandleForReading.readDataToEndOfFile())
    var output: [JSONValue] = []
    while case .body(let body)? = framer.next() { output.append((try? JSONReader.parse(body)) ?? .null) }
    return (status, output)
  }

  func frame(_ json: String) -> [UInt8] { MessageFramer.frame(Array(json.utf8)) }

  @Test func aSessionOverPipesAnswersInOrderAndExitsWithZero() {
    let (status, output) = run(
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

  @Test func inputEndingWithoutExitEndsWithStatusOne() {
    let (status, output) = run(frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
    #expect(status == 1)
    #expect(output.count == 1)
  }
}

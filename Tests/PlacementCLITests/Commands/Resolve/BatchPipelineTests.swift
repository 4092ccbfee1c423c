import Dispatch
import Foundation
import Synchronization
import Testing

@testable import PlacementCLI

/// ``BatchPipeline``: however the workers interleave and whichever finishes first, every chunk is written once,
/// in input order, with its own lines.
@Suite struct BatchPipelineTests {
  @Test(arguments: [1, 2, 4, 7])
  func chunksAreWrittenOnceInInputOrder(workers: Int) throws {
    let lines = (1...500).map { "line \($0)" }
    let input = Mutex(lines[...])
    let console = Console(
      out: { _ in }, err: { _ in }, readLine: { input.withLock { $0.popFirst() } }, environment: [:],
      currentDirectory: "/")
    let pipeline = BatchPipeline(
      reader: try LineReader(path: "-", console: console), workers: workers, slotsPerWorker: 2, chunkLines: 7,
      console: console)
    let written = Mutex<[(first: Int, lines: [String])]>([])
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      while let (slot, sequence) = pipeline.take(worker: worker) {
        // Uneven work, so later chunks are often handed in before earlier ones.
        if (sequence + worker) % 3 == 0 { usleep(300) }
        pipeline.handIn(slot, sequence) { slot in
          var text: [String] = []
          slot.chunk.forEachLine { _, line in text.append(String(decoding: line, as: UTF8.self)) }
          written.withLock { $0.append((slot.chunk.firstLine, text)) }
        }
      }
    }
    let chunks = written.withLock { $0 }
    #expect(chunks.map(\.first) == Array(stride(from: 1, through: 500, by: 7)))
    #expect(chunks.flatMap(\.lines) == lines)
    #expect(pipeline.linesRead == 500)
  }
}

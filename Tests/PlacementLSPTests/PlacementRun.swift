import PlacementCLI
import Synchronization
import TestSupport

/// `placement <arguments>` run in-process from the repository's root, for the tests that hold the server to the
/// CLI (a hover to `placement audiences`, a rename to `placement test`).
func placement(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
  let out = Mutex("")
  let err = Mutex("")
  let console = Console(
    out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } }, readLine: { nil },
    environment: [:], currentDirectory: repositoryRoot.path)
  let status = PlacementTool.run(arguments, console: console)
  return (status, out.withLock { $0 }, err.withLock { $0 })
}

import Foundation
import PlacementCLI
import Synchronization
import Testing

/// M-1 / D4 / D2: a failed write or read is an error message and a documented status, never a crash.
@Suite struct OutputErrorTests {
  let scratch = ScratchFolder()
  static let profile = "Examples/profiles/amateur.json"

  /// Runs the tool in-process with standard output failing with `code` after `okWrites` writes.
  func failingOutput(_ arguments: [String], code: Int32, okWrites: Int = 0) -> CLIRun {
    let out = Mutex(("", 0))
    let err = Mutex("")
    let console = Console(
      out: { text throws(StreamWriteError) in
        let failed = out.withLock { state in
          state.1 += 1
          if state.1 > okWrites { return true }
          state.0 += text
          return false
        }
        if failed { throw StreamWriteError(code: code) }
      },
      err: { text in err.withLock { $0 += text } }, readLine: { nil }, currentDirectory: packageRoot)
    let status = PlacementTool.run(arguments, console: console)
    return CLIRun(status: status, out: out.withLock { $0.0 }, err: err.withLock { $0 })
  }

  @Test func noSpaceOnStandardOutputIsOneLineAndExit74() {
    for arguments in [
      ["resolve", "--profile", repo(Self.profile), "--rules", repo("Rules")],
      ["resolve", "--profiles", repo("Examples/profiles/batch.jsonl"), "--rules", repo("Rules")],
      ["lint", "--format", "sarif", "Rules"], ["audiences", "--rules", repo("Rules")], ["--help"],
    ] {
      let run = failingOutput(arguments, code: ENOSPC)
      #expect(run.status == 74, "\(arguments)")
      #expect(run.err.hasSuffix("error: cannot write standard output: No space left on device\n"), "\(arguments)")
      #expect(run.err.components(separatedBy: "error:").count == 2, "\(arguments): \(run.err)")
    }
  }

  @Test func closedPipeEndsQuietlyWith141() {
    let run = failingOutput(
      ["resolve", "--profiles", repo("Examples/profiles/batch.jsonl"), "--rules", repo("Rules")], code: EPIPE)
    #expect(run.status == 141)
    #expect(run.err == "")  // not even the summary
    #expect(run.out == "")
  }

  /// The real process: `> /dev/full` for every command that writes output.
  @Test func devFullForEveryCommand() throws {
    let commands = [
      "resolve --profiles Examples/profiles/batch.jsonl", "resolve --profile \(Self.profile)",
      "lint --format sarif", "ingest Examples/events/seed-events.jsonl", "audiences", "audiences main_paywall",
      "test", "fmt - < Rules/paywall.rules", "--version",
    ]
    for command in commands {
      let run = try shell("$P \(command) > /dev/full")
      #expect(run.status == 74, "\(command): \(run.err)")
      #expect(run.err.hasSuffix("error: cannot write standard output: No space left on device\n"), "\(command)")
      #expect(!run.err.contains("Fatal error") && !run.err.contains("crashed"), "\(command)")
    }
  }

  /// With SIGPIPE ignored by the parent (as `os.system` and some service managers do) a closed pipe is EPIPE:
  /// the run stops quietly with 141 instead of crashing; with the default SIGPIPE the shell reports 141 too.
  @Test func closedPipeWithSigpipeIgnoredOrNot() throws {
    let big = scratch.file("big.jsonl", String(repeating: "{\"profile_id\":\"x\"}\n", count: 20_000))
    for trap in ["trap '' PIPE;", ""] {
      let run = try shell(
        "(\(trap) $P resolve --profiles \(big) --jobs 2 | head -1 > /dev/null; echo \"status=${PIPESTATUS[0]}\" >&2)")
      #expect(run.err == "status=141\n", "trap '\(trap)': \(run.err)")
    }
  }

  /// A chunk whose decisions could not be written logs no exposure and no assignment: with SIGPIPE ignored the
  /// failed write returns (EPIPE here, in-process), and the logs then hold exactly what a run over the chunks
  /// written before it logs. 3,000 profiles are two chunks (2,048 + 952): yoga fans, exposed to `yoga_offer`,
  /// and music fans, drawn into the sticky `music_paywalls`.
  @Test func aChunkWhoseWriteFailedIsNotLogged() throws {
    let musicFan = { (id: String) in
      #"{"profile_id":"\#(id)","custom_attributes":{"interests":["music"],"birthday":"1990-01-01"}}"#
    }
    let lines = (0..<3_000).map { $0 % 2 == 0 ? ExposureLogTests.yogaFan("fan-\($0)") : musicFan("fan-\($0)") }
    /// The exposure and assignment lines of a run over the first `profiles` lines whose output fails after
    /// `okWrites` writes.
    func logs(_ profiles: Int, okWrites: Int, jobs: String) throws -> (status: Int32, [Substring], [Substring]) {
      let name = "\(profiles)-\(okWrites)-\(jobs)"
      let input = scratch.file("fans-\(name).jsonl", lines.prefix(profiles).joined(separator: "\n") + "\n")
      let (log, sticky) = (scratch.path + "/exposures-\(name).jsonl", scratch.path + "/assignments-\(name).jsonl")
      let run = failingOutput(
        [
          "resolve", "--profiles", input, "--rules", repo("Rules"), "--now", "2026-12-01T00:00:00Z",
          "--exposures", log, "--assignments-out", sticky, "--jobs", jobs,
        ], code: EPIPE, okWrites: okWrites)
      let read = { (path: String) in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") }
      return (run.status, try read(log), try read(sticky))
    }
    let firstChunk = try logs(2_048, okWrites: .max, jobs: "1")
    #expect(firstChunk.0 == 0 && firstChunk.1.count > 1_000 && firstChunk.2.count > 100)
    for jobs in ["1", "2"] {
      let none = try logs(3_000, okWrites: 0, jobs: jobs)
      #expect(none.0 == 141 && none.1.isEmpty && none.2.isEmpty, "--jobs \(jobs)")
      let one = try logs(3_000, okWrites: 1, jobs: jobs)
      #expect(one.0 == 141, "--jobs \(jobs)")
      #expect(one.1 == firstChunk.1 && one.2 == firstChunk.2, "--jobs \(jobs)")
    }
  }

  /// A chunk whose write failed (ENOSPC: exit 74, standard error still works) is not logged, but its lines are
  /// still accounted for: the summary never calls them "blank lines skipped", and its bad lines are still
  /// reported. 3,000 lines, none blank, every 100th invalid; `--jobs 1` stops reading after the first chunk
  /// (2,048 lines), `--jobs 2` has read all 3,000 by then.
  @Test func aChunkWhoseWriteFailedIsStillCounted() throws {
    let lines = (0..<3_000).map { $0 % 100 == 0 ? "not json \($0)" : #"{"profile_id":"p-\#($0)"}"# }
    let input = scratch.file("counted.jsonl", lines.joined(separator: "\n") + "\n")
    for (jobs, read) in [("1", 2_048), ("2", 3_000)] {
      let run = failingOutput(
        ["resolve", "--profiles", input, "--rules", repo("Rules"), "--jobs", jobs], code: ENOSPC, okWrites: 0)
      #expect(run.status == 74, "--jobs \(jobs)")
      let failed = (read + 99) / 100
      #expect(
        run.err.contains(
          "\(read - failed) profiles resolved, \(failed) lines failed; standard output failed: no decision was written\n"
        ),
        "--jobs \(jobs): \(run.err)")
      #expect(!run.err.contains("blank line"), "--jobs \(jobs): \(run.err)")
      #expect(run.err.components(separatedBy: "error: invalid JSON").count == failed + 1, "--jobs \(jobs)")
    }
  }

  /// After a first chunk written, the summary names the last line whose decisions were delivered.
  @Test func theSummarySaysWhichDecisionsWereWritten() throws {
    let lines = (0..<3_000).map { #"{"profile_id":"p-\#($0)"}"# }
    let input = scratch.file("written.jsonl", lines.joined(separator: "\n") + "\n")
    let run = failingOutput(
      ["resolve", "--profiles", input, "--rules", repo("Rules"), "--jobs", "1"], code: ENOSPC, okWrites: 1)
    #expect(run.status == 74)
    #expect(
      run.err.contains(
        "3000 profiles resolved, 0 lines failed; standard output failed: decisions written for lines 1–2048 only\n"),
      "\(run.err)")
    #expect(run.err.contains("error: cannot write standard output: No space left on device"))
  }

  /// D2: a read error is never taken for the end of the input. An `LD_PRELOAD` shim fails `read()` on stdin with
  /// EIO after 3 lines; the 3 lines resolve, then the run stops with exit 74 and says where.
  @Test func readErrorOnStandardInputIsExit74() throws {
    let shim = scratch.file(
      "failread.c",
      """
      #define _GNU_SOURCE
      #include <dlfcn.h>
      #include <errno.h>
      #include <stdlib.h>
      #include <unistd.h>
      static ssize_t (*real_read)(int, void *, size_t); static long long total;
      ssize_t read(int fd, void *buf, size_t n) {
        if (!real_read) real_read = dlsym(RTLD_NEXT, "read");
        const char *l = getenv("FAIL_AFTER");
        if (l && fd == 0 && total >= atoll(l)) { errno = EIO; return -1; }
        if (l && fd == 0 && total + (long long)n > atoll(l)) n = atoll(l) - total;
        ssize_t r = real_read(fd, buf, n); if (fd == 0 && r > 0) total += r; return r; }
      """)
    let library = scratch.path + "/failread.so"
    let built = try shell("gcc -shared -fPIC \(shim) -o \(library) -ldl")
    try #require(built.status == 0, "\(built.err)")
    let line = "{\"profile_id\":\"p\"}\n"
    let input = scratch.file("in.jsonl", String(repeating: line, count: 10))
    let run = try shell(
      "LD_PRELOAD=\(library) FAIL_AFTER=\(3 * line.utf8.count) $P resolve --profiles - --placement onboarding_end < \(input)"
    )
    #expect(run.status == 74)
    #expect(run.out.split(separator: "\n").count == 3)
    #expect(
      run.err
        == "3 profiles resolved, 0 lines failed\nerror: cannot read '<stdin>': input/output error after line 3; the rest of the input was not read\n"
    )
    let ingest = try shell("LD_PRELOAD=\(library) FAIL_AFTER=10 $P ingest - < \(input)")
    #expect(ingest.status == 74)
    #expect(ingest.out == "")
    #expect(
      ingest.err.hasSuffix(
        "error: cannot read '<stdin>': input/output error after line 0; the rest of the input was not read\n"))
    let single = try shell("LD_PRELOAD=\(library) FAIL_AFTER=5 $P resolve --profile - < \(input)")
    #expect(single.status == 74)
    #expect(single.err == "error: cannot read '<stdin>': input/output error\n")
    // diff's sample reads through the same reader: a read error is 74, not a shorter sample.
    let diff = try shell(
      "LD_PRELOAD=\(library) FAIL_AFTER=\(3 * line.utf8.count) $P diff Rules Rules --profiles - < \(input)")
    #expect(diff.status == 74)
    #expect(
      diff.err.hasSuffix(
        "error: cannot read '<stdin>': input/output error after line 3; the rest of the input was not read\n"),
      "\(diff.err)")
  }

  /// P-15: the embedding example reads standard input as bytes like the CLI (invalid UTF-8 fails its line, CRLF
  /// works), and a full output is an error, not a crash.
  @Test func backendExampleReadsBytesAndSurvivesAFullOutput() throws {
    let run = try shell(#"printf '{"profile_id":"bad-\xff"}\n{"profile_id":"ok"}\r\n' | $B"#)
    #expect(run.status == 0, "\(run.err)")
    let lines = run.out.split(separator: "\n")
    #expect(lines.first == #"{"error":"invalid JSON: invalid utf-8 byte sequence (line 1, column 20)","line":1}"#)
    #expect(lines.count == 4)
    #expect(lines.dropFirst().allSatisfy { $0.contains(#""profile_id":"ok""#) })
    let full = try shell(#"printf '{"profile_id":"ok"}\n' | $B > /dev/full"#)
    #expect(full.status == 74)
    #expect(
      full.err.hasSuffix("backend-example: cannot write standard output: No space left on device\n"), "\(full.err)")
  }

  /// Standard error full or closed: the exit status still says the run was not clean (74).
  @Test func failingStandardErrorIsExit74() throws {
    // 3 of the 7 lines resolve (line 4's numeric profile_id costs only the id), 3 placements each: 9 decisions.
    let full = try shell(
      "$P resolve --profiles Examples/broken/mixed-batch.jsonl 2>/dev/full | wc -l; echo \"status=${PIPESTATUS[0]}\"")
    #expect(full.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == ["9", "status=74"])
    let closed = try shell("$P resolve --profiles Examples/profiles/batch.jsonl > /dev/null 2>&-; echo \"status=$?\"")
    #expect(closed.out == "status=74\n")
  }

  /// P-4: the scratch folder tests use is removed with everything in it.
  @Test func scratchFolderLeavesNothingBehind() {
    var path = ""
    do {
      let folder = ScratchFolder()
      path = folder.path
      folder.file("a/b.rules", "segment a = country == \"US\"\n")
      #expect(FileManager.default.fileExists(atPath: path + "/a/b.rules"))
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}

/// Usage texts; `placement --help` and `placement <command> --help` print these.
enum Help {
  static let version = "0.1.0"

  static let overview = """
    placement: segmentation and placement-targeting rules engine

    usage: placement <command> [options]
           placement --version | --help | <command> --help

    commands:
      resolve    decide what profiles get at placements (one profile or JSON Lines)
      ingest     turn flow_user_input events into a profile's custom attributes
      audiences  show a placement's audience table (priority, segments, A/B splits, fallback)
      fmt        rewrite rules files in the canonical layout (--check: only report)
      test       run the rule tests kept next to the rules (Rules/tests/*.json)
      lint       check rules for mistakes (compiler diagnostics and lint rules; text, json, github, sarif)
      diff       what a rules change does: decision changes with example profiles, A/B test safety, CI checks
      lsp        run the language server for editors (LSP 3.17 on stdin/stdout; docs/Editors.md)
      bundle     build, verify or show a rules bundle: one versioned file of a rules folder (docs/Bundles.md)
      serve      answer decisions over HTTP: OpenFeature's OFREP and native JSON routes (docs/Serve.md)
      export     write the offline fallback file: each placement's default content and config, no tests

    Rules are read from Rules/ unless --rules PATH is given; --verbose (every command but lsp) names the rules
    files skipped; --strict (resolve, audiences, ingest, test, lint, export) makes a rules warning fail the
    command.
    Exit codes: 0 ok, 1 findings or failed lines, 64 usage, 65 bad input data, 66 cannot open an input,
    70 internal error, 74 read or write error, 141 output closed (a pipe whose reader ended).
    Run 'placement <command> --help' for a command's options.

    """

  static let command: [String: String] = [
    "diff": DiffHelp.text,
    "serve": ServeHelp.text,
    "lsp": LSPCommand.help,
    "export": ExportCommand.help,
    "bundle": """
    usage: placement bundle build [RULES] -o FILE [--with-tests] [--revision TEXT] [--verbose]
           placement bundle verify FILE [--verbose]
           placement bundle show FILE [--format text|json] [--verbose]

    A rules bundle is one file holding a rules folder: its *.rules files, the config files their contents
    name (config ... from "<path>") and, if asked, its tests/ folder, in a deterministic ustar archive with a
    manifest (format_version, rules_version, tool_version, revision, each file's SHA-256 and size). The same
    rules always give the same bytes, and rules_version is the same for the folder and every bundle built from
    it. Every command that reads rules (--rules, lint, test) takes a bundle where it takes a folder. See
    docs/Bundles.md.

    actions:
      build [RULES]     compile the rules folder (default: Rules; or --rules PATH) and, when it has no
                        error, write its bundle to FILE (replaced atomically); prints rules_version
      verify FILE       check the archive, every file against its digest, rules_version against the
                        files, and that the rules compile
      show FILE         print the manifest (text, or --format json: the manifest's own JSON)

    options:
      -o, --output FILE   the bundle to write (build)
      --with-tests        also carry every file below RULES/tests (rule tests, their profiles and events)
      --revision TEXT     a revision recorded in the manifest, e.g. $(git rev-parse --short HEAD)
      --rules PATH        the rules folder to build, instead of the RULES operand
      --format FORMAT     text (default) or json (show)
      --verbose           name on stderr each rules file skipped (hidden files, editor lock files)

    exit: 0 ok; 64 usage; 65 rules that do not compile, or a bundle that is not valid, corrupt or modified
    since it was built; 66 a path is missing; 74 a write failed.

    """,
    "lint": """
    usage: placement lint [PATHS...] [--rules PATH] [--format text|json|github|sarif] [--strict] [--now T]
                          [--verbose]

    Compiles the rules files at PATHS (files or folders; default: Rules) and runs the lint rules: unreachable
    and overlapping rows (with an example profile), segments that never or always match, negations that also
    match profiles without the attribute (flow answers and every other attribute; none under 'dialect
    adapty'), titles used as ids, Adapty limits and values (language codes, attribution status, variation ids,
    ids differing by case, two spellings of a custom string), ambiguous elements, list literal slips, unused
    declarations.
    Findings go to stdout. '# placement-lint: disable=<code>' on the line (or alone on the line above)
    suppresses a lint finding; see docs/Lint.md. A file is compiled with the PATHS given only: a name it takes
    from another file of its folder is reported unknown, with notes saying where it is declared (lint the
    folder, which is one rule set, to lint it as the other commands read it).

    options:
      --format FORMAT   text (default; as the compiler), json (an array, suppressed findings marked),
                        github (workflow command annotations) or sarif (SARIF 2.1.0)
      --rules PATH      a rules file or folder, as in the other commands (repeatable; with PATHS too)
      --strict          warnings fail too (an empty rule set's no-placements warning included)
      --now T           the instant relative date conditions are judged at (ISO-8601 with an offset, or
                        YYYY-MM-DD; default 2026-01-01T00:00:00Z, fixed so findings are reproducible), and
                        schedules too (schedule-ended; default for schedules: the current time)
      --verbose         name on stderr each rules file skipped (hidden files, editor lock files, dangling links)

    exit: 0 clean; 1 errors found (or warnings with --strict); 64 usage; 66 a path is missing.

    """,
    "resolve": """
    usage: placement resolve (--profile FILE | --profiles FILE|-) [options]

    Resolves placements for a profile (one JSON object) or a JSON Lines stream of profiles, and prints one
    decision per profile and placement as JSON Lines (or text). A decision whose content declares a remote
    config carries "config" and "locale": the config of the profile's "locale" (docs/Language.md).

    options:
      --profile FILE       one profile as JSON ('-' reads standard input); --jobs, --errors, --key, --emit
                           and --summary-json are for --profiles only
      --profiles FILE|-    JSON Lines, one profile per line, read and written in chunks of 2,048 lines, in
                           input order (a live pipe sees a chunk's decisions when it fills or the input ends);
                           a bad line is reported with its line number and the others continue
      --jobs N             resolve --profiles on N threads, N from 1 to 256 (default 1); the output is the same
                           for any N
      --errors stderr|inline
                           where bad lines are reported: on stderr (default) or as {"line": n, "error": "..."}
                           records in the output, and then a failed line does not make the exit status 1
      --emit KINDS         write records, one JSON object per line with a "record" member, all on standard
                           output: KINDS is a comma-separated list of decisions, exposures, assignments
                           (default with --key or --summary-json: decisions); decision and assignment records
                           gain rules_version and resolved_at (docs/Batch.md)
      --key FIELD          copy the top-level member FIELD of each input line, as JSON, into every record of
                           that line (error records too; null when absent); not a profile attribute, so no
                           unknown-member warning
      --summary-json       end the record stream with a summary record: counts, rules_version, now, timings
      --placement ID       resolve only this placement (repeatable, each resolved once); default: every placement
      --rules PATH         rules file or directory (default: Rules)
      --explain            include why each row did or did not decide
      --exposures FILE     also write the exposure log: one JSON line per test each profile took part in
                           (profile_id, placement, rules_version, resolved_at, test, version_id, variation,
                           bucket, outcome), to join experiment results with purchases
      --shown FILE         with --profile: also write one "shown" event per placement that shows a flow or
                           paywall, the line to append to the profile's "events" once shown (frequency caps)
      --now INSTANT        the time for relative date conditions and schedules: ISO-8601 with an offset or
                           YYYY-MM-DD at 00:00 UTC (default: the current time)
      --format json|text   output format (default: json)
      --allow-overrides    honour a profile's "force": {"<test>": "<variation>"} (QA only; without it, force is
                           ignored with a warning)
      --default-audience   decide every placement by its default row, whatever the rows above it (segments,
                           tests, layers, QA overrides) say: Adapty's getPaywallForDefaultAudience; a default
                           row that is a test draws as usual
      --assignments-out FILE
                           write the new sticky assignments to persist, one JSON line per profile:
                           {"profile_id": ..., "assignments": {"<version_id>": "<variation>"}}
      --strict             exit 65 when the rules have a warning (e.g. no-placements), before resolving
      --verbose            name on stderr each rules file skipped (hidden files, editor lock files, dangling
                           links), and the rules_version and now the run resolves with

    Every decision carries a reason (TARGETING_MATCH, SPLIT, DEFAULT, STATIC, DISABLED, OVERRIDE, STICKY,
    SCHEDULED_OUT, CAPPED, PREREQUISITE_FAILED) and its exposures (docs/ABTests.md).

    With --profiles, a summary goes to stderr, and a progress line too when stderr is a terminal; blank lines
    are skipped and counted (an empty --profiles input is a batch of none: exit 0). With --format text each
    profile's decisions follow a 'profile ID (line N):' line, and a profile's warnings (a value that cannot be
    coerced, …) come once, above its first decision; in JSON every decision line carries them.

    exit: 0 ok (also when only lines failed, with --errors inline); 1 some lines of --profiles failed; 64 usage;
    65 rules do not compile (or have a warning, with --strict), the profile is invalid, or a placement is
    unknown; 66 a file is missing, a directory or unreadable, or the --profile file is empty; 74 reading the
    input failed part-way, or the --exposures, --assignments-out or --shown file cannot be written.

    """,
    "ingest": """
    usage: placement ingest EVENTS.jsonl|- [--profile FILE] [--rules PATH] [--adapty] [--strict] [--verbose]

    Applies flow_user_input events (JSON Lines, in order: last value wins) to a profile (empty by default)
    and prints the profile with the custom attributes derived from the rules' declarations.
    SDK 3.x onStateUpdatedAction events give the same answers; the onboarding analytics events
    (onboarding_started, screen_presented, screen_completed, second_screen_presented, user_email_collected,
    onboarding_completed) are kept in "events" and decide flow_completed and the defaults of screens presented.
    Other event names are ignored; a malformed event is reported with its line and skipped.
    Errors and warnings are printed in line order.

    options:
      --profile FILE   start from this profile: its own events apply first; the events an attribute reads
                       are folded into custom_attributes, the others stay in "events", so resolving the
                       printed profile decides on the new answers
      --rules PATH     rules file or directory (default: Rules)
      --adapty         check the derived custom attributes against Adapty's limits (keys of 1-30
                       characters of [A-Za-z0-9._-]; strings of 1-50 characters, or numbers; at most 30)
      --strict         exit 65 when the rules have a warning (e.g. no-placements), before reading the events
      --verbose        name on stderr each rules file skipped (hidden files, editor lock files, dangling links)

    Answers that do not fit their attribute are reported on stderr as warnings; stdout holds only the profile.

    exit: 0 ok; 1 some events were skipped (summary: 'N lines: A applied, S skipped') or --adapty found a
    problem; 65 invalid profile or rules (or a rules warning, with --strict); 66 a file is missing or a
    directory; 74 reading failed part-way.

    """,
    "audiences": """
    usage: placement audiences [PLACEMENT] [--rules PATH] [--format text|json] [--now T] [--strict] [--verbose]

    With a placement, prints its audience table in priority order (0 is checked first): each row's segment
    and condition, its content or A/B split (variation, weight, content, version id), and marks for
    cross-placement rows (checked before the placement's own rows), rows that fall through, and holdouts;
    then the fallback path: the default row, and which rows continue with the next row; then the entry rules
    of its cross-placement tests, its layered rows, the locales of each content with a remote config, and the
    rules' dialect when they declare one.
    Without a placement, lists the placements with their content type and row counts, then each layer's
    allocation.

    options:
      --rules PATH         rules file or directory (default: Rules)
      --format text|json   output format (default: text); the JSON shape is in docs/ABTests.md
      --now T              judge schedules at T (ISO-8601 with an offset, or YYYY-MM-DD at 00:00 UTC; default:
                           the current time): each scheduled row is marked scheduled, live or ended, and the
                           list counts live rows
      --strict             exit 65 when the rules have a warning (e.g. no-placements)
      --verbose            name on stderr each rules file skipped (hidden files, editor lock files, dangling
                           links)

    exit: 0 ok; 64 usage; 65 rules do not compile (or have a warning, with --strict) or the placement is
    unknown; 66 a file is missing.

    """,
    "fmt": """
    usage: placement fmt [PATHS] [--check] [--verbose]

    Rewrites rules files in their canonical layout: one declaration per line group, canonical spacing,
    audience tables with the '->' aligned, comments kept. PATHS are .rules files or directories (every
    *.rules below them); default: Rules. 'placement fmt -' formats standard input to standard output.
    A file is replaced atomically (temporary file, then rename); a file with syntax errors is reported and
    left untouched. A symbolic link is followed: its target is rewritten, keeping its mode. Files that change
    are named on stdout. '-' cannot be mixed with paths. The layout is described in docs/Formatting.md.

    options:
      --check     write nothing; name each file that would change
      --verbose   name on stderr each rules file skipped (hidden files, editor lock files, dangling links)

    exit: 0 ok (with --check: every file is formatted); 1 with --check: some file would change;
    65 a file has syntax errors; 66 a path is missing; 70 the formatter's safety check refused a layout.

    """,
    "test": """
    usage: placement test [PATHS] [--rules PATH] [--coverage] [--now T] [--allow-overrides] [--strict]
                          [--verbose]

    Runs rule tests: JSON files of cases, each a profile (inline, a profile file, or a flow events file) and
    the expected decision per placement (content, row, A/B test and variation, why earlier rows did not
    match). The format is described in docs/RuleTests.md. Files are relative to the test file; kept beside
    the tests (tests/profiles/, tests/events/), they travel with a copy of the rules folder.
    PATHS (default: Rules) are rules folders, whose tests are the *.json files in their 'tests' folder, test
    folders (run against their parent folder), or test files (run against the parent of their 'tests' folder).
    Each failure is printed with expected and actual values and the explain trace; the last line is
    'N passed, N failed'.

    options:
      --rules PATH   compile the rules from PATH instead
      --coverage     list the rows no case's decision came from
      --now T        the instant for cases whose file and case set no 'now' (default: the current time)
      --allow-overrides
                     honour every case profile's "force" (a case may set "allow_overrides": true instead)
      --strict       exit 65 when the rules have a warning (e.g. no-placements), before any case runs
      --verbose      name on stderr each rules file skipped (hidden files, editor lock files, dangling links)

    exit: 0 all passed; 1 some case failed; 65 the rules do not compile (or have a warning, with --strict) or a
    test file is malformed (the file and JSON path are named); 66 a path is missing or no test file is found.

    """,
  ]
}

/// `placement diff --help`.
enum DiffHelp {
  static let text = """
    usage: placement diff OLD [NEW] [--rules PATH] [--profiles FILE] [--now INSTANT] [--format FORMAT]
                          [--fail-on any|reassign|reassign-ids|config|content:ID]... [--expect equivalent]
                          [--time-budget SECONDS] [--verbose]

    Compares two rule sets and reports, per placement, every change of decision some profile can get
    (old decision → new decision), each with an example profile that both rule sets resolve to exactly those
    decisions, the rows that decided and why (row added, removed or moved, segment narrowed, widened or both,
    content or test changed), at --now and at every stretch of time where other windows are live. A
    placement is "equivalent" only when the reasoner proves that no profile can change decision; one where it
    found no change but could not prove it reads "unknown: not proved equivalent", with what was left
    undecided (every check below fails on it). One whose QA overrides changed (its own
    'override <placement>: …', or a variation override of a test its rows hold: added, removed, rewritten, or
    naming a segment that changed) reads "overrides changed", with the overrides listed.
    A/B tests are checked for safety: re-weighted under the same version (the exact shares of profiles that
    change content and that change variation id; a variation renamed with its content and weight is
    variation-renamed), a new version (everyone re-draws), profiles taken out of a running test.

    OLD and NEW are rules files or folders, or git revisions: 'placement diff main' compares the rules at
    --rules (default: Rules) with the same path at 'main' (read with git, the working tree is not touched);
    REV:PATH reads another path at a revision. NEW defaults to --rules (default: Rules).

    options:
      --rules PATH          the rules path NEW defaults to, and read at a revision (default: Rules)
      --profiles FILE       also resolve this JSON Lines sample with both rule sets ('-' reads standard input):
                            per placement how many profiles change, the top transitions with example ids
      --now INSTANT         the instant to compare at (ISO-8601 with an offset, or YYYY-MM-DD at 00:00 UTC;
                            default: the current time): relative dates, schedules and the example profiles
                            depend on it, and the summary states it; pin it for output that must repeat (a
                            pull-request comment: --now "$(date -u +%F)")
      --format FORMAT       text (default), json (everything, the sample's full matrix included), markdown
                            (a pull-request comment), github (workflow annotations on the changed rows) or
                            sarif (SARIF 2.1.0)
      --fail-on CHECK       exit 1 when: 'any' profile changes decision (a changed override that applies at
                            a placement counts; so does a placement added or removed);
                            'reassign': profiles of a running A/B test see other content
                            (reassigns-running-test); 'reassign-ids': also a rename (variation-renamed);
                            'config': a content's remote config changed (see below);
                            'content:ID': some profile newly sees paywall or flow ID. Repeatable. A placement
                            with anything undecided (unknown, skipped, or a changed one's undecided pairs)
                            fails each check it could hide.
      --expect equivalent   exit 1 unless every placement is proved equivalent and no override changed
                            (for refactorings)
      --time-budget SECONDS stop comparing after this long and list the placements skipped (default: 8)
      --verbose             name on stderr each rules file skipped in a folder (hidden files, editor lock
                            files, dangling links)

    A re-weighted sticky test ('test … sticky') reassigns nobody who carries an assignment: diff reports it
    as sticky-reweighted (info), and as reassigns-running-test only for profiles without one.

    Remote configs are compared per content and locale and listed under 'configs': a declaration added
    or removed, a locale added or removed, the default locale changed, a locale's JSON changed (with the
    top-level keys that differ). A config change is not a decision change: every profile keeps its
    decision, so 'any' and '--expect equivalent' ignore it; '--fail-on config' catches it.

    exit: 0 ok (or every check passed); 1 a check failed; 64 usage; 65 rules do not compile; 66 a path or
    revision is missing.

    """
}

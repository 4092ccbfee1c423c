"""End-to-end test of `placement lsp` driven by a real LSP client (pytest-lsp, on pygls and lsprotocol).

The server runs as a subprocess on a copy of the shipped Rules/ plus one file with three mistakes; the test
checks the diagnostics' codes and ranges, applies a quick fix, hovers, goes to a definition, renames a segment
across two files and the rule tests (which then still pass), formats a file and shuts the server down. PLACEMENT_BIN names the executable (default
.build/debug/placement).
"""

import asyncio
import os
import pathlib
import re
import shutil
import subprocess
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPO = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("PLACEMENT_BIN", str(REPO / ".build" / "debug" / "placement"))

# Three mistakes, each marked «…»: an option id, an attribute name and a row's segment, all misspelt.
MISTAKES = """\
segment experts = experience == «professional»
segment fans = «interest» has music

placement mistakes_end: flow {
  «expertz» -> flow expert_onboarding
  fans -> flow fan_onboarding
  pros    -> flow pro_onboarding
  default -> flow generic_onboarding
}
"""


def unmark(marked):
    """The text without markers and the (line, character) ranges of the marked spans (ASCII text)."""
    text, ranges, offset = "", [], 0
    for part in re.split(r"(«|»)", marked):
        if part == "«":
            start = len(text)
        elif part == "»":
            ranges.append((position(text, start), position(text, len(text))))
        else:
            text += part
    return text, ranges


def position(text, offset):
    line = text.count("\n", 0, offset)
    return (line, offset - (text.rfind("\n", 0, offset) + 1))


def as_tuple(range_):
    return ((range_.start.line, range_.start.character), (range_.end.line, range_.end.character))


def apply(text, edits):
    """Applies LSP TextEdits (ASCII text) from the last to the first."""
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def offset(p):
        return starts[p.line] + p.character if p.line < len(starts) else len(text)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


WORKSPACE = pathlib.Path(tempfile.mkdtemp(prefix="placement-lsp-e2e-"))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp", "--stdio"]))
async def client(lsp_client: LanguageClient):
    shutil.copytree(REPO / "Rules", WORKSPACE / "Rules", dirs_exist_ok=True)
    params = types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        root_uri=(WORKSPACE).as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=WORKSPACE.as_uri(), name="rules")],
        initialization_options={"debounceMilliseconds": 50},
    )
    result = await lsp_client.initialize_session(params)
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf16
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(WORKSPACE, ignore_errors=True)


async def diagnostics(client, uri, seconds=10.0):
    """Waits until diagnostics for `uri` were published after the last call to `client.diagnostics.pop`."""
    for _ in range(int(seconds / 0.05)):
        if uri in client.diagnostics:
            return client.diagnostics[uri]
        await asyncio.sleep(0.05)
    raise AssertionError(f"no diagnostics published for {uri}")


async def test_editing_session(client: LanguageClient):
    text, marked = unmark(MISTAKES)
    uri = (WORKSPACE / "Rules" / "mistakes.rules").as_uri()
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="placement", version=1, text=text)
        )
    )

    # Three mistakes: three error diagnostics at the marked ranges, with codes and documentation links.
    errors = [d for d in await diagnostics(client, uri) if d.severity == types.DiagnosticSeverity.Error]
    assert [d.code for d in errors] == ["unknown-option", "unknown-attribute", "unknown-segment"]
    assert [as_tuple(d.range) for d in errors] == marked
    assert all(d.source == "placement" for d in errors)

    # The quick fix for the misspelt segment (a did-you-mean) makes that diagnostic go away.
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=errors[2].range,
            context=types.CodeActionContext(diagnostics=[errors[2]]),
        )
    )
    fix = next(a for a in actions if a.kind == types.CodeActionKind.QuickFix and a.diagnostics[0].code == "unknown-segment")
    fixed = apply(text, fix.edit.changes[uri])
    assert "  experts -> flow expert_onboarding" in fixed
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    remaining = [d.code for d in await diagnostics(client, uri) if d.severity == types.DiagnosticSeverity.Error]
    assert remaining == ["unknown-option", "unknown-attribute"]

    # Hover on `experience`: its type, source and the options with their titles.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=20))
    )
    assert "attribute experience: choice" in hover.contents.value
    assert "| `pro` | I train professionally |" in hover.contents.value

    # Go to definition of `pros` (row 3 of the table): its declaration in onboarding.rules.
    onboarding = (WORKSPACE / "Rules" / "onboarding.rules").as_uri()
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=6, character=3))
    )
    assert [(d.uri, as_tuple(d.range)) for d in definition] == [(onboarding, ((2, 8), (2, 12)))]

    # Rename `pros` everywhere: its declaration in onboarding.rules, its use in paywall.rules and here, and the
    # rule tests that name its row. Applied on disk, the rule tests still pass.
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=6, character=3), new_name="experts_pro"
        )
    )
    paywall = (WORKSPACE / "Rules" / "paywall.rules").as_uri()
    tests = (WORKSPACE / "Rules" / "tests" / "onboarding.json").as_uri()
    # promotions.rules reads the row by name (`row(onboarding_end) == pros`), and its rule tests name it too.
    promotions = (WORKSPACE / "Rules" / "promotions.rules").as_uri()
    promotion_tests = (WORKSPACE / "Rules" / "tests" / "promotions.json").as_uri()
    assert set(edit.changes) == {uri, onboarding, paywall, tests, promotions, promotion_tests}
    for name in ("onboarding.rules", "paywall.rules", "tests/onboarding.json", "promotions.rules", "tests/promotions.json"):
        path = WORKSPACE / "Rules" / name
        path.write_text(apply(path.read_text(), edit.changes[path.as_uri()]))
    assert "segment pros_on_new_app = experts_pro and app_version >= 2.3" in (WORKSPACE / "Rules" / "paywall.rules").read_text()
    assert '"row": "experts_pro"' in (WORKSPACE / "Rules" / "tests" / "onboarding.json").read_text()
    run = subprocess.run([BINARY, "test", str(WORKSPACE / "Rules")], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr

    # Formatting gives the canonical layout (`placement fmt`): the table's arrows aligned (`fans` was not).
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)
        )
    )
    formatted = apply(fixed, edits)
    assert "  experts -> flow expert_onboarding\n  fans    -> flow fan_onboarding" in formatted
    assert formatted != fixed

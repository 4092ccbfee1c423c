// Starts `placement lsp` for .rules files (vscode-languageclient; run `npm install` in this folder first).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("placement").get("server.path", "placement");
  const server = { command, args: ["lsp"] };
  client = new LanguageClient("placement", "Placement rules", server, {
    documentSelector: [{ scheme: "file", language: "placement" }, { scheme: "untitled", language: "placement" }],
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.rules") },
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

// `import PlacementKit` gives a backend every public type: the engine core and the analysis modules are re-exported,
// so the module split does not change what users import. Only their `public` declarations reach a backend; the
// rest is `package`, for the CLI, the language server, the server and the tests.
@_exported import PlacementAnalysis
@_exported import PlacementCore
@_exported import PlacementFormat

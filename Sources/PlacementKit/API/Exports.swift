// `import PlacementKit` gives a backend every public type: the engine core and the analysis modules are re-exported,
// so the module split does not change what users import.
@_exported import PlacementAnalysis
@_exported import PlacementCore
@_exported import PlacementFormat

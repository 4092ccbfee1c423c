import Foundation
import PlacementCLI

// All logic lives in PlacementCLI so it can be tested in-process.
exit(PlacementTool.run(Array(CommandLine.arguments.dropFirst()), console: .standard()))

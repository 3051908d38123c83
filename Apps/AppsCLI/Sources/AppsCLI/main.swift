import AppsCLIKit
import Foundation

// The composition root's entry: everything else lives in AppsCLIKit so it can be tested.
let status = await AppsCLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)

import AppsCLIKit
import Foundation

// The composition root's entry: everything else lives in AppsCLIKit so it can be tested.

// A closed stdout or stderr (`| head`, `2>&-`) must be a write error apps-cli reports (exit 74),
// not a SIGPIPE that kills it without a word.
signal(SIGPIPE, SIG_IGN)
let status = await AppsCLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)

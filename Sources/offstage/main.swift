import Foundation
import OffstageSignals

// First, before any thread exists: SIGINT, SIGTERM and SIGHUP are blocked in every thread and taken on one.
ProcessSignals.route()
signal(SIGPIPE, SIG_IGN)
exit(OffstageCommandLine.run(Array(CommandLine.arguments.dropFirst())))

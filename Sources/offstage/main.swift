import Foundation

signal(SIGPIPE, SIG_IGN)
exit(OffstageCommandLine.run(Array(CommandLine.arguments.dropFirst())))

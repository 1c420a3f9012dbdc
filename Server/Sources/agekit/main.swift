import AgeKitCLI
import Foundation

// exit(3) with the command's status, through Foundation: the executable calls nothing else
// of the system.
exit(await AgeKitCLI.main(Array(CommandLine.arguments.dropFirst())))

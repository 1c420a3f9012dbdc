import AgeKitCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(await AgeKitCLI.main(Array(CommandLine.arguments.dropFirst())))

/// `agekit bench`: throughput measurements. Subcommands live in `Bench*.swift` files.
struct BenchCommand: Command {
    static let name = "bench"
    static let summary = "Measure throughput (verify: App Store payload verification)."
    static let table = OptionTable(
        column: 16,
        [
            .valued("vectors", "DIR", "Directory of signed payloads (required)."),
            .valued("root", "FILE", "Root certificate to trust; repeatable."),
            .valued("seconds", "N", "CPU seconds per measurement (default 2)."),
            .valued("only", "MODE", "Measure only cold or only warm (for profiling)."),
            .flag("json", "One JSON object; \"cold_per_s\" and \"warm_per_s\" are for notifications."),
        ])
    static let options = table.options
    static let subcommands = [
        Subcommand(
            "verify", "Verifications per CPU-second of one thread, cold and warm, per payload kind.",
            options: options.map(\.name))
    ]
    static let help = """
        Usage: agekit bench verify --vectors DIR [--root FILE]... [--seconds N] [--only cold|warm] [--json]

        Subcommands:
          verify    Verifications per CPU-second of one thread (as openssl speed counts),
                    for each kind of payload in DIR:
                    cold (no chain cache: every chain parsed and verified again) and warm
                    (chain cache on). DIR holds *.jws files, optionally an index.json naming
                    each file's kind, and the root certificate (*.cer, *.der or *.pem) unless
                    --root is given.

        Options:
        \(table.text)
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        _ = try subcommand(arguments.first)
        return try BenchVerify.run(Array(arguments.dropFirst()), console)
    }
}

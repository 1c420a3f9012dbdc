import ConsentServer

/// Hand-written argument parsing: `--name value`, `--name=value`, boolean `--flag`,
/// repeated options and positionals, for the options a command declares (``Option``).
/// Every mistake is a ``CLIError/usage(_:)``.
package struct Arguments: Sendable {
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []
    package private(set) var positionals: [String] = []

    /// - Parameter declared: what the command declares; anything else is a usage error.
    package init(_ arguments: [String], _ declared: [Option]) throws(CLIError) {
        let valued = Set(declared.filter { $0.value != nil }.map(\.name))
        let allowedFlags = Set(declared.filter { $0.value == nil }.map(\.name))
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if allowedFlags.contains(name) {
                guard inlineValue == nil else { throw .usage("--\(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw .usage("--\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                options[name, default: []].append(value)
            } else {
                throw .usage(
                    "unknown option --\(name)"
                        + NearestName.hint(for: name, among: valued.union(allowedFlags), prefix: "--"))
            }
        }
    }

    package func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for an option.
    package func value(_ name: String) -> String? { options[name]?.last }

    /// Every value given for a repeatable option, in order.
    package func values(_ name: String) -> [String] { options[name] ?? [] }

    package func required(_ name: String) throws(CLIError) -> String {
        guard let value = value(name) else { throw .usage("--\(name) is required") }
        return value
    }

    /// Parses an option's value, naming the option when it does not parse.
    package func value<T>(_ name: String, as what: String, _ parse: (String) -> T?) throws(CLIError) -> T? {
        guard let text = value(name) else { return nil }
        guard let parsed = parse(text) else { throw .usage("--\(name): '\(text)' is not \(what)") }
        return parsed
    }
}

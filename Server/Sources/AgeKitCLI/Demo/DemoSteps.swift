/// The steps of `agekit demo` as they print: `[3/6] link: ...`, what each step saw indented
/// under it, and a failure that names the step it happened in.
struct DemoSteps {
    static let names = ["backend", "receiver", "link", "rescind", "account", "forwarded"]
    let console: Console
    private var current = names[0]

    init(console: Console) { self.console = console }

    mutating func begin(_ name: String, _ text: String) {
        current = name
        let number = (Self.names.firstIndex(of: name) ?? 0) + 1
        console.out("[\(number)/\(Self.names.count)] \(name): \(text)")
    }

    /// A line of what the current step saw.
    func say(_ line: String) { console.out("      " + line) }

    /// The current step's failure: exit 1 with its number and name.
    func failure(_ reason: String) -> CLIError {
        let number = (Self.names.firstIndex(of: current) ?? 0) + 1
        return .failure(code: "demo_failed", message: "step \(number) (\(current)) failed: \(reason)")
    }

    /// Runs `body`; what it throws fails the current step.
    func run<T, E: Error>(_ body: () throws(E) -> T) throws(CLIError) -> T {
        do {
            return try body()
        } catch {
            throw failure((error as? CLIError)?.message ?? "\(error)")
        }
    }

    func check(_ condition: Bool, _ reason: String) throws(CLIError) {
        if !condition { throw failure(reason) }
    }

    /// Shows an HTTP answer and fails the step unless its status is `status`; returns the body.
    @discardableResult
    func expect(_ status: Int, _ answer: DemoHTTP.Answer) throws(CLIError) -> String {
        say("HTTP \(answer.status) \(answer.body)")
        try check(answer.status == status, "expected HTTP \(status)")
        return answer.body
    }
}

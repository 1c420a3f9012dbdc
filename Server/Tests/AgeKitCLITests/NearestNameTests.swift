import ConsentServer
import Testing

@testable import AgeKitCLI

@Suite("Did you mean")
struct NearestNameTests {
    static let commands = ["serve", "check", "verify", "simulate", "events", "prune", "history", "version"]

    @Test(
        "a near miss names the closest name, a far one names none",
        arguments: [
            ("serv", "serve"), ("evnts", "events"), ("chekc", "check"), ("simulat", "simulate"),
            ("verison", "version"), ("histroy", "history"), ("xyz", nil), ("deploy", nil),
        ] as [(String, String?)])
    func suggestion(typed: String, expected: String?) {
        #expect(NearestName.suggestion(for: typed, among: Self.commands) == expected)
    }

    @Test("the distance counts insertions, deletions and substitutions")
    func distance() {
        #expect(NearestName.distance("kitten", "sitting") == 3)
        #expect(NearestName.distance("", "abc") == 3)
        #expect(NearestName.distance("same", "same") == 0)
    }
}

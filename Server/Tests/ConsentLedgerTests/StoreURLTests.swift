import ConsentLedger
import Testing

@Suite("StoreURL: which store a URL names")
struct StoreURLTests {
    @Test(
        "sqlite URLs name a file or memory",
        arguments: [
            ("sqlite:./agekit-data/agekit.sqlite", "./agekit-data/agekit.sqlite"),
            ("sqlite:ledger.sqlite", "ledger.sqlite"),
            ("sqlite:///var/lib/agekit/ledger.sqlite", "/var/lib/agekit/ledger.sqlite"),
            ("sqlite::memory:", ":memory:"),
            ("  sqlite:/tmp/x.sqlite  ", "/tmp/x.sqlite"),
        ])
    func sqlite(url: String, path: String) throws {
        guard case .sqlite(let parsed) = try StoreURL(parsing: url, environment: [:]) else {
            Issue.record("not an SQLite store")
            return
        }
        #expect(parsed == path)
    }

    @Test(
        "postgres URLs go to libpq, with our pool_size and schema taken out",
        arguments: [
            ("postgres://agekit@db.internal:5432/ledger", "postgres://agekit@db.internal:5432/ledger", 8, nil),
            ("postgresql://u@127.0.0.1/l?sslmode=require", "postgresql://u@127.0.0.1/l?sslmode=require", 8, nil),
            (
                "postgres://u@h/l?pool_size=32&sslmode=disable&schema=consent", "postgres://u@h/l?sslmode=disable", 32,
                "consent"
            ),
            ("postgresql:///ledger?host=/run/postgresql", "postgresql:///ledger?host=/run/postgresql", 8, nil),
        ] as [(String, String, Int, String?)])
    func postgres(url: String, connection: String, poolSize: Int, schema: String?) throws {
        guard case .postgres(let configuration) = try StoreURL(parsing: url, environment: [:]) else {
            Issue.record("not a PostgreSQL store")
            return
        }
        #expect(configuration.connection == connection)
        #expect(configuration.poolSize == poolSize)
        #expect(configuration.schema == schema)
    }

    @Test("batch_size sets how many writes share one PostgreSQL commit")
    func batchSize() throws {
        guard
            case .postgres(let configuration) = try StoreURL(
                parsing: "postgres://u@h/l?batch_size=32", environment: [:])
        else {
            Issue.record("not a PostgreSQL store")
            return
        }
        #expect(configuration.batchSize == 32)
        #expect(configuration.connection == "postgres://u@h/l")
    }

    @Test(
        "the password comes from the URL, else AGEKIT_STORE_PASSWORD, else PGPASSWORD",
        arguments: [
            ("postgres://u:inurl@h/l", ["AGEKIT_STORE_PASSWORD": "a", "PGPASSWORD": "p"], nil),
            ("postgres://u@h/l", ["AGEKIT_STORE_PASSWORD": "a", "PGPASSWORD": "p"], "a"),
            ("postgres://u@h/l", ["PGPASSWORD": "p"], "p"),
            ("postgres://u@h/l", [:], nil),
        ] as [(String, [String: String], String?)])
    func password(url: String, environment: [String: String], expected: String?) throws {
        guard case .postgres(let configuration) = try StoreURL(parsing: url, environment: environment) else {
            Issue.record("not a PostgreSQL store")
            return
        }
        #expect(configuration.password == expected)
    }

    @Test(
        "invalid store URLs are refused with a reason that names the problem",
        arguments: [
            ("", "empty"),
            ("agekit.sqlite", "no scheme"),
            ("mysql://u@h/db", "unsupported store URL scheme 'mysql'"),
            ("sqlite:", "needs a file path"),
            ("sqlite://host/file", "take no host"),
            ("postgres://u@h/l?pool_size=0", "pool_size"),
            ("postgres://u@h/l?pool_size=many", "pool_size"),
            ("postgres://u@h/l?batch_size=0", "batch_size"),
            ("postgres://u@h/l?schema=Bad-Name", "schema"),
            ("postgres://u@h/l?bogus=1", "bogus"),
            ("postgres://u@h:notaport/l", "port"),
        ])
    func invalid(url: String, reason: String) {
        do {
            _ = try StoreURL(parsing: url, environment: [:])
            Issue.record("accepted '\(url)'")
        } catch {
            #expect(error.code == .invalidStore)
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test("a refused URL never shows its password")
    func passwordNotShown() {
        for url in ["postgres://u:hunter2secret@[::1/l", "postgres://u:hunter2secret@h/l?pool_size=x&bogus=1"] {
            do {
                _ = try StoreURL(parsing: url, environment: [:])
                Issue.record("accepted '\(url)'")
            } catch {
                #expect(!error.reason.contains("hunter2secret"), "\(error.reason)")
            }
        }
    }

    @Test("open gives a working store, and its location hides the password")
    func open() throws {
        let store = try StoreURL.open("sqlite::memory:", environment: [:])
        defer { store.close() }
        #expect(store.dialect == .sqlite)
        let url = try PostgresTestServer.requireURL()
        let postgres = try StoreURL.open(url + (url.contains("?") ? "&" : "?") + "pool_size=2", environment: [:])
        defer { postgres.close() }
        #expect(postgres.dialect == .postgres)
        #expect(postgres.location.hasPrefix("postgres://"))
        #expect(try postgres.read { try $0.execute("SELECT 1").first?[0].integer } == 1)
    }
}

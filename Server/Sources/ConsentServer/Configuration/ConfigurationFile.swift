import ConsentLedger

/// The configuration file as written (its fields in `docs/configuration.md`): every field
/// optional, `null` the same as absent, and nothing checked until the loader reads it.
struct ConfigurationFile: FileFields {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case listen, dataDirectory, store, localTesting, appleRootCertificates, apps, tls, http
        case notifications, storage, admin, allowedSources, trustedProxies, log, retention
    }

    let listen, dataDirectory, store: FileField<String>?
    let localTesting: FileField<Bool>?
    let appleRootCertificates, allowedSources, trustedProxies: FileField<[String]>?
    let apps: FileField<[FileObject<App>]>?
    let tls: FileObject<TLS>?
    let http: FileObject<HTTP>?
    let notifications: FileObject<Notifications>?
    let storage: FileObject<Storage>?
    let admin: FileObject<Admin>?
    let log: FileObject<Log>?
    let retention: FileObject<Retention>?

    struct TLS: FileFields {
        enum CodingKeys: String, CodingKey, CaseIterable { case certificate, key }
        let certificate, key: FileField<String>?
    }

    struct HTTP: FileFields {
        enum CodingKeys: String, CodingKey, CaseIterable {
            case threads, maxBodyBytes, maxConnections, idleTimeoutSeconds, memoryPerConnectionBytes
            case requestHeadTimeoutSeconds, minBodyBytesPerSecond, maxConnectionsPerAddress, drainTimeoutSeconds
        }
        let threads, maxBodyBytes, maxConnections, idleTimeoutSeconds, memoryPerConnectionBytes: FileField<Int>?
        let requestHeadTimeoutSeconds, minBodyBytesPerSecond, maxConnectionsPerAddress: FileField<Int>?
        let drainTimeoutSeconds: FileField<Int>?
    }

    struct Notifications: FileFields {
        enum CodingKeys: String, CodingKey, CaseIterable {
            case maxSignedAgeHours, maxSignedAheadSeconds, newChainsPerSecond, appleSources
        }
        let maxSignedAgeHours, maxSignedAheadSeconds, newChainsPerSecond: FileField<Int>?
        let appleSources: FileField<[String]>?
    }

    struct Storage: FileFields {
        enum CodingKeys: String, CodingKey, CaseIterable { case commitTimeoutMilliseconds }
        let commitTimeoutMilliseconds: FileField<Int>?
    }

    struct Admin: FileFields {
        enum CodingKeys: String, CodingKey, CaseIterable { case listen, metricsRequireToken }
        let listen: FileField<String>?
        let metricsRequireToken: FileField<Bool>?
    }

    struct Log: FileFields {
        enum CodingKeys: String, CodingKey, CaseIterable { case refusalsPerSecond }
        let refusalsPerSecond: FileField<Int>?
    }

    struct Retention: FileFields {
        enum CodingKeys: String, CodingKey, CaseIterable { case deliveredOutboxDays, payloadDays, intervalMinutes }
        let deliveredOutboxDays, payloadDays, intervalMinutes: FileField<Int>?
    }

    /// An entry of `apps`.
    struct App: FileFields {
        enum CodingKeys: String, CodingKey, CaseIterable {
            case bundleId, appAppleId, environments, forwarding, api, historySync, storeImports
        }
        let bundleId: FileField<String>?
        let appAppleId: FileField<Int>?
        let environments: FileField<[String]>?
        let forwarding: FileObject<Forwarding>?
        let api: FileObject<API>?
        let historySync: FileObject<HistorySync>?
        let storeImports: FileObject<StoreImports>?

        struct Forwarding: FileFields {
            enum CodingKeys: String, CodingKey, CaseIterable {
                case url, secret, secretEnvironmentVariable, previousSecret, previousSecretEnvironmentVariable
                case previousSecretUntil, allNotifications, maxAttempts, timeoutSeconds
            }
            let url, secret, secretEnvironmentVariable, previousSecret: FileField<String>?
            let previousSecretEnvironmentVariable, previousSecretUntil: FileField<String>?
            let allNotifications: FileField<Bool>?
            let maxAttempts, timeoutSeconds: FileField<Int>?
        }

        struct API: FileFields {
            enum CodingKeys: String, CodingKey, CaseIterable { case keyId, issuerId, privateKey, baseURL }
            let keyId, issuerId, privateKey, baseURL: FileField<String>?
        }

        struct HistorySync: FileFields {
            enum CodingKeys: String, CodingKey, CaseIterable { case intervalMinutes, lookbackHours }
            let intervalMinutes, lookbackHours: FileField<Int>?
        }

        /// `{"googlePlay": {"maxAgeDays": 30}}`: keyed by the install stores' names, whichever
        /// stores those are.
        struct StoreImports: FileObjectBody {
            static var known: Set<String> { Set(StoreName.installStores.map(\.rawValue)) }
            let entries: [String: FileObject<StoreImport>]

            init(from decoder: any Decoder) throws {
                entries = try [String: FileObject<StoreImport>?](from: decoder).compactMapValues { $0 }
            }
        }

        struct StoreImport: FileFields {
            enum CodingKeys: String, CodingKey, CaseIterable { case maxAgeDays }
            let maxAgeDays: FileField<Int>?
        }
    }
}

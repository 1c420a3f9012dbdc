/// The system tracking authorization (App Tracking Transparency's four states, and any state
/// a later system adds, by its name).
public enum TrackingStatus: Hashable, Sendable, CaseIterable, RawRepresentable, Codable {
    /// Not asked yet: the only state in which the prompt appears.
    case notDetermined
    /// Parental controls or a profile forbid tracking; the prompt never appears.
    case restricted
    /// The person refused tracking; only the system Settings can change it.
    case denied
    /// The person allowed tracking.
    case authorized
    /// A state this version of AgeKit does not know, by the system's case name: no prompt and
    /// no tracking, like ``restricted``.
    case unknown(String)

    /// The four published states.
    public static let allCases: [TrackingStatus] = [.notDetermined, .restricted, .denied, .authorized]

    public init(rawValue: String) {
        self = Self.allCases.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    public var rawValue: String {
        switch self {
        case .notDetermined: "notDetermined"
        case .restricted: "restricted"
        case .denied: "denied"
        case .authorized: "authorized"
        case .unknown(let name): name
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// One object of the configuration file. Like ``FileField``, it is refused when the loader
/// reaches it: when it is not an object, or holds a key its body does not know (a misspelt key
/// would otherwise leave its setting at the default without a word).
struct FileObject<Body: FileObjectBody>: Decodable {
    /// Where the object is, as messages name it: `apps[0].forwarding`.
    let path: String
    /// Its keys, sorted, and its fields; nil when the value is not an object.
    private let content: (keys: [String], body: Body)?

    init(from decoder: any Decoder) throws {
        path = decoder.codingPath.fieldPath
        guard let object = try? decoder.container(keyedBy: AnyKey.self) else {
            content = nil
            return
        }
        content = (object.allKeys.map(\.stringValue).sorted(), try Body(from: decoder))
    }

    var isObject: Bool { content != nil }

    /// Whether the object holds `key`, even as `null`.
    func holds(_ key: String) -> Bool { content?.keys.contains(key) ?? false }

    /// The path of one of its fields.
    func field(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func get() throws(ServerError) -> Body {
        guard let content else { throw ServerError.configuration(path, "must be an object") }
        if let unknown = content.keys.first(where: { !Body.known.contains($0) }) {
            let known = Body.known.sorted().joined(separator: ", ")
            throw ServerError.configuration(
                field(unknown), "unknown field\(NearestName.hint(for: unknown, among: Body.known)) (known: \(known))")
        }
        return content.body
    }

    /// Any key at all, so that the keys no field reads are seen too.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension FileObject: FileListElement {
    static var listExpectation: String { "must be a list of objects" }
}

/// The fields of an object of the file, and the keys it may hold.
protocol FileObjectBody: Decodable {
    static var known: Set<String> { get }
}

/// An object whose keys are exactly its fields' coding keys.
protocol FileFields: FileObjectBody {
    associatedtype CodingKeys: CodingKey & CaseIterable
}

extension FileFields {
    static var known: Set<String> { Set(CodingKeys.allCases.map(\.stringValue)) }
}

import Foundation

extension ChangeCatalog {
    /// Reads a catalog file's JSON. Every problem is reported with the item it concerns
    /// ("changes[2] 'video-calls': ..."), never as a crash or a silently skipped entry.
    public init(json data: Data) throws(SignificantChangesError) {
        let file: CatalogFile
        if let unknown = CatalogFile.unknownKey(in: data) {
            throw SignificantChangesError(.malformedCatalog, unknown)
        }
        do {
            file = try JSONDecoder().decode(CatalogFile.self, from: data)
        } catch let error as DecodingError {
            throw SignificantChangesError(.malformedCatalog, Self.explain(error))
        } catch {
            throw SignificantChangesError(.malformedCatalog, "the catalog is not valid JSON")
        }
        var changes: [SignificantChange] = []
        for (index, entry) in file.changes.enumerated() {
            do throws(SignificantChangesError) {
                changes.append(try entry.change())
            } catch {
                throw SignificantChangesError(error.code, "changes[\(index)]: \(error.reason)")
            }
        }
        var rating = RatingChangeTemplate.standard
        if let template = file.ratingChange {
            do throws(SignificantChangesError) {
                rating = try RatingChangeTemplate(
                    description: template.description ?? "",
                    scope: try template.scope?.scope() ?? .wholeApp)
            } catch {
                throw SignificantChangesError(error.code, "ratingChange: \(error.reason)")
            }
        }
        var appVersion: AppVersion?
        if let text = file.appVersion {
            do throws(SignificantChangesError) {
                appVersion = try AppVersion(parsing: text)
            } catch {
                throw SignificantChangesError(error.code, "appVersion: \(error.reason)")
            }
        }
        try self.init(changes: changes, appVersion: appVersion, ratingChange: rating)
    }

    private static func explain(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "the catalog" : text)
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            let owner = context.codingPath.isEmpty ? "the catalog" : path(context.codingPath)
            return "\(owner) has no \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "the catalog is not valid JSON" }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "the catalog could not be read"
        }
    }
}

/// The file as written, every field optional so that missing ones get a specific message.
private struct CatalogFile: Decodable {
    var appVersion: String?
    var ratingChange: Template?
    var changes: [Entry]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case appVersion, ratingChange, changes
    }

    struct Template: Decodable {
        var description: String?
        var scope: ScopeField?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case description, scope
        }
    }

    /// The first key no field reads, with where it is ("changes[2] has an unknown key
    /// \"scop\""): a misspelt key skipped silently would leave its field at its default, and a
    /// change without its scope blocks the whole app.
    static func unknownKey(in data: Data) -> String? {
        guard let file = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        func unknown(_ object: Any?, _ known: [String], _ owner: String) -> String? {
            guard let object = object as? [String: Any] else { return nil }
            guard let key = object.keys.sorted().first(where: { !known.contains($0) }) else { return nil }
            return "\(owner) has an unknown key \"\(key)\" (known: \(known.joined(separator: ", ")))"
        }
        if let found = unknown(file, CodingKeys.allCases.map(\.rawValue), "the catalog") { return found }
        if let found = unknown(file["ratingChange"], Template.CodingKeys.allCases.map(\.rawValue), "ratingChange") {
            return found
        }
        for (index, entry) in (file["changes"] as? [Any] ?? []).enumerated() {
            if let found = unknown(entry, Entry.CodingKeys.allCases.map(\.rawValue), "changes[\(index)]") {
                return found
            }
        }
        return nil
    }

    struct Entry: Decodable {
        var id: String?
        var introducedIn: String?
        var introducedInBuild: String?
        var description: String?
        var scope: ScopeField?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case id, introducedIn, introducedInBuild, description, scope
        }

        func change() throws(SignificantChangesError) -> SignificantChange {
            guard let id else { throw SignificantChangesError(.malformedCatalog, "has no \"id\"") }
            let version: AppVersion
            let build: AppVersion?
            let changeScope: ChangeScope
            do throws(SignificantChangesError) {
                guard let introducedIn else {
                    throw SignificantChangesError(.malformedCatalog, "has no \"introducedIn\" version")
                }
                version = try AppVersion(parsing: introducedIn)
                build = try introducedInBuild.map { text throws(SignificantChangesError) in
                    do throws(SignificantChangesError) {
                        return try AppVersion(parsing: text)
                    } catch {
                        throw SignificantChangesError(error.code, "introducedInBuild: \(error.reason)")
                    }
                }
                changeScope = try scope?.scope() ?? .wholeApp
            } catch {
                throw SignificantChangesError(error.code, "change '\(id)': \(error.reason)")
            }
            return try SignificantChange(
                id: id, introducedIn: version, introducedInBuild: build, description: description ?? "",
                scope: changeScope)
        }
    }

    /// `"app"` or a list of feature names.
    enum ScopeField: Decodable {
        case app
        case features([String])
        case other(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let names = try? container.decode([String].self) {
                self = .features(names)
            } else {
                let text = try container.decode(String.self)
                self = text == "app" ? .app : .other(text)
            }
        }

        func scope() throws(SignificantChangesError) -> ChangeScope {
            switch self {
            case .app: return .wholeApp
            case .features(let names): return try ChangeScope.features(named: names)
            case .other(let text):
                throw SignificantChangesError(
                    .invalidScope, "scope \"\(text)\" is neither \"app\" nor a list of feature names")
            }
        }
    }
}

import Foundation

/// The regions the simulator knows, read from `Resources/regions.json`.
public struct RegionCatalog: Hashable, Sendable {
    private struct File: Codable {
        var version: Int
        var regions: [Region]
    }

    /// Every region, the unregulated `default` first.
    public let regions: [Region]

    /// Parses a catalog file; the `default` region must be present.
    public init(json: Data) throws(SimulatorError) {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: json)
        } catch {
            throw SimulatorError(.invalidCatalog, "the region catalog does not parse: \(error)")
        }
        guard file.version == 1 else {
            throw SimulatorError(.invalidCatalog, "region catalog version \(file.version) is not 1")
        }
        guard file.regions.contains(where: { $0.id == Region.unregulated.id }) else {
            throw SimulatorError(.invalidCatalog, "the region catalog has no 'default' region")
        }
        self.regions = file.regions
    }

    /// The catalog shipped with the simulator.
    public static let standard: RegionCatalog = {
        do {
            guard let url = Bundle.module.url(forResource: "regions", withExtension: "json", subdirectory: "Resources")
            else { throw SimulatorError(.invalidCatalog, "regions.json is missing from the bundle") }
            return try RegionCatalog(json: Data(contentsOf: url))
        } catch {
            fatalError("the shipped region catalog is broken: \(error)")
        }
    }()

    /// The unregulated region.
    public var defaultRegion: Region { regions.first { $0.id == Region.unregulated.id }! }

    /// The region with this id (letter case ignored).
    public func region(_ id: String) throws(SimulatorError) -> Region {
        guard let region = regions.first(where: { $0.id.lowercased() == id.lowercased() }) else {
            let ids = regions.map { $0.id }.joined(separator: ", ")
            throw SimulatorError(.unknownRegion, "'\(id)' is not a known region (\(ids))")
        }
        return region
    }
}

import AgeKit

/// The significant changes VinylCrate shipped, with a description a guardian can judge.
public enum CrateCatalog {
    /// Version 2.0 (build 2.0: this app numbers builds like versions) added messages between
    /// buyers and sellers.
    public static let sellerChat = try! SignificantChange(
        id: "seller-chat", introducedIn: AppVersion(2, 0), introducedInBuild: AppVersion(2, 0),
        description: "Adds messages between buyers and sellers in the marketplace",
        scope: .features([CrateFeature.marketplaceMessages.scopeName]))

    public static let catalog = try! ChangeCatalog(changes: [sellerChat], appVersion: AppVersion(2, 1))
}

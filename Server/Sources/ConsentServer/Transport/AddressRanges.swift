/// Address ranges in CIDR form (`17.0.0.0/8`, `2001:db8::/32`), parsed once, matched against a
/// client's address bytes (4 for IPv4, mapped IPv6 already unmapped, 16 for IPv6).
package struct AddressRanges: Sendable, Equatable {
    let ranges: [SourcePolicy.Range]

    /// - Parameter field: the configuration field the ranges come from, named in a refusal.
    package init(_ cidrs: [String], field: String) throws(ServerError) {
        ranges = try cidrs.map { (cidr: String) throws(ServerError) -> SourcePolicy.Range in
            try SourcePolicy.parse(cidr, field: field)
        }
    }

    package static let none = AddressRanges(ranges: [])

    /// Where Apple delivers from: 17.0.0.0/8.
    package static let apple = try! AddressRanges(["17.0.0.0/8"], field: "notifications.appleSources")

    private init(ranges: [SourcePolicy.Range]) { self.ranges = ranges }

    package func contains(_ address: [UInt8]) -> Bool {
        !address.isEmpty && SourcePolicy.contains(ranges, address)
    }
}

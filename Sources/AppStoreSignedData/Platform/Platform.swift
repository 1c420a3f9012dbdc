#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every call AppStoreSignedData makes to the C library, and the only file of the module that
/// imports it. The byte scans stay libc's vectorised `memchr` and `memcmp` on the hot path:
/// these wrappers are inlined away.
enum Platform {
    /// The offset of the first `byte` among `count` bytes at `start`, nil when absent
    /// (`memchr`): how a JWS is split at its dots.
    @inline(__always)
    static func offset(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
        guard let found = memchr(start, Int32(byte), count) else { return nil }
        return start.distance(to: UnsafeRawPointer(found))
    }

    /// Whether `count` bytes at `left` and at `right` are the same (`memcmp`): how a header
    /// segment is matched with a cached or refused one.
    @inline(__always)
    static func sameBytes(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(left, right, count) == 0
    }

    /// Seconds since 1970 of a civil time in UTC (`timegm`): a certificate's validity bounds.
    static func secondsSince1970(utc parts: inout tm) -> Int64 {
        Int64(timegm(&parts))
    }
}

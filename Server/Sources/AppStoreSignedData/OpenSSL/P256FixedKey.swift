internal import CCrypto

/// ECDSA P-256 verification for one public key Q, with fixed-base tables for both points of
/// the verification equation `u1·G + u2·Q`.
///
/// OpenSSL verifies with one table for the curve's generator G and a variable-base
/// multiplication for Q, which is most of the cost. Apple signs every notification with the
/// same leaf key, so a key seen often gets a copy of the curve whose generator is Q, and
/// OpenSSL builds the same kind of table for it (about 150 KiB, some tens of milliseconds
/// once). Both multiplications are then table lookups and additions: about half the time of
/// `EVP_PKEY_verify`. Every step is OpenSSL's arithmetic; this type only orders the steps of
/// the standard ECDSA check (FIPS 186-5 §6.4.2).
///
/// It owns the two `EC_GROUP`s; every `BIGNUM` and `EC_POINT` that outlives a call is a
/// ``Scratch``'s, so each C type has one owner.
///
/// `@unchecked Sendable`: the groups and the points in them are read-only after `init`; the
/// mutable numbers of one verification live in a ``Scratch`` that one caller holds at a time.
final class P256FixedKey: @unchecked Sendable {
    /// P-256 with its usual generator and OpenSSL's built-in table.
    private let curve: OpaquePointer
    /// P-256 again, with Q as its generator and a table built for it.
    private let keyCurve: OpaquePointer
    private let scratches = ReusePool<Scratch>(capacity: 8)

    /// Nil when the key is not a P-256 point or OpenSSL cannot build the table.
    init?(key: OpenSSLKey) {
        var encoded = [UInt8](repeating: 0, count: 65)
        var length = 0
        guard EVP_PKEY_get_octet_string_param(key.pointer, "pub", &encoded, encoded.count, &length) == 1,
            let curve = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1)
        else {
            ERR_clear_error()
            return nil
        }
        guard let keyCurve = Self.curve(generatedBy: Array(encoded.prefix(length)), like: curve) else {
            EC_GROUP_free(curve)
            ERR_clear_error()
            return nil
        }
        self.curve = curve
        self.keyCurve = keyCurve
    }

    deinit {
        EC_GROUP_free(keyCurve)
        EC_GROUP_free(curve)
    }

    /// A copy of `curve` whose generator is the encoded point, with its fixed-base table.
    private static func curve(generatedBy point: [UInt8], like curve: OpaquePointer) -> OpaquePointer? {
        guard let copy = EC_GROUP_dup(curve) else { return nil }
        guard let q = EC_POINT_new(curve), let context = BN_CTX_new() else {
            EC_GROUP_free(copy)
            return nil
        }
        defer {
            EC_POINT_free(q)
            BN_CTX_free(context)
        }
        guard EC_POINT_oct2point(curve, q, point, point.count, context) == 1,
            EC_POINT_is_on_curve(curve, q, context) == 1,
            EC_POINT_is_at_infinity(curve, q) == 0,
            EC_GROUP_set_generator(copy, q, EC_GROUP_get0_order(curve), BN_value_one()) == 1,
            agekit_EC_GROUP_precompute_mult(copy, context) == 1
        else {
            EC_GROUP_free(copy)
            return nil
        }
        return copy
    }

    /// True when `raw` (`R || S`, 64 bytes) is a valid signature of `digest` (32 bytes).
    func verify(rawSignature raw: [UInt8], digest: [UInt8]) -> Bool {
        guard raw.count == 64, digest.count == 32 else { return false }
        guard let scratch = scratches.take(orMake: { Scratch(curve: curve, keyCurve: keyCurve) }) else { return false }
        let valid = check(raw, digest, in: scratch)
        if !valid { ERR_clear_error() }
        scratches.giveBack(scratch)
        return valid
    }

    private func check(_ raw: [UInt8], _ digest: [UInt8], in scratch: Scratch) -> Bool {
        let order = EC_GROUP_get0_order(curve)
        let context = scratch.context
        let prime = scratch.prime
        let inverse = raw.withUnsafeBufferPointer { bytes in
            _ = BN_bin2bn(bytes.baseAddress, 32, scratch.r)
            _ = BN_bin2bn(bytes.baseAddress! + 32, 32, scratch.s)
            return P256OrderInverse.inverse(
                ofBigEndian: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[32..<64])))
        }
        guard let inverse else { return false }  // s is zero or not below n
        // SHA-256 is as long as the order: the whole digest is the integer e, no truncation.
        _ = BN_bin2bn(digest, 32, scratch.e)
        // 0 < r, s < n
        guard BN_is_zero(scratch.r) == 0, BN_is_zero(scratch.s) == 0,
            BN_cmp(scratch.r, order) < 0, BN_cmp(scratch.s, order) < 0,
            BN_bin2bn(inverse, 32, scratch.w) != nil,
            BN_mod_mul(scratch.u1, scratch.e, scratch.w, order, context) == 1,
            BN_mod_mul(scratch.u2, scratch.r, scratch.w, order, context) == 1,
            EC_POINT_mul(curve, scratch.point, scratch.u1, nil, nil, context) == 1,
            EC_POINT_mul(keyCurve, scratch.keyPoint, scratch.u2, nil, nil, context) == 1,
            EC_POINT_add(curve, scratch.point, scratch.point, scratch.keyPoint, context) == 1,
            EC_POINT_is_at_infinity(curve, scratch.point) == 0,
            // The sum is (X : Y : Z) with affine x = X / Z². Comparing X with r·Z² saves the
            // field inversion of an affine conversion.
            agekit_EC_POINT_get_Jprojective_coordinates_GFp(curve, scratch.point, scratch.x, nil, scratch.z, context)
                == 1,
            BN_mod_sqr(scratch.zz, scratch.z, prime, context) == 1,
            BN_mod_mul(scratch.t, scratch.r, scratch.zz, prime, context) == 1
        else { return false }
        if BN_cmp(scratch.t, scratch.x) == 0 { return true }
        // x mod n = r also holds for x = r + n, which exists when r + n < p.
        guard BN_add(scratch.t, scratch.r, order) == 1, BN_cmp(scratch.t, prime) < 0,
            BN_mod_mul(scratch.t, scratch.t, scratch.zz, prime, context) == 1
        else { return false }
        return BN_cmp(scratch.t, scratch.x) == 0
    }

    /// Scratch sets idle in the pool (for tests).
    var idleCount: Int { scratches.idleCount }
}

/// The numbers and points one verification writes, and the field prime p it reads.
///
/// `@unchecked Sendable`: it moves between threads through the pool of ``P256FixedKey``, which
/// hands it to one caller at a time.
private final class Scratch: @unchecked Sendable {
    let context: OpaquePointer
    let r: OpaquePointer, s: OpaquePointer, e: OpaquePointer, w: OpaquePointer
    let u1: OpaquePointer, u2: OpaquePointer, x: OpaquePointer, z: OpaquePointer, zz: OpaquePointer, t: OpaquePointer
    let point: OpaquePointer, keyPoint: OpaquePointer
    /// The field prime p, read only.
    let prime: OpaquePointer

    init?(curve: OpaquePointer, keyCurve: OpaquePointer) {
        let context = BN_CTX_new()
        let numbers = (0..<11).compactMap { _ in BN_new() }
        let point = EC_POINT_new(curve)
        let keyPoint = EC_POINT_new(keyCurve)
        guard let context, numbers.count == 11, let point, let keyPoint,
            EC_GROUP_get_curve(curve, numbers[10], nil, nil, nil) == 1
        else {
            BN_CTX_free(context)
            numbers.forEach { BN_free($0) }
            EC_POINT_free(point)
            EC_POINT_free(keyPoint)
            ERR_clear_error()
            return nil
        }
        self.context = context
        (r, s, e, w) = (numbers[0], numbers[1], numbers[2], numbers[3])
        (u1, u2, x) = (numbers[4], numbers[5], numbers[6])
        (z, zz, t) = (numbers[7], numbers[8], numbers[9])
        prime = numbers[10]
        self.point = point
        self.keyPoint = keyPoint
    }

    deinit {
        [r, s, e, w, u1, u2, x, z, zz, t, prime].forEach { BN_free($0) }
        EC_POINT_free(point)
        EC_POINT_free(keyPoint)
        BN_CTX_free(context)
    }
}

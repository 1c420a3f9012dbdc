import Foundation

/// The fuzz targets: one check each, run by libFuzzer on every input it makes. A check
/// stops the process (``FuzzFailure/fail(_:_:)``) when a property does not hold; crashes and
/// sanitizer reports stop it by themselves. `AGEKIT_FUZZ_TARGET` names the target.
enum FuzzTarget: String, CaseIterable, Sendable {
    case jws, json, notification, transaction, renewalInfo = "renewal-info", appTransaction = "app-transaction"
    case packedPayload = "packed-payload", base64url, route, configuration, storeURL = "store-url"
    case forwardedFor = "forwarded-for"

    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["AGEKIT_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(
                Data("AGEKIT_FUZZ_TARGET must be one of: \(allCases.map(\.rawValue).joined(separator: " "))\n".utf8))
            exit(2)
        }
        return target
    }()

    func check(_ input: [UInt8]) {
        switch self {
        case .jws: SignedDataChecks.jws(input)
        case .json: JSONDifferential.check(input)
        case .notification: SignedDataChecks.notification(input)
        case .transaction: SignedDataChecks.transaction(input)
        case .renewalInfo: SignedDataChecks.renewalInfo(input)
        case .appTransaction: SignedDataChecks.appTransaction(input)
        case .packedPayload: ServerChecks.packedPayload(input)
        case .base64url: SignedDataChecks.base64url(input)
        case .route: ServerChecks.route(input)
        case .configuration: ServerChecks.configuration(input)
        case .storeURL: ServerChecks.storeURL(input)
        case .forwardedFor: ForwardedForChecks.check(input)
        }
    }
}

/// A property that did not hold: the message and the input, then a crash libFuzzer records.
enum FuzzFailure {
    static func fail(_ message: String, _ input: [UInt8]) -> Never {
        let shown = String(decoding: input.prefix(400), as: UTF8.self)
        fatalError("\(FuzzTarget.selected.rawValue): \(message)\ninput (\(input.count) bytes): \(shown)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.selected.check(input)
    return 0
}

/// SwiftPM links an executable with its entry point renamed to `<module>_main` (so that tests
/// can import it), which would hide libFuzzer's `main`: this one hands over to libFuzzer's driver.
@_cdecl("AgeKitFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzOneInput)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

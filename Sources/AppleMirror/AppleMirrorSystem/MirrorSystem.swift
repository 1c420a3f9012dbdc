import Foundation

/// The scripted device behind the mirror: which OS version the calls behave like, a log of
/// every call, and each framework's scripted answers (``script(_:)``). It is `package`, so
/// it is no part of the mirror's public surface (which holds Apple's symbols only); tests in
/// this package set it with `MirrorSystem.$current.withValue(_:operation:)`, and every task
/// the bridges start inherits it.
package final class MirrorSystem: @unchecked Sendable {
    @TaskLocal package static var current = MirrorSystem()

    /// A call the bridges made, by the name of the Apple symbol.
    package enum Call: Hashable, Sendable {
        case requestAgeRange(gates: [Int])
        case isEligibleForAgeFeatures
        case requiredRegulatoryFeatures
        case showSignificantUpdateAcknowledgment(String)
        case ask(topic: String)
        case askSignificantChangePermission(String, flow: String)
        case responses
        case ageRatingCode
        case storefront
        case appTransaction
        case trackingAuthorizationStatus
        case requestTrackingAuthorization
        case purchase(String)
        case transactionUpdates
    }

    /// How a scripted call ends.
    package enum Outcome<Value> {
        case value(Value)
        case error(Swift.Error)
        /// Never returns, and ignores cancellation: the field report of eligibility calls
        /// that hang.
        case hang
    }

    private struct Log {
        var calls: [Call] = []
        var outsideVersion: [Call] = []
        var scripts: [ObjectIdentifier: AnyObject] = [:]
    }

    private let lock = NSLock()
    private var log = Log()

    /// The OS version the calls behave like (a symbol newer than this was not there).
    package var osVersion: (major: Int, minor: Int)

    package init(osVersion: (major: Int, minor: Int) = (26, 5)) {
        self.osVersion = osVersion
    }

    /// Every call made, in order.
    package var calls: [Call] { lock.withLock { log.calls } }
    /// Calls to a symbol the scripted OS version does not have: a bridge must never make one.
    package var callsOutsideVersion: [Call] { lock.withLock { log.outsideVersion } }

    /// One framework's scripted state on this device, made on first use.
    package func script<Script: MirrorScript>(_ type: Script.Type) -> Script {
        lock.withLock {
            if let script = log.scripts[ObjectIdentifier(type)] as? Script { return script }
            let script = Script()
            log.scripts[ObjectIdentifier(type)] = script
            return script
        }
    }

    package func isAtLeast(_ major: Int, _ minor: Int) -> Bool {
        (osVersion.major, osVersion.minor) >= (major, minor)
    }

    package func record(_ call: Call, introducedIn version: (Int, Int)) {
        let outside = (osVersion.major, osVersion.minor) < version
        lock.withLock {
            log.calls.append(call)
            if outside { log.outsideVersion.append(call) }
        }
    }

    package func perform<Value>(_ outcome: Outcome<Value>) async throws -> Value {
        switch outcome {
        case .value(let value): return value
        case .error(let error): throw error
        case .hang: return await Self.hang()
        }
    }

    /// Suspends for good, whatever happens to the task.
    package static func hang<Value>() async -> Value {
        await withUnsafeContinuation { (_: UnsafeContinuation<Value, Never>) in }
    }
}

/// One framework mirror's scripted answers, held by the ``MirrorSystem`` it belongs to.
package protocol MirrorScript: AnyObject {
    init()
}

/// A scripted error that is none of Apple's.
package enum MirrorError: Error, Hashable {
    case unscripted
    case systemFailure
}

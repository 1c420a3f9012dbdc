import Foundation

/// The scripted device behind the mirror: what the person answers, which OS version the
/// calls behave like, which calls hang, and a log of every call. It is `package`, so it is
/// no part of the mirror's public surface (which holds Apple's symbols only); tests in this
/// package set it with `MirrorSystem.$current.withValue(_:operation:)`, and every task the
/// bridges start inherits it.
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

    private let lock = NSLock()
    private var _calls: [Call] = []
    private var _callsOutsideVersion: [Call] = []

    /// The OS version the calls behave like (a symbol newer than this was not there).
    package var osVersion: (major: Int, minor: Int)
    package var ageRange: Outcome<AgeRangeService.Response>
    package var eligibility: Outcome<Bool>
    package var regulatoryFeatures: Outcome<Set<AgeRangeService.RegulatoryFeature>>
    package var acknowledgment: Outcome<Void>
    package var ask: Outcome<Void>
    package var significantChangePermission: Outcome<PermissionResult>
    package var ageRatingCode: Int?
    package var ageRatingCodeHangs = false
    package var appTransaction: Outcome<VerificationResult<AppTransaction>>
    package var trackingStatus: ATTrackingManager.AuthorizationStatus
    /// What the person picks if the tracking prompt appears.
    package var trackingAnswer: ATTrackingManager.AuthorizationStatus
    package var trackingPromptsShown = 0
    /// The products the store sells.
    package var productIDs: Set<String> = []
    package var purchase: Outcome<Product.PurchaseResult> = .value(.userCancelled)
    package let transactionFeed = TransactionFeed()
    private var _finished: [UInt64] = []
    package let application = UIApplication()
    package let keyValueStore = NSUbiquitousKeyValueStore()
    private var feeds: [ObjectIdentifier: AnyObject] = [:]
    private var _askedQuestions: [PermissionQuestion<SignificantAppUpdateTopic>] = []
    private var _askedCommunicationQuestions: [PermissionQuestion<CommunicationTopic>] = []

    package init(osVersion: (major: Int, minor: Int) = (26, 5)) {
        self.osVersion = osVersion
        self.ageRange = .value(.declinedSharing)
        self.eligibility = .value(false)
        self.regulatoryFeatures = .value([])
        self.acknowledgment = .value(())
        self.ask = .value(())
        self.significantChangePermission = .value(.cancel)
        self.ageRatingCode = nil
        self.appTransaction = .error(MirrorError.unscripted)
        self.trackingStatus = .notDetermined
        self.trackingAnswer = .authorized
    }

    /// Every call made, in order.
    package var calls: [Call] { lock.withLock { _calls } }
    /// Calls to a symbol the scripted OS version does not have: a bridge must never make one.
    package var callsOutsideVersion: [Call] { lock.withLock { _callsOutsideVersion } }

    /// Every significant-update question handed to `AskCenter`, oldest first.
    package var askedQuestions: [PermissionQuestion<SignificantAppUpdateTopic>] { lock.withLock { _askedQuestions } }

    /// Transactions the app finished.
    package var finishedTransactions: [UInt64] { lock.withLock { _finished } }

    func recordFinished(_ id: UInt64) {
        lock.withLock { _finished.append(id) }
    }

    /// Every communication question handed to `AskCenter`, oldest first.
    package var askedCommunicationQuestions: [PermissionQuestion<CommunicationTopic>] {
        lock.withLock { _askedCommunicationQuestions }
    }

    func recordQuestion(_ question: PermissionQuestion<SignificantAppUpdateTopic>) {
        lock.withLock { _askedQuestions.append(question) }
    }

    func recordQuestion(_ question: PermissionQuestion<CommunicationTopic>) {
        lock.withLock { _askedCommunicationQuestions.append(question) }
    }

    /// The guardian responses of one topic; every `responses(for:)` sequence of it hears them.
    package func responses<Topic: QuestionTopic>(_ topic: Topic.Type) -> ResponseFeed<Topic> {
        lock.withLock {
            if let feed = feeds[ObjectIdentifier(topic)] as? ResponseFeed<Topic> { return feed }
            let feed = ResponseFeed<Topic>()
            feeds[ObjectIdentifier(topic)] = feed
            return feed
        }
    }

    package func isAtLeast(_ major: Int, _ minor: Int) -> Bool {
        (osVersion.major, osVersion.minor) >= (major, minor)
    }

    func record(_ call: Call, introducedIn version: (Int, Int)) {
        lock.withLock {
            _calls.append(call)
            if (osVersion.major, osVersion.minor) < version { _callsOutsideVersion.append(call) }
        }
    }

    func perform<Value>(_ outcome: Outcome<Value>) async throws -> Value {
        switch outcome {
        case .value(let value): return value
        case .error(let error): throw error
        case .hang: return await Self.hang()
        }
    }

    /// Suspends for good, whatever happens to the task.
    static func hang<Value>() async -> Value {
        await withUnsafeContinuation { (_: UnsafeContinuation<Value, Never>) in }
    }
}

/// A scripted error that is none of Apple's.
package enum MirrorError: Error, Hashable {
    case unscripted
    case systemFailure
}

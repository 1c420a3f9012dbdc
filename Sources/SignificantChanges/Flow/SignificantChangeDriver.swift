import AgeSignals
import Foundation

/// Runs a ``SignificantChangeFlow`` against the system's services: performs its actions,
/// reports back what happened, and listens for guardian answers and other devices' ledger
/// writes for as long as it runs. A denial never ends the listening.
public actor SignificantChangeDriver {
    /// The system services the flow's actions need.
    public struct Services: Sendable {
        /// Asks the guardian (PermissionKit's significant-update question).
        public var permissionCenter: any PermissionCenter
        /// Shows an adult the acknowledgment sheet.
        public var acknowledgments: any AcknowledgmentPresenter
        /// Reads the App Store age rating code.
        public var ratingCodes: any RatingCodeSource
        /// Where approvals and acknowledgments are kept, across the person's devices.
        public var ledger: AcknowledgmentLedger
        /// The time events are stamped with.
        public var clock: any AppClock

        /// Every service, passed in: the Apple bridges in an app, the simulator in tests.
        public init(
            permissionCenter: any PermissionCenter, acknowledgments: any AcknowledgmentPresenter,
            ratingCodes: any RatingCodeSource, ledger: AcknowledgmentLedger, clock: any AppClock
        ) {
            self.permissionCenter = permissionCenter
            self.acknowledgments = acknowledgments
            self.ratingCodes = ratingCodes
            self.ledger = ledger
            self.clock = clock
        }
    }

    /// The flow as it stands.
    public private(set) var flow: SignificantChangeFlow
    private let services: Services
    private let onAction: @Sendable (SignificantChangeFlow.Action) -> Void
    private var listener: Task<Void, Never>?
    private var observation: StoreObservation?

    /// - Parameters:
    ///   - flow: the flow the driver performs, from its catalog and router.
    ///   - services: the system services the flow's actions call.
    ///   - onAction: every action, for the app to render (block, unblock, pending, denied,
    ///     expired, explanations); the driver itself performs the service calls.
    public init(
        flow: SignificantChangeFlow, services: Services,
        onAction: @escaping @Sendable (SignificantChangeFlow.Action) -> Void = { _ in }
    ) {
        self.flow = flow
        self.services = services
        self.onAction = onAction
    }

    /// Starts listening, reads what the ledger already holds, then routes every change and
    /// reads the rating code.
    public func start(subject: ConsentSubject, features: Set<RegulatoryFeature>) async {
        if listener == nil {
            let responses = services.permissionCenter.responses()
            listener = Task { [weak self] in
                for await response in responses {
                    guard let self else { return }
                    await self.send(.guardianResponse(response))
                }
            }
            observation = services.ledger.observe { [weak self] changeID, entry in
                Task { await self?.send(.ledgerChanged(changeID: changeID, entry)) }
            }
        }
        for changeID in flow.changes.map(\.id) {
            let entry = services.ledger.entry(for: changeID)
            if entry != LedgerEntry() { await send(.ledgerChanged(changeID: changeID, entry)) }
        }
        await send(.evaluate(subject: subject, features: features))
        await send(.ratingCode(await services.ratingCodes.ageRatingCode()))
    }

    /// Reads the rating code again (at launch or when the app returns to the foreground).
    public func checkRating() async {
        await send(.ratingCode(await services.ratingCodes.ageRatingCode()))
    }

    /// Lets the app's timeout expire pending questions.
    public func tick() async { await send(.tick) }

    /// Stops listening.
    public func stop() {
        listener?.cancel()
        listener = nil
        observation?.cancel()
        observation = nil
    }

    /// Hands an event to the flow and performs the actions, including the events they raise.
    public func send(_ event: SignificantChangeFlow.Event) async {
        var queue = [event]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            for action in flow.handle(next, at: services.clock.now) {
                onAction(action)
                queue += await perform(action)
            }
        }
    }

    private func perform(_ action: SignificantChangeFlow.Action) async -> [SignificantChangeFlow.Event] {
        switch action {
        case .askGuardian(let question):
            do {
                try await services.permissionCenter.ask(question)
                return [.questionSent(changeID: question.changeID, questionID: question.id)]
            } catch {
                return [.askFailed(changeID: question.changeID, error)]
            }
        case .showAcknowledgment(let changeID, let description, let presentation):
            let acknowledged = await services.acknowledgments.presentAcknowledgment(
                description: description, presentation: presentation)
            return acknowledged ? [.acknowledged(changeID: changeID)] : []
        case .record(let changeID, let resolution, let time):
            services.ledger.recordResolution(resolution, for: changeID, at: time)
            return []
        case .recordDenial(let changeID, let time):
            services.ledger.recordDenial(for: changeID, at: time)
            return []
        default:
            return []
        }
    }
}

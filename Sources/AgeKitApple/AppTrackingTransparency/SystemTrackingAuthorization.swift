#if canImport(AppTrackingTransparency)
    @preconcurrency import AppTrackingTransparency
    import AgeGating
    import AgeSignals
    import PrivacyLaunch

    /// The core's `PrivacyLaunch.TrackingAuthorization` on `ATTrackingManager`: the only code
    /// in AgeKit that calls `requestTrackingAuthorization`, and only `PrivacyLaunch.LaunchSession`
    /// calls it, after the age and consent steps allowed it (so never for a person under the
    /// threshold). The system shows the prompt only while the app is active, and otherwise
    /// returns "not determined" at once, so the bridge first waits for the app to be active.
    public struct SystemTrackingAuthorization: TrackingAuthorization {
        private let deadlines: BridgeDeadlines
        private let activity: AppActivity

        /// A tracking prompt bridge whose system calls run under `deadlines`.
        public init(deadlines: BridgeDeadlines = BridgeDeadlines()) {
            self.deadlines = deadlines
            self.activity = AppActivity()
        }

        public func status() async -> TrackingStatus {
            let outcome = await SystemCall.run(within: deadlines.signal, clock: deadlines.clock) {
                () async throws(AgeRangeProviderError) -> TrackingStatus in
                TrackingStatus(system: ATTrackingManager.trackingAuthorizationStatus)
            }
            if case .value(let status) = outcome { return status }
            return .notDetermined
        }

        /// Waits (within ``BridgeDeadlines/activation``) for the app to be active, then asks. A
        /// prompt that cannot appear leaves the status as it was.
        public func requestAuthorization() async -> TrackingStatus {
            let activity = activity
            let became = await SystemCall.run(within: deadlines.activation, clock: deadlines.clock) {
                () async throws(AgeRangeProviderError) -> Bool in
                await activity.waitUntilActive()
                return true
            }
            guard case .value = became else { return await status() }
            let outcome = await SystemCall.run(within: deadlines.prompt, clock: deadlines.clock) {
                () async throws(AgeRangeProviderError) -> TrackingStatus in
                TrackingStatus(system: await ATTrackingManager.requestTrackingAuthorization())
            }
            if case .value(let status) = outcome { return status }
            return await status()
        }
    }

    extension TrackingStatus {
        /// A status added later keeps its name; the launch sequence treats it as restricted
        /// (no prompt, no tracking).
        init(system status: ATTrackingManager.AuthorizationStatus) {
            switch status {
            case .notDetermined: self = .notDetermined
            case .restricted: self = .restricted
            case .denied: self = .denied
            case .authorized: self = .authorized
            @unknown default: self = .unknown(String(describing: status))
            }
        }
    }
#endif

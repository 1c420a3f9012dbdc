import Observation

/// The app's own notice of a significant change, where the system has no sheet (below 26.4,
/// on macOS) or the route is the app's notice: the text the screen shows, and the person's
/// answer. Only the person's tap acknowledges: a notice that was never on screen, or that was
/// closed, leaves the change blocked. ``AgeAssurance`` shows it as ``AgeAssurance/notice``.
@Observable
@MainActor
public final class NoticeBoard {
    /// The text on screen, until the person answers.
    public private(set) var current: String?
    @ObservationIgnored private var answer: (id: Int, continuation: CheckedContinuation<Bool, Never>)?
    @ObservationIgnored private var shown = 0

    /// An empty board: nothing on screen.
    public nonisolated init() {}

    /// The acknowledgment presenter's notice: shows `description` and returns the person's
    /// answer. A presenter that gives up (its deadline passed) gets false.
    public func show(_ description: String) async -> Bool {
        close(false)  // A newer notice replaces one left open.
        shown += 1
        let id = shown
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                current = description
                answer = (id, continuation)
            }
        } onCancel: {
            Task { @MainActor in self.close(false, only: id) }
        }
    }

    /// The person tapped "OK" on the notice.
    public func acknowledge() { close(true) }

    /// The person closed the notice without acknowledging it.
    public func dismiss() { close(false) }

    private func close(_ acknowledged: Bool, only id: Int? = nil) {
        guard let open = answer, id == nil || open.id == id else { return }
        answer = nil
        current = nil
        open.continuation.resume(returning: acknowledged)
    }
}

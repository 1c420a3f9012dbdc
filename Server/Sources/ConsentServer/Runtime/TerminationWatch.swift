import Foundation
import Synchronization

/// SIGTERM and SIGINT honoured at every stage of serve: while it starts (reading the
/// configuration, connecting to a store that does not answer, migrating) the process stops
/// at once, since nothing is served yet; once it serves, the signal is handed to the caller
/// for a graceful stop. A thread of its own waits for the signal, whatever the main thread
/// is blocked in.
package final class TerminationWatch: Sendable {
    private enum Stage {
        case starting, serving
        case signalled(String)
    }

    private let stage = Mutex(Stage.starting)
    private let signalled = DispatchSemaphore(value: 0)

    /// Installs the handlers and starts watching; `stopStarting` runs on the watch's thread
    /// when a signal arrives before ``serving()``, and must end the process.
    package init(stopStarting: @escaping @Sendable (String) -> Never) {
        ShutdownSignals.blockTermination()
        let thread = Thread { [self] in
            let signal = ShutdownSignals.waitForTermination()
            let starting = stage.withLock { stage in
                if case .starting = stage { return true }
                stage = .signalled(signal)
                return false
            }
            if starting { stopStarting(signal) }
            signalled.signal()
        }
        thread.name = "agekit.termination"
        thread.start()
    }

    /// Startup is over: from now on a signal asks for a graceful stop.
    package func serving() {
        stage.withLock { stage in
            if case .starting = stage { stage = .serving }
        }
    }

    /// Blocks until SIGTERM or SIGINT; returns its name.
    package func waitForTermination() -> String {
        signalled.wait()
        return stage.withLock { stage in
            if case .signalled(let name) = stage { return name }
            return "SIGTERM"
        }
    }

    /// Writes `line` to standard error and ends the process at once, without running exit
    /// handlers while other threads may hold a store or a lock half-way.
    package static func stopNow(_ line: String, status: Int32) -> Never {
        Platform.exitNow(writing: Array((line + "\n").utf8), status: status)
    }
}

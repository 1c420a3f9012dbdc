import ConsentServer
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Termination signals", .serialized)
struct TransportSignalTests {
    /// The signal goes to one fresh thread only, so it never reaches the test process's other
    /// threads. That thread first unblocks the signals (threads made from dispatch workers
    /// inherit a mask that blocks them), as a program's main thread would have them.
    @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")])
    func aSignalIsReturnedByName(signal: Int32, name: String) {
        let done = DispatchSemaphore(value: 0)
        let received = NSLock()
        nonisolated(unsafe) var result = ""
        Thread.detachNewThread {
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGTERM)
            sigaddset(&set, SIGINT)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            ShutdownSignals.blockTermination()
            pthread_kill(pthread_self(), signal)
            let got = ShutdownSignals.waitForTermination()
            received.withLock { result = got }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(received.withLock { result } == name)
    }
}

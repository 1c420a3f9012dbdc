import ConsentServer
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Termination signals")
struct TransportSignalTests {
    /// The signal is sent to one thread that blocks it, so it stays pending there and never
    /// reaches the test process's other threads.
    @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")])
    func aBlockedSignalIsReturnedByName(signal: Int32, name: String) {
        let done = DispatchSemaphore(value: 0)
        let received = NSLock()
        nonisolated(unsafe) var result = ""
        Thread.detachNewThread {
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

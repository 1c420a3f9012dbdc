import Dispatch
import Synchronization

/// Work that may block (a store read that waits for the writer, a PostgreSQL round trip),
/// kept off libmicrohttpd's few threads: there it would hold every connection of the thread
/// behind it, `/healthz` and Apple's deliveries included. A handful of serial queues, taken
/// in turn, so that slow reads cannot make Dispatch spawn a thread each.
final class BlockingWork: Sendable {
    private let queues: [DispatchQueue]
    private let next = Atomic<UInt>(0)

    init(label: String, threads: Int = 4) {
        queues = (0..<max(1, threads)).map { DispatchQueue(label: "\(label)-\($0)") }
    }

    func run(_ body: @escaping @Sendable () -> Void) {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        queues[Int(index % UInt(queues.count))].async(execute: body)
    }
}

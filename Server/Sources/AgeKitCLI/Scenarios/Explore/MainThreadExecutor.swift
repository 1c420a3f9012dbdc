import Dispatch

/// Runs a sweep's jobs on the main thread, where its age gates run (they are on the main
/// actor). Without it, every cell hopped between the main thread and the pool several times
/// (into the gate, into each launch session's actor and back), and each hop woke a thread:
/// a third of the sweep's time went to the kernel switching threads. On one thread the jobs
/// run one after another, as they did, with no wake-up between them.
final class MainThreadExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.main.async { job.runSynchronously(on: executor) }
    }
}

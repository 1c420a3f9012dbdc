import Foundation
import Synchronization
import Testing

@testable import ConsentLedger

/// A timer the test moves by hand: `advance` moves the clock, then ticks once if started.
final class ManualExpiryTimer: ExpiryTimer, Sendable {
    private struct State {
        var now: UInt64 = 1_000_000_000
        var tick: (@Sendable () -> Void)?
        var starts = 0
    }

    private final class Ticking: ExpiryTicking, Sendable {
        let timer: ManualExpiryTimer
        init(_ timer: ManualExpiryTimer) { self.timer = timer }
        func cancel() { timer.state.withLock { $0.tick = nil } }
    }

    private let state = Mutex(State())

    var nowNanoseconds: UInt64 { state.withLock { $0.now } }
    /// How many times a tick was started.
    var starts: Int { state.withLock { $0.starts } }

    func start(every interval: UInt64, _ tick: @escaping @Sendable () -> Void) -> any ExpiryTicking {
        state.withLock { state in
            state.tick = tick
            state.starts += 1
        }
        return Ticking(self)
    }

    func advance(milliseconds: UInt64) {
        let tick = state.withLock { state in
            state.now += milliseconds * 1_000_000
            return state.tick
        }
        tick?()
    }
}

/// The commit deadline: every guarded completion runs exactly once, with its result or with
/// `store_timeout` once its deadline has passed, and the one timer stops when none waits.
@Suite("Commit deadline: one timer for every waiting commit")
struct CommitDeadlineTests {
    /// Outcomes by index.
    private final class Outcomes: Sendable {
        let calls = Mutex<[Int: [Result<Int, LedgerError>]]>([:])
        func add(_ index: Int, _ result: Result<Int, LedgerError>) {
            calls.withLock { $0[index, default: []].append(result) }
        }
        func of(_ index: Int) -> [Result<Int, LedgerError>] { calls.withLock { $0[index] ?? [] } }
    }

    @Test("a commit that never reports gets store_timeout at its deadline, not before")
    func expires() throws {
        let timer = ManualExpiryTimer()
        let deadline = CommitDeadline(seconds: 0.2, timer: timer)
        let outcomes = Outcomes()
        _ = deadline.guarding { (result: Result<Int, LedgerError>) in outcomes.add(0, result) }
        #expect(deadline.waiting.isTicking)
        timer.advance(milliseconds: 199)
        #expect(outcomes.of(0).isEmpty, "expired before its deadline")
        timer.advance(milliseconds: 1)
        let calls = outcomes.of(0)
        try #require(calls.count == 1)
        if case .failure(let error) = calls[0] {
            #expect(error.code == .timedOut)
        } else {
            Issue.record("expected store_timeout, got \(calls[0])")
        }
        #expect(!deadline.waiting.isTicking)
    }

    @Test("of many commits, those that report keep their result and the rest expire, each once")
    func many() {
        let timer = ManualExpiryTimer()
        let deadline = CommitDeadline(seconds: 0.15, timer: timer)
        let outcomes = Outcomes()
        let guarded = (0..<1000).map { index in
            deadline.guarding { (result: Result<Int, LedgerError>) in outcomes.add(index, result) }
        }
        for (index, completion) in guarded.enumerated() where index % 2 == 0 { completion(.success(index)) }
        #expect(deadline.waiting.isTicking)
        timer.advance(milliseconds: 150)
        // Late results change nothing.
        for (index, completion) in guarded.enumerated() { completion(.success(index)) }
        let calls = outcomes.calls.withLock { $0 }
        #expect(calls.count == 1000)
        for index in 0..<1000 {
            let results = calls[index] ?? []
            #expect(results.count == 1, "completion \(index) ran \(results.count) times")
            guard let first = results.first else { continue }
            switch (index % 2, first) {
            case (0, .success(let value)): #expect(value == index)
            case (1, .failure(let error)): #expect(error.code == .timedOut)
            default: Issue.record("completion \(index): \(first)")
            }
        }
        #expect(!deadline.waiting.isTicking)
        #expect(timer.starts == 1, "one timer for all of them")
    }

    @Test("the timer starts again for a commit after it stopped")
    func restarts() {
        let timer = ManualExpiryTimer()
        let deadline = CommitDeadline(seconds: 0.1, timer: timer)
        let outcomes = Outcomes()
        deadline.guarding { (result: Result<Int, LedgerError>) in outcomes.add(0, result) }(.success(0))
        timer.advance(milliseconds: 12)
        #expect(!deadline.waiting.isTicking, "nothing waits: the timer stops at its next tick")
        _ = deadline.guarding { (result: Result<Int, LedgerError>) in outcomes.add(1, result) }
        #expect(deadline.waiting.isTicking)
        #expect(timer.starts == 2)
        timer.advance(milliseconds: 100)
        let late = outcomes.of(1)
        #expect(late.count == 1)
        if case .failure(let error)? = late.first { #expect(error.code == .timedOut) }
        #expect(outcomes.of(0).count == 1)
    }

    @Test("no deadline: the completion is the caller's own")
    func none() {
        let timer = ManualExpiryTimer()
        let deadline = CommitDeadline(seconds: 0, timer: timer)
        let outcomes = Outcomes()
        deadline.guarding { (result: Result<Int, LedgerError>) in outcomes.add(0, result) }(.success(7))
        #expect(!deadline.waiting.isTicking)
        #expect(timer.starts == 0)
        #expect(outcomes.of(0).count == 1)
    }
}

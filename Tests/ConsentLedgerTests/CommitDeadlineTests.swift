import Foundation
import Synchronization
import Testing

@testable import ConsentLedger

/// The commit deadline: every guarded completion runs exactly once, with its result or with
/// `store_timeout` once its deadline has passed, and the one timer stops when none waits.
@Suite("Commit deadline: one timer for every waiting commit")
struct CommitDeadlineTests {
    /// Outcomes by index, and when each came.
    private final class Outcomes: Sendable {
        let calls = Mutex<[Int: [(result: Result<Int, LedgerError>, at: Double)]]>([:])
        func add(_ index: Int, _ result: Result<Int, LedgerError>) {
            let at = ProcessInfo.processInfo.systemUptime
            calls.withLock { $0[index, default: []].append((result, at)) }
        }
    }

    @Test("a commit that never reports gets store_timeout after its deadline, not before")
    func expires() async throws {
        let deadline = CommitDeadline(seconds: 0.2)
        let outcomes = Outcomes()
        let start = ProcessInfo.processInfo.systemUptime
        _ = deadline.guarding { (result: Result<Int, LedgerError>) in outcomes.add(0, result) }
        var calls: [(result: Result<Int, LedgerError>, at: Double)] = []
        for _ in 0..<500 where calls.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
            calls = outcomes.calls.withLock { $0[0] ?? [] }
        }
        try #require(calls.count == 1)
        if case .failure(let error) = calls[0].result {
            #expect(error.code == .timedOut)
        } else {
            Issue.record("expected store_timeout, got \(calls[0].result)")
        }
        let waited = calls[0].at - start
        // Never before the deadline; after it, within what a machine loaded by a full parallel
        // run may delay a timer (once 1 s was not enough: the bound says "it expires", not how fast).
        #expect(waited >= 0.2 && waited < 4, "expired after \(waited) s")
        try await Task.sleep(for: .milliseconds(100))
        #expect(!deadline.waiting.isTicking)
    }

    @Test("of many commits, those that report keep their result and the rest expire, each once")
    func many() async throws {
        let deadline = CommitDeadline(seconds: 0.15)
        let outcomes = Outcomes()
        let guarded = (0..<1000).map { index in
            deadline.guarding { (result: Result<Int, LedgerError>) in outcomes.add(index, result) }
        }
        for (index, completion) in guarded.enumerated() where index % 2 == 0 { completion(.success(index)) }
        #expect(deadline.waiting.isTicking)
        try await Task.sleep(for: .milliseconds(350))
        // Late results change nothing.
        for (index, completion) in guarded.enumerated() { completion(.success(index)) }
        let calls = outcomes.calls.withLock { $0 }
        #expect(calls.count == 1000)
        for index in 0..<1000 {
            let results = calls[index] ?? []
            #expect(results.count == 1, "completion \(index) ran \(results.count) times")
            guard let first = results.first else { continue }
            switch (index % 2, first.result) {
            case (0, .success(let value)): #expect(value == index)
            case (1, .failure(let error)): #expect(error.code == .timedOut)
            default: Issue.record("completion \(index): \(first.result)")
            }
        }
        #expect(!deadline.waiting.isTicking)
    }

    @Test("the timer starts again for a commit after it stopped")
    func restarts() async throws {
        let deadline = CommitDeadline(seconds: 0.1)
        let outcomes = Outcomes()
        deadline.guarding { (result: Result<Int, LedgerError>) in outcomes.add(0, result) }(.success(0))
        try await Task.sleep(for: .milliseconds(250))
        #expect(!deadline.waiting.isTicking)
        _ = deadline.guarding { (result: Result<Int, LedgerError>) in outcomes.add(1, result) }
        #expect(deadline.waiting.isTicking)
        try await Task.sleep(for: .milliseconds(250))
        let late = outcomes.calls.withLock { $0[1] ?? [] }
        #expect(late.count == 1)
        if case .failure(let error)? = late.first?.result { #expect(error.code == .timedOut) }
    }

    @Test("no deadline: the completion is the caller's own")
    func none() {
        let deadline = CommitDeadline(seconds: 0)
        let outcomes = Outcomes()
        deadline.guarding { (result: Result<Int, LedgerError>) in outcomes.add(0, result) }(.success(7))
        #expect(!deadline.waiting.isTicking)
        #expect(outcomes.calls.withLock { $0[0]?.count } == 1)
    }
}

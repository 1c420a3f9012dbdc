import Foundation
import Testing

@testable import ConsentServer

@Suite("Buffered log lines")
struct LineWriterTests {
    /// A temporary file open for writing, and its contents.
    final class Sink {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("agekit-lines-\(UUID()).log").path
        let descriptor: Int32
        init() { descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        deinit {
            close(descriptor)
            unlink(path)
        }
        var lines: [String] {
            let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    @Test("lines from many threads are written whole, each once, and each thread's in order")
    func orderAndWholeness() {
        let sink = Sink()
        let writer = LineWriter(descriptor: sink.descriptor, delay: .milliseconds(1), limit: 4096)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<500 { writer.write(Array("thread \(thread) line \(index)".utf8)) }
        }
        writer.flush()
        let lines = sink.lines
        #expect(lines.last == "")
        let written = lines.dropLast()
        #expect(written.count == 2000)
        for thread in 0..<4 {
            let own = written.filter { $0.hasPrefix("thread \(thread) ") }
            #expect(own == (0..<500).map { "thread \(thread) line \($0)" })
        }
    }

    @Test("a line reaches the file by itself shortly after, without a flush")
    func delayedWrite() throws {
        // A pipe, so that the test waits for the line to arrive instead of sleeping and looking.
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let writer = LineWriter(descriptor: ends[1], delay: .milliseconds(5))
        writer.write(Array(#"{"route":"/v2/notifications"}"#.utf8))
        var waiting = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 0) == 0, "nothing is written on the caller's thread below the limit")
        #expect(poll(&waiting, 1, 5_000) == 1, "the line arrives by itself")
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(ends[0], &buffer, buffer.count)
        #expect(
            String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == #"{"route":"/v2/notifications"}"# + "\n")
    }

    @Test("past the limit the caller writes the waiting lines itself")
    func limitWritesOnTheCaller() {
        let sink = Sink()
        let writer = LineWriter(descriptor: sink.descriptor, delay: .seconds(60), limit: 100)
        writer.write(Array(repeating: UInt8(ascii: "a"), count: 60))
        #expect(sink.lines == [""])
        writer.write(Array(repeating: UInt8(ascii: "b"), count: 60))
        #expect(sink.lines == [String(repeating: "a", count: 60), String(repeating: "b", count: 60), ""])
    }
}

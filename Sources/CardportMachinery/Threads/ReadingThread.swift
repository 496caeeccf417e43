import Foundation

/// The thread readers run on: one with a stack of known size, whatever the process's stack limit.
///
/// The parsers of nested formats (JSON, YAML, Markdown lists) recurse once per level, so how deep
/// an input may nest (`ReadLimits.maximumDepth`, at most `ReadLimits.depthCeiling`) is safe only
/// on a stack of a known size: the main thread's follows `ulimit -s`, and a thread started without a
/// size gets the same. Every operation that reads records does so on a reading thread; the stack is
/// address space reserved, not memory used, until a deep input reaches into it.
///
/// ```swift
/// let count = try ReadingThread.run { () throws(CardportError) in
///     var count = 0
///     while try reader.next() != nil { count += 1 }
///     return count
/// }
/// ```
package enum ReadingThread {
    /// The stack of every reading thread: 64 MiB, room for `ReadLimits.depthCeiling` levels of the
    /// deepest-recursing reader in a debug build with a wide margin (Formats.md, "Limits").
    package static let stackSize = 64 << 20

    /// Starts `body` on a reading thread and returns at once: one that finished its last body and
    /// waits for another, else a new one.
    ///
    /// A conversion of a folder reads thousands of small files, each on a reading thread of its
    /// own; starting a thread with its stack cost more than reading such a file.
    package static func start(_ body: @escaping @Sendable () -> Void) {
        pool.run(body)
    }

    private static let pool = Pool()

    /// Reading threads that wait a while for another body after finishing one.
    private final class Pool: @unchecked Sendable {
        /// How long an idle thread waits for another body before it ends.
        private static let idleSeconds = 2.0
        private let condition = NSCondition()
        // Guarded by the condition.
        private var waiting: [@Sendable () -> Void] = []
        private var idle = 0

        func run(_ body: @escaping @Sendable () -> Void) {
            condition.lock()
            if idle > waiting.count {
                waiting.append(body)
                condition.signal()
                condition.unlock()
                return
            }
            condition.unlock()
            let thread = Thread { [self] in work(first: body) }
            thread.stackSize = ReadingThread.stackSize
            thread.start()
        }

        private func work(first: @escaping @Sendable () -> Void) {
            var body: (@Sendable () -> Void)? = first
            while let current = body {
                current()
                body = nil
                condition.lock()
                idle += 1
                let deadline = Date(timeIntervalSinceNow: Pool.idleSeconds)
                while waiting.isEmpty && condition.wait(until: deadline) {}
                idle -= 1
                if !waiting.isEmpty { body = waiting.removeFirst() }
                condition.unlock()
            }
        }
    }

    /// Runs `body` on a new reading thread, waits for it, and returns what it returned or throws
    /// what it threw.
    ///
    /// The caller waits the whole time, so `body` may use what the caller owns: nothing runs on the
    /// caller's side until it is done.
    package static func run<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        try withoutActuallyEscaping(body) { (escapable) throws(Failure) -> Value in
            let handOff = HandOff<Value, Failure>(body: escapable)
            start { handOff.work() }
            return try handOff.wait()
        }
    }

    /// The body and its outcome, shared by the caller and the reading thread; `done` orders them.
    private final class HandOff<Value, Failure: Error>: @unchecked Sendable {
        /// Dropped before the caller is woken: the caller's closure must not outlive its call.
        private var body: (() throws(Failure) -> Value)?
        private var outcome: Result<Value, Failure>?
        private let done = DispatchSemaphore(value: 0)

        init(body: @escaping () throws(Failure) -> Value) {
            self.body = body
        }

        func work() {
            do throws(Failure) {
                outcome = .success(try body!())
            } catch {
                outcome = .failure(error)
            }
            body = nil
            done.signal()
        }

        func wait() throws(Failure) -> Value {
            done.wait()
            return try outcome!.get()
        }
    }
}

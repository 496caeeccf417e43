#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// SIGINT, SIGTERM and SIGHUP taken by one thread of their own with `sigwait`, not in a signal
/// handler, so that what the process does on them may take locks (``PendingOutputs`` commits
/// under one).
///
/// The signals are blocked in every thread that starts after ``install(_:)``; a signal the parent
/// already ignores stays ignored (`nohup`). SIGXFSZ is ignored, so a write past `ulimit -f` fails
/// with `EFBIG` as an ordinary write error.
package enum StopSignals {
    /// The handled signals and their names.
    package static let handled: [(number: Int32, name: String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")]

    /// Starts handling the signals: `stop` runs on the signal thread with the signal's number and
    /// name, and must end the process. Call first thing, before any other thread starts, so that
    /// every thread inherits the blocked mask.
    package static func install(_ stop: @escaping @Sendable (Int32, String) -> Never) {
        signal(SIGXFSZ, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for (number, _) in handled {
            var current = sigaction()
            sigaction(number, nil, &current)
            #if canImport(Darwin)
            let handler = unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self)
            #else
            let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            #endif
            if handler != unsafeBitCast(SIG_IGN, to: Int.self) { sigaddset(&set, number) }
        }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waiting = set
        let thread = Thread {
            var set = waiting
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            stop(number, handled.first { $0.number == number }?.name ?? "signal \(number)")
        }
        thread.start()
    }

    /// Writes `text` to standard error with one `write`, taking no lock.
    package static func writeToStandardError(_ text: String) {
        text.utf8CString.withUnsafeBufferPointer { buffer in
            _ = write(2, buffer.baseAddress!, buffer.count - 1)
        }
    }

    /// Ends the process at once, running no exit handler.
    package static func exitNow(_ status: Int32) -> Never {
        _exit(status)
    }
}

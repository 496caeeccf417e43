#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardportCore

/// What the command does when it is stopped by a signal: remove what it had not finished writing,
/// say so, and exit with 128 + the signal's number.
///
/// SIGINT, SIGTERM and SIGHUP are blocked in every thread and taken by one thread of their own with
/// `sigwait`, not in a signal handler, so the clean-up may take the lock ``PendingOutputs`` commits
/// under: an output is either renamed into place before the signal is handled, or its temporary
/// file is removed. (A thread opens no descriptor, so a closed standard stream stays closed.) An
/// import or restore in progress needs nothing here: its SQLite transaction is never committed, so
/// the store stays as it was. A signal the parent already ignores stays ignored (`nohup`). SIGXFSZ
/// is ignored, so a write past `ulimit -f` fails with EFBIG and ends as an ordinary write error
/// (exit 74) that removes its temporary file.
enum Interruption {
    /// The handled signals and their names.
    static let signals: [(number: Int32, name: String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")]

    /// Starts handling the signals; call first thing, before any other thread starts, so that every
    /// thread inherits the blocked mask.
    static func install() {
        signal(SIGXFSZ, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for (number, _) in signals {
            var current = sigaction()
            sigaction(number, nil, &current)
            let ignored = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            if !ignored { sigaddset(&set, number) }
        }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        var thread = pthread_t()
        let made = pthread_create(&thread, nil, { _ in
            var set = sigset_t()
            sigemptyset(&set)
            for (number, _) in Interruption.signals { sigaddset(&set, number) }
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            Interruption.stop(signal: number)
        }, nil)
        if made == 0 { pthread_detach(thread) }
    }

    /// Removes the outputs in flight, reports them on standard error, and ends the process.
    static func stop(signal number: Int32) -> Never {
        let name = signals.first { $0.number == number }?.name ?? "signal \(number)"
        let unwritten = PendingOutputs.removeAll()
        var message = "cardport: stopped by \(name)"
        if unwritten.isEmpty {
            message += "\n"
        } else {
            let shown = unwritten.map { $0 == "-" ? "standard output" : "'\($0)'" }.joined(separator: ", ")
            message += "; not written: \(shown) (an existing file there is unchanged)\n"
        }
        message.utf8CString.withUnsafeBufferPointer { buffer in
            _ = write(2, buffer.baseAddress!, buffer.count - 1)
        }
        _exit(128 + number)
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardportCore
import Dispatch

/// What the command does when it is stopped by a signal: remove what it had not finished writing,
/// say so, and exit with 128 + the signal's number.
///
/// SIGINT, SIGTERM and SIGHUP are handled on a dispatch queue, not in a signal handler, so the
/// clean-up may take the lock ``PendingOutputs`` commits under: an output is either renamed into
/// place before the signal is handled, or its temporary file is removed. An import or restore in
/// progress needs nothing here: its SQLite transaction is never committed, so the store stays as it
/// was. A signal the parent already ignores stays ignored (`nohup`). SIGXFSZ is ignored, so a write past `ulimit -f` fails with EFBIG and ends as an ordinary
/// write error (exit 74) that removes its temporary file.
enum Interruption {
    /// The handled signals, their names, and the exit status each gives.
    static let signals: [(number: Int32, name: String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")]

    /// The dispatch sources, kept for the life of the process.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Starts handling the signals; call once, before any output is created.
    static func install() {
        signal(SIGXFSZ, SIG_IGN)
        let queue = DispatchQueue(label: "cardport.signals")
        for (number, name) in signals {
            // Ignored as a signal, so the process is not ended before the source sees it. A signal
            // the parent already ignores (nohup, a background job's SIGINT) stays ignored.
            let previous = signal(number, SIG_IGN)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { stop(signal: number, name: name) }
            source.resume()
            sources.append(source)
        }
    }

    /// Removes the outputs in flight, reports them on standard error, and ends the process.
    static func stop(signal number: Int32, name: String) -> Never {
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

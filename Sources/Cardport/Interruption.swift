import CardportMachinery

/// What a command does when it is stopped by a signal: remove what it had not finished writing,
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
public enum Interruption {
    /// Starts handling the signals; call first thing, before any other thread starts, so that every
    /// thread inherits the blocked mask.
    public static func install() {
        StopSignals.install { number, name in stop(signal: number, name: name) }
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
        StopSignals.writeToStandardError(message)
        StopSignals.exitNow(128 + number)
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The temporary files and staging directories of outputs not yet committed, for the whole process.
///
/// ``OutputFile`` and ``OutputDirectory`` list theirs here while they are in flight, so that a
/// program stopped by a signal can remove them (``removeAll()``) instead of leaving them beside the
/// outputs. Every change, and the rename that commits an output, happens under one lock, and once
/// ``removeAll()`` has run, an output created or committed later is deleted instead: a signal
/// handled on another thread never races a commit into a half-removed state.
///
/// ```swift
/// // On the thread that waits for the signals (sigwait):
/// let unwritten = PendingOutputs.removeAll()
/// // report `unwritten`, then _exit(130)
/// ```
package enum PendingOutputs {
    struct Entry {
        let temporary: String
        let destination: String
        let isDirectory: Bool
    }

    struct State {
        var entries: [Int: Entry] = [:]
        var nextKey = 0
        var isStopped = false
    }

    private static let state = Mutex(State())

    /// Makes a temporary file or staging directory with `make` (which returns its path, or `nil`
    /// with `errno` set) and lists it, both under the lock, returning the key to
    /// ``finish(_:commit:)`` it with: a signal handled between the two would
    /// otherwise find it made and not listed, and leave it behind. After ``removeAll()`` nothing is
    /// made and the key is -1.
    package static func create(destination: String, isDirectory: Bool = false,
                       _ make: () -> String?) -> (temporary: String?, key: Int, error: Int32) {
        state.withLock { state in
            guard !state.isStopped else { return (nil, -1, EINTR) }
            guard let temporary = make() else { return (nil, 0, errno) }
            state.nextKey += 1
            state.entries[state.nextKey] = Entry(temporary: temporary, destination: destination, isDirectory: isDirectory)
            return (temporary, state.nextKey, 0)
        }
    }

    /// Takes an entry off the list, running `commit` (the rename into place) under the lock first;
    /// after ``removeAll()`` the entry is gone and `commit` is not run, and the result is `false`.
    @discardableResult
    package static func finish(_ key: Int, commit: () -> Void = {}) -> Bool {
        state.withLock { state in
            guard !state.isStopped, state.entries.removeValue(forKey: key) != nil else { return false }
            commit()
            return true
        }
    }

    /// Deletes every temporary file and staging directory in flight, and every one listed later;
    /// returns the destinations that were therefore not written, in the order they were started.
    ///
    /// Meant for a thread that takes signals with `sigwait` and ends the
    /// process right after.
    package static func removeAll() -> [String] {
        state.withLock { state in
            state.isStopped = true
            let entries = state.entries.sorted { $0.key < $1.key }.map(\.value)
            state.entries = [:]
            // Files before directories: a staging directory is removed once it is empty.
            for entry in entries where !entry.isDirectory { delete(entry) }
            for entry in entries where entry.isDirectory { delete(entry) }
            let staging = entries.filter(\.isDirectory).map { $0.temporary + "/" }
            var destinations: [String] = []
            // A file staged inside a directory output is named by the directory, not one by one.
            for entry in entries where !destinations.contains(entry.destination)
                && !staging.contains(where: { entry.destination.hasPrefix($0) }) {
                destinations.append(entry.destination)
            }
            return destinations
        }
    }

    private static func delete(_ entry: Entry) {
        if entry.isDirectory {
            POSIXCalls.removeDirectoryAndFiles(entry.temporary)
        } else {
            POSIXCalls.removeFile(entry.temporary)
        }
    }
}

import CardportMachinery

/// A set of output files that appear in a directory only when all of them are complete.
///
/// Files are written into a hidden staging directory inside the destination (so the final renames
/// stay on one file system); ``commit()`` moves each finished file into place, replacing a file of
/// the same name, and removes the staging directory. ``discard()`` (or deinit without a commit)
/// deletes everything written, so a failed run leaves the destination as it was.
///
/// ```swift
/// let directory = try OutputDirectory(path: "Notes")
/// try directory.addFile(named: "Meditations.md") { output in try output.write("…") }
/// try directory.commit()
/// ```
public final class OutputDirectory {
    /// The destination directory as the user gave it; it must exist.
    public let path: String
    /// The names of the files added so far, in order.
    public private(set) var names: [String] = []
    private var lowercasedNames: Set<String> = []
    private let staging: String
    /// The staging directory's key in ``PendingOutputs``, so a signal can remove it.
    private let pendingKey: Int
    private var isFinished = false

    /// Creates the staging directory inside `path`.
    public init(path: String) throws(CardportError) {
        let base = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        self.path = base
        let made = PendingOutputs.create(destination: base, isDirectory: true) {
            POSIXCalls.makeTemporaryDirectory("\(base)/.cardport-XXXXXX")
        }
        guard let temporary = made.temporary else { throw CardportError.posix(made.error, doing: "write", path: base) }
        staging = temporary
        pendingKey = made.key
    }

    deinit { if !isFinished { discard() } }

    /// Whether a file of this name was added (names compare without regard to case, as on the
    /// case-insensitive file systems notes are often synced to).
    public func contains(_ name: String) -> Bool {
        lowercasedNames.contains(name.lowercased())
    }

    /// Writes one file: `body` gets its output, which is flushed and closed when `body` returns.
    ///
    /// `name` must be a plain file name (no `/`, not `.` or `..`) not added before.
    public func addFile(named name: String, _ body: (ByteOutput) throws(CardportError) -> Void) throws(CardportError) {
        precondition(!isFinished, "file added to '\(path)' after commit or discard")
        precondition(!name.isEmpty && !name.contains("/") && name != "." && name != "..", "not a file name: \(name)")
        precondition(!contains(name), "file '\(name)' added twice")
        let file = try OutputFile(path: "\(staging)/\(name)")
        do {
            try body(file.output)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
        names.append(name)
        lowercasedNames.insert(name.lowercased())
    }

    /// Moves every file into the destination and removes the staging directory.
    public func commit() throws(CardportError) {
        precondition(!isFinished, "output directory committed or discarded twice")
        var failure: (index: Int, code: Int32)?
        let (names, staging, path) = (names, staging, path)
        let listed = PendingOutputs.finish(pendingKey) {
            for (index, name) in names.enumerated() {
                let code = POSIXCalls.rename("\(staging)/\(name)", "\(path)/\(name)")
                if code != 0 {
                    failure = (index, code)
                    return
                }
            }
        }
        guard listed else {
            isFinished = true
            throw CardportError(.io, "cannot write to '\(path)': the run was interrupted")
        }
        if let failure {
            self.names.removeFirst(failure.index)
            discardStaged()
            throw CardportError.posix(failure.code, doing: "write", path: "\(path)/\(names[failure.index])")
        }
        isFinished = true
        POSIXCalls.removeDirectory(staging)
    }

    /// Deletes every staged file and the staging directory; the destination is left as it was.
    public func discard() {
        guard !isFinished else { return }
        PendingOutputs.finish(pendingKey)
        discardStaged()
    }

    private func discardStaged() {
        isFinished = true
        for name in names { POSIXCalls.removeFile("\(staging)/\(name)") }
        POSIXCalls.removeDirectory(staging)
    }
}

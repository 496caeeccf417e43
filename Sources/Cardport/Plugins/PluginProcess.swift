import CardportCore
import CardportMachinery
import Foundation

/// One running plugin process: its pipes, a watchdog for hangs, and what it said on standard error.
///
/// The process runs through Foundation's `Process` (Plugins.md says why). Standard error is read on a
/// thread of its own: problem lines are queued for the reader, the `{"dropped":{…}}` line is kept, and
/// the last lines are kept for the message when the plugin fails. A watchdog stops the process when
/// nothing moves (no byte read from its output, none taken from its input) for the timeout, and a
/// flood of standard error stops it too.
///
/// Every plugin runs in a process group of its own, and stopping kills the whole group, so that a
/// shell script's children die with it. The watchdog keeps watching after the plugin itself exits,
/// until its output and standard error are closed: a child it left behind that holds them open would
/// otherwise keep Cardport waiting for ever, and it is stopped as a hang.
final class PluginProcess: @unchecked Sendable {
    /// Why Cardport stopped a plugin before it finished.
    enum StopReason: Sendable, Equatable {
        case hang(Double)
        case flood(String)
        case cancelled
    }

    /// A problem line from standard error.
    struct Problem: Sendable {
        var isError: Bool
        var message: String
        var line: Int?
        var column: Int?
    }

    /// Most bytes of standard error taken before the plugin counts as flooding it.
    static let standardErrorLimit = 16 << 20
    /// How many of the last standard error lines a failure shows.
    static let tailLength = 8

    let plugin: PluginIdentity
    let timeout: Double
    private let process = Process()
    private let inputPipe = Pipe()
    private let outputPipe = Pipe()
    private let errorPipe = Pipe()
    private let condition = NSCondition()
    private var lastActivity = Date()
    private var exited = false
    private var errorDone = false
    /// Whether ``wait()`` has returned: the plugin and everything that held its pipes are gone.
    private var finished = false
    /// The plugin's process group (its own pid), or 0 when it could not be given one.
    private var group: Int32 = 0
    private var stopReason: StopReason?
    private var tail: [String] = []
    private var problems: [Problem] = []
    private var dropped: [String: Int]?
    private var errorBytes = 0
    private var problemCount = 0
    private var inputClosed = false
    private var isIdle = false

    init(plugin: PluginIdentity, arguments: [String], environment: [String: String] = [:],
         timeout: Double) {
        self.plugin = plugin
        self.timeout = timeout
        process.executableURL = URL(fileURLWithPath: plugin.path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["CARDPORT_PROTOCOL"] = String(PluginDescription.protocolVersion)
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = inputPipe
        process.standardOutput = outputPipe
        process.standardError = errorPipe
    }

    deinit {
        if isRunning { stop(.cancelled) }
    }

    /// The write end of the plugin's standard input.
    var inputDescriptor: Int32 { inputPipe.fileHandleForWriting.fileDescriptor }
    /// The read end of the plugin's standard output.
    var outputDescriptor: Int32 { outputPipe.fileHandleForReading.fileDescriptor }

    /// Starts the process and its watchdog and standard error threads.
    func start() throws(CardportError) {
        // A plugin that exits without reading all its input must not kill Cardport with SIGPIPE.
        ProcessCalls.ignoreBrokenPipes()
        process.terminationHandler = { [self] _ in
            condition.lock()
            exited = true
            condition.broadcast()
            condition.unlock()
        }
        PluginProcess.widen([inputPipe.fileHandleForWriting.fileDescriptor, outputPipe.fileHandleForReading.fileDescriptor])
        do {
            try process.run()
        } catch {
            throw CardportError(.io, "cannot run plugin '\(plugin.name)' (\(plugin.path)): \(error.localizedDescription)",
                                hint: "check that the file is executable and its interpreter exists")
        }
        // The child's copies are in the child; ours would keep the pipes open for ever.
        try? inputPipe.fileHandleForReading.close()
        try? outputPipe.fileHandleForWriting.close()
        try? errorPipe.fileHandleForWriting.close()
        // Foundation's `Process` on Linux starts every child in a new group already
        // (`POSIX_SPAWN_SETPGROUP`); where it does not, the group is made here, which works until
        // the child has run its program (it then leads a group already, or the setting fails and
        // only the plugin itself can be killed).
        group = ProcessCalls.ownGroup(process.processIdentifier)
        touch()
        Thread.detachNewThread { [self] in readStandardError() }
        Thread.detachNewThread { [self] in watch() }
    }

    private var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return process.processIdentifier != 0 && !exited
    }

    /// Gives each pipe a 1 MiB buffer where the system allows it (Linux; 64 KiB by default): records
    /// then cross in fewer, larger reads and writes, each a switch between the two processes.
    private static func widen(_ descriptors: [Int32]) {
        for descriptor in descriptors { ProcessCalls.widenPipe(descriptor, to: PluginProcess.pipeSize) }
    }

    /// The pipe buffer asked for, and the most written to the plugin at once.
    static let pipeSize: Int32 = 1 << 20

    /// Records that the plugin moved (read input or wrote output): the watchdog starts counting again.
    func touch() {
        condition.lock()
        lastActivity = Date()
        condition.unlock()
    }

    /// Says whether Cardport is waiting on the plugin: while it is not (it is busy with records
    /// already read, say), the plugin's silence is no hang and the watchdog does not count it.
    func setWaiting(_ waiting: Bool) {
        condition.lock()
        isIdle = !waiting
        lastActivity = Date()
        condition.broadcast()
        condition.unlock()
    }

    /// Kills the plugin with its process group, and remembers why.
    ///
    /// The group is killed even after the plugin exited, until ``wait()`` returned: children it
    /// left behind may still hold its output open.
    func stop(_ reason: StopReason) {
        condition.lock()
        let over = finished
        if !over && stopReason == nil { stopReason = reason }
        let leaderGone = exited
        condition.unlock()
        guard !over else { return }
        if group > 0 {
            ProcessCalls.killGroup(group)
        } else if !leaderGone {
            ProcessCalls.killProcess(process.processIdentifier)
        }
    }

    private func watch() {
        condition.lock()
        defer { condition.unlock() }
        // Until the consumer has waited for the end, or, once stopped, until the plugin and its
        // standard error are gone (the group is killed, so nothing is left to hold the output).
        while !finished && !(stopReason != nil && exited && errorDone) {
            if isIdle {
                condition.wait()
                continue
            }
            let deadline = lastActivity.addingTimeInterval(timeout)
            if Date() >= deadline {
                condition.unlock()
                stop(.hang(timeout))
                condition.lock()
                return
            }
            _ = condition.wait(until: deadline)
        }
    }

    private func readStandardError() {
        let fd = errorPipe.fileHandleForReading.fileDescriptor
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { POSIXCalls.read(fd, into: $0.baseAddress!, count: $0.count) }
            if count <= 0 { break }
            condition.lock()
            errorBytes += count
            let flooded = errorBytes > PluginProcess.standardErrorLimit
            condition.unlock()
            if flooded {
                stop(.flood("more than \(PluginProcess.standardErrorLimit >> 20) MiB on standard error"))
                break
            }
            pending.append(contentsOf: chunk[0..<count])
            while let newline = pending.firstIndex(of: 0x0A) {
                take(line: Array(pending[..<newline]))
                pending.removeSubrange(...newline)
            }
        }
        if !pending.isEmpty { take(line: pending) }
        condition.lock()
        errorDone = true
        condition.broadcast()
        condition.unlock()
    }

    private func take(line bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        condition.lock()
        defer { condition.unlock() }
        tail.append(text)
        if tail.count > PluginProcess.tailLength { tail.removeFirst() }
        guard bytes.first == UInt8(ascii: "{"),
              let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return }
        if let counts = object["dropped"] as? [String: Any] {
            var parsed: [String: Int] = [:]
            for (key, value) in counts { if let number = value as? Int { parsed[key] = number } }
            dropped = parsed
            tail.removeLast()
            return
        }
        guard let message = object["message"] as? String else { return }
        let level = object["level"] as? String ?? "error"
        problems.append(Problem(isError: level != "warning", message: message,
                                line: object["line"] as? Int, column: object["column"] as? Int))
        problemCount += 1
    }

    /// Takes the problems reported since the last call.
    func takeProblems() -> [Problem] {
        condition.lock()
        defer { condition.unlock() }
        let taken = problems
        problems.removeAll()
        return taken
    }

    /// How the plugin ended.
    struct Outcome: Sendable {
        var status: Int32
        var signalled: Bool
        var stopReason: StopReason?
        var dropped: [String: Int]?
        var problemCount: Int
    }

    /// Closes standard input if still open, waits for the process and its standard error, and says how it ended.
    func wait() -> Outcome {
        condition.lock()
        while !exited || !errorDone { condition.wait() }
        finished = true
        condition.broadcast()
        let outcome = Outcome(status: process.terminationStatus,
                              signalled: process.terminationReason == .uncaughtSignal,
                              stopReason: stopReason, dropped: dropped, problemCount: problemCount)
        condition.unlock()
        return outcome
    }

    /// Waits at most `seconds` for the process to end by itself; true when it did.
    func waitForExit(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !exited {
            if !condition.wait(until: deadline) { return exited }
        }
        return true
    }

    /// The last lines the plugin wrote on standard error.
    var lastLines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return tail
    }

    /// The error for a plugin that failed, naming it and showing the end of its standard error.
    func failure(_ what: String, code: CardportError.Code = .io) -> CardportError {
        let lines = lastLines.filter { !$0.isEmpty }
        var hint = "the plugin is \(plugin.path)"
        if !lines.isEmpty {
            hint += "; the last lines of its standard error:\n" + lines.map { "  | " + $0 }.joined(separator: "\n")
        }
        return CardportError(code, "plugin '\(plugin.name)' \(what)", hint: hint)
    }

    /// The failure for an outcome that is not a success, or nil. Exit status 65 is a success when the
    /// plugin reported at least one error line: it says "the input had errors, all reported".
    func failure(of outcome: Outcome) -> CardportError? {
        switch outcome.stopReason {
        case .hang(let seconds)?:
            return failure("was stopped: no output for \(PluginTimeout.describe(seconds)) (--plugin-timeout)")
        case .flood(let what)?:
            return failure("was stopped: it wrote \(what)", code: .limitExceeded)
        case .cancelled?:
            return failure("was stopped")
        case nil:
            break
        }
        if outcome.signalled {
            return failure("was killed by signal \(outcome.status)")
        }
        if outcome.status == 0 || (outcome.status == 65 && outcome.problemCount > 0) { return nil }
        return failure("exited with status \(outcome.status)")
    }

    /// Writes all of `bytes` to the plugin's standard input; false when the plugin closed it.
    func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let written = POSIXCalls.write(inputDescriptor, UnsafeRawBufferPointer(
                rebasing: rest.prefix(Int(PluginProcess.pipeSize))))
            if written < 0 { return false }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            touch()
        }
        return true
    }

    /// Closes the plugin's standard input, once: the end of its input.
    func closeInput() {
        condition.lock()
        let open = !inputClosed
        inputClosed = true
        condition.unlock()
        if open { try? inputPipe.fileHandleForWriting.close() }
    }
}

/// Formats a timeout for messages.
enum PluginTimeout {
    static func describe(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

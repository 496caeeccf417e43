import CardportCore
import CardportJSON
import Foundation

/// Reads an input through a plugin's `read FORMAT`: the input goes to its standard input, and its
/// standard output is read by the JSON Lines reader.
///
/// Problems the plugin reports on standard error become errors at the input's own line and column
/// (recoverable, so `--keep-going` skips them) or warnings in the reader's notes. A plugin that fails
/// (see ``PluginProcess``) ends the read with an error, never with a short but "successful" input.
final class PluginReader: RecordReader {
    private let format: PluginFormat
    private let process: PluginProcess
    private let source: ByteInput
    private let inner: any RecordReader
    private let limits: ReadLimits
    private let copy: InputCopy
    private var pending: [CardportError] = []
    private var produced = 0
    private var finished = false
    private(set) var notes = ReaderNotes()

    /// The input's bytes, kept when the input is not a file, so a problem can show its line.
    final class InputCopy: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        private let keeps: Bool
        private let limit: Int
        init(keeps: Bool, limit: Int) {
            self.keeps = keeps
            self.limit = limit
        }
        func append(_ chunk: UnsafeRawBufferPointer) {
            guard keeps else { return }
            lock.lock()
            if bytes.count + chunk.count <= limit { bytes.append(contentsOf: chunk) }
            lock.unlock()
        }
        func contents() -> [UInt8] {
            lock.lock()
            defer { lock.unlock() }
            return bytes
        }
    }

    init(format: PluginFormat, input: ByteInput, options: ReadOptions) throws(CardportError) {
        self.format = format
        self.source = input
        self.limits = options.limits
        let raw = format.isBinary ? try RawInput(input) : nil
        var environment: [String: String] = [:]
        if raw?.isFile ?? (input.size != nil) { environment["CARDPORT_INPUT_PATH"] = input.name }
        process = PluginProcess(plugin: format.plugin, arguments: ["read", format.id], environment: environment,
                                timeout: format.timeout)
        copy = InputCopy(keeps: raw == nil && input.size == nil, limit: options.limits.maximumInputSize)
        try process.start()
        let process = process
        if let raw {
            let feeder = UncheckedBox(raw)
            Thread.detachNewThread {
                feeder.value.send(to: process)
                process.closeInput()
            }
        } else {
            let feeder = UncheckedBox(input)
            let copy = copy
            Thread.detachNewThread {
                let input = feeder.value
                do {
                    repeat {
                        let chunk = input.available
                        guard process.send(chunk) else { break }
                        copy.append(chunk)
                        input.consume(chunk.count)
                    } while try input.fill()
                } catch {
                    process.stop(.cancelled)
                }
                process.closeInput()
            }
        }
        do {
            let output = try ByteInput(path: "/dev/fd/\(process.outputDescriptor)",
                                       maximumWindow: options.limits.maximumInputSize)
            inner = try JSONLinesFormat().makeReader(output, options: options)
        } catch {
            throw PluginReader.failure(of: process, after: error)
        }
        process.setWaiting(false)
    }

    deinit {
        if !finished { process.stop(.cancelled) }
    }

    func next() throws(CardportError) -> Record? {
        if finished {
            // After the end, the problems still queued are reported one by one.
            if !pending.isEmpty { throw pending.removeFirst() }
            return nil
        }
        collectProblems()
        if !pending.isEmpty { throw pending.removeFirst() }
        let record: Record?
        process.setWaiting(true)
        defer { process.setWaiting(false) }
        do {
            record = try inner.next()
        } catch {
            finished = true
            throw PluginReader.failure(of: process, after: error)
        }
        guard let record else {
            try end()
            if !pending.isEmpty { throw pending.removeFirst() }
            return nil
        }
        produced += 1
        if produced > limits.maximumRecords {
            finished = true
            process.stop(.flood("more than \(limits.maximumRecords) records (--max-records)"))
            _ = process.wait()
            throw process.failure("was stopped: it wrote more than \(limits.maximumRecords) records (--max-records)",
                                  code: .limitExceeded)
        }
        return record
    }

    private func end() throws(CardportError) {
        let outcome = process.wait()
        finished = true
        if let failure = process.failure(of: outcome) { throw failure }
        collectProblems()
        for (key, count) in (outcome.dropped ?? [:]).sorted(by: { $0.key < $1.key }) {
            notes.count("dropped by plugin: \(key)", count)
        }
    }

    private func collectProblems() {
        for problem in process.takeProblems() {
            let error = located(problem)
            if problem.isError { pending.append(error) } else { notes.warn(error) }
        }
    }

    private func located(_ problem: PluginProcess.Problem) -> CardportError {
        let message = "\(problem.message) (plugin '\(format.plugin.name)')"
        guard let line = problem.line, line >= 1 else {
            return CardportError(.malformedInput, message, isRecoverable: true)
        }
        let column = Swift.max(problem.column ?? 1, 1)
        let location = SourceLocation(file: source.name, line: line, column: column, offset: 0)
        return CardportError(.malformedInput, message, location: location, sourceLine: sourceLine(line),
                             isRecoverable: true)
    }

    private var inputLines: [Substring]?

    private func sourceLine(_ number: Int) -> String? {
        // A binary input has no lines to show; the location alone says where.
        guard !format.isBinary else { return nil }
        if inputLines == nil {
            let bytes = source.size != nil ? (FileManager.default.contents(atPath: source.name).map { [UInt8]($0) } ?? [])
                                            : copy.contents()
            inputLines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
        guard let lines = inputLines, number <= lines.count else { return nil }
        var line = lines[number - 1]
        if line.hasSuffix("\r") { line = line.dropLast() }
        return String(line)
    }

    /// The error for a read that stopped on `error`: the plugin's own failure when it had one (a
    /// crash leaves a cut line behind), else its output was not Cardport JSON Lines.
    static func failure(of process: PluginProcess, after error: CardportError) -> CardportError {
        // A plugin that crashed left a cut line behind: its own failure is the reason, when it ends
        // at once. One still running wrote a bad line and is stopped.
        if !process.waitForExit(within: 0.5) { process.stop(.cancelled) }
        let outcome = process.wait()
        if outcome.stopReason != .cancelled, let failure = process.failure(of: outcome) { return failure }
        let at = error.location.map { " (its output line \($0.line))" } ?? ""
        let code: CardportError.Code = error.code == .limitExceeded ? .limitExceeded : .malformedInput
        return process.failure("wrote output that is not Cardport JSON Lines\(at): \(error.message)", code: code)
    }
}

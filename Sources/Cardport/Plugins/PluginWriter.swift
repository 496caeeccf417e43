import CardportCore
import CardportJSON
import CardportMachinery
import Foundation

/// Writes through a plugin's `write FORMAT`: records go to its standard input as Cardport JSON Lines,
/// and what it prints on standard output is the output file.
///
/// A thread copies the plugin's standard output into the output while records are still being
/// sent, so neither side waits on the other. The output is Cardport's atomic output: when the
/// plugin fails, the error thrown here stops the run and nothing is renamed into place.
final class PluginWriter: RecordWriter {
    private let process: PluginProcess
    private var chunk = ByteOutput(name: "<plugin input>")
    private var encoder: any RecordWriter
    private let copied = DispatchSemaphore(value: 0)
    private let copyError = UncheckedBox<CardportError?>(nil)
    private var finished = false
    private(set) var losses = LossReport()

    init(format: PluginFormat, output: ByteOutput) throws(CardportError) {
        process = PluginProcess(plugin: format.plugin, arguments: ["write", format.id], timeout: format.timeout)
        encoder = try JSONLinesFormat().makeWriter(chunk, options: WriteOptions())
        try process.start()
        // Until records come, the plugin has nothing to do: its silence is no hang.
        process.setWaiting(false)
        let process = process
        let target = UncheckedBox(output)
        let copyError = copyError
        let copied = copied
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let fd = process.outputDescriptor
            while true {
                let count = buffer.withUnsafeMutableBytes { POSIXCalls.read(fd, into: $0.baseAddress!, count: $0.count) }
                if count <= 0 { break }
                process.touch()
                let result = buffer.withUnsafeBytes { raw in
                    Result { () throws(CardportError) in try target.value.write(UnsafeRawBufferPointer(rebasing: raw[0..<count])) }
                }
                if case .failure(let error) = result {
                    copyError.value = error
                    process.stop(.cancelled)
                    break
                }
            }
            copied.signal()
        }
    }

    deinit {
        if !finished { process.stop(.cancelled) }
    }

    func write(_ record: Record) throws(CardportError) {
        try encoder.write(record)
        if chunk.count > 0 { try send() }
    }

    func finish() throws(CardportError) {
        process.setWaiting(true)
        try encoder.finish()
        try send()
        process.setWaiting(true)
        process.closeInput()
        copied.wait()
        let outcome = process.wait()
        finished = true
        if let error = copyError.value { throw error }
        if let failure = process.failure(of: outcome) { throw failure }
        if let problem = process.takeProblems().first(where: \.isError) {
            throw process.failure("reported an error: \(problem.message)", code: .invalidValue)
        }
        for (key, count) in outcome.dropped ?? [:] {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            if let kind = RecordKind(name: parts[0]) {
                if parts.count == 2 { losses.dropField(parts[1], of: kind, count: count) } else { losses.dropRecord(of: kind, count: count) }
            }
        }
    }

    /// Sends the encoded records to the plugin and starts a fresh buffer.
    private func send() throws(CardportError) {
        let bytes = chunk.bytes
        chunk = ByteOutput(name: "<plugin input>")
        encoder = try JSONLinesFormat().makeWriter(chunk, options: WriteOptions())
        guard !bytes.isEmpty else { return }
        process.setWaiting(true)
        let sent = bytes.withUnsafeBytes { process.send($0) }
        if !finished { process.setWaiting(false) }
        if !sent {
            finished = true
            process.closeInput()
            copied.wait()
            let outcome = process.wait()
            throw process.failure(of: outcome) ?? process.failure("stopped reading its input before the end")
        }
    }
}

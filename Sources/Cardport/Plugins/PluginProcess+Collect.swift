import CardportCore
import CardportMachinery
import Foundation

extension PluginProcess {
    /// Runs a short request (`describe`, `sniff`) to the end: `input` on standard input, and
    /// standard output collected up to `limit` bytes (more is a flood).
    static func collect(_ plugin: PluginIdentity, arguments: [String], input: [UInt8] = [],
                        timeout: Double, limit: Int = 1 << 20) throws(CardportError) -> [UInt8] {
        let process = PluginProcess(plugin: plugin, arguments: arguments, timeout: timeout)
        try process.start()
        let box = UncheckedBox(input)
        Thread.detachNewThread {
            _ = box.value.withUnsafeBytes { process.send($0) }
            process.closeInput()
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let fd = process.outputDescriptor
        while true {
            let count = chunk.withUnsafeMutableBytes { POSIXCalls.read(fd, into: $0.baseAddress!, count: $0.count) }
            if count <= 0 { break }
            process.touch()
            output.append(contentsOf: chunk[0..<count])
            if output.count > limit {
                process.stop(.flood("more than \(limit >> 10) KiB in answer to '\(arguments.joined(separator: " "))'"))
                break
            }
        }
        let outcome = process.wait()
        if let failure = process.failure(of: outcome) { throw failure }
        return output
    }
}

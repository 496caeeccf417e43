import CardportCore
import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
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

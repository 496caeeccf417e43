import Foundation
public import Testing

/// Runs a program the client-format tests check Cardport against (task, todo-txt, buku); a missing
/// program fails the test with a message that says how to install it, never a silent skip.
public enum ExternalProgram {
    /// What a run of a program gave.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var output: String
        /// Standard error.
        public var errors: String
    }

    /// The first of `names` found on `PATH`, or a recorded failure naming the Debian package to install.
    public static func find(_ names: String..., package: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            for directory in paths {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        Issue.record("'\(names.joined(separator: "' or '"))' is not installed; install it with: apt-get install -y \(package)",
                     sourceLocation: sourceLocation)
        return nil
    }

    /// Runs `program` with `arguments`, the current environment plus `environment`, and no input.
    public static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:],
                    directory: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // Output goes to files, so neither stream can fill a pipe and stall the child.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cardport-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        return Result(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                      errors: String(decoding: errData, as: UTF8.self))
    }
}

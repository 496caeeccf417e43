import CardportTestSupport
import Foundation

extension CLIRunner {
    /// Starts `cardport ARGS` in the package root with its output discarded, and returns at once
    /// (for tests that run processes side by side, or kill one).
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: PackagePaths.root)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `cardport ARGS` with `environment` in place of this process's store variables.
    static func runWithEnvironment(_ arguments: [String], environment: [String: String],
                                   directory: String = PackagePaths.root) throws -> Result {
        try runProgram(binary, arguments, environment: environment, directory: directory)
    }

    /// Runs `program ARGS` (the shell, say, for a test that needs redirections or limits) like
    /// ``runWithEnvironment(_:environment:directory:)``.
    static func runProgram(_ program: String, _ arguments: [String], environment: [String: String],
                           directory: String) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var merged = ProcessInfo.processInfo.environment
        for name in ["CARDPORT_STORE", "XDG_DATA_HOME"] { merged[name] = nil }
        merged.merge(environment) { $1 }
        merged["NO_COLOR"] = "1"
        process.environment = merged
        let scratch = try TemporaryDirectory()
        _ = try scratch.write("stdout", "")
        _ = try scratch.write("stderr", "")
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("stdout")))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("stderr")))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(status: process.terminationStatus, stdout: try scratch.read("stdout"), stderr: try scratch.read("stderr"))
    }
}

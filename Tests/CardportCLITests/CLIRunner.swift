import CardportTestSupport
import Foundation

/// Runs the built `cardport` binary the way a user does and captures everything it prints.
struct CLIRunner {
    struct Result: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `cardport` built next to the test bundle (or in the package's default build folder).
    static let binary: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cardport").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return PackagePaths.root + "/.build/debug/cardport"
    }()

    /// Runs `cardport ARGS` with standard input from a pipe that another thread writes `input` into,
    /// as when a user pipes a file in (reads then return short, unlike reads from a file).
    static func runPiped(_ arguments: [String], input: String) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: PackagePaths.root)
        let scratch = try TemporaryDirectory()
        _ = try scratch.write("stdout", "")
        _ = try scratch.write("stderr", "")
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("stdout")))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("stderr")))
        let pipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = pipe
        try process.run()
        let writer = pipe.fileHandleForWriting
        let data = Data(input.utf8)
        let feeding = Thread {
            // Small pieces, so the reader sees many short reads.
            var offset = 0
            while offset < data.count {
                let end = min(offset + 4096, data.count)
                writer.write(data[offset..<end])
                offset = end
            }
            try? writer.close()
        }
        feeding.start()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(status: process.terminationStatus, stdout: try scratch.read("stdout"), stderr: try scratch.read("stderr"))
    }

    /// Runs `cardport ARGS` in the package root with `NO_COLOR` set, feeding `stdin` if given.
    static func run(_ arguments: [String], stdin: String? = nil, directory: String = PackagePaths.root) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["COLUMNS"] = "100"
        process.environment = environment
        // Output goes to files, so neither stream can fill a pipe and stall the child; input comes from
        // a file too, so a large standard input is not limited by a pipe's buffer either.
        let scratch = try TemporaryDirectory()
        let inPath = try scratch.write("stdin", stdin ?? "")
        _ = try scratch.write("stdout", "")
        _ = try scratch.write("stderr", "")
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("stdout")))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("stderr")))
        let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        try input.close()
        return Result(status: process.terminationStatus, stdout: try scratch.read("stdout"), stderr: try scratch.read("stderr"))
    }
}

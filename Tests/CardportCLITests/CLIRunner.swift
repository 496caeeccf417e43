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
        let scratch = try Scratch()
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

/// A fresh directory for one test, removed afterwards.
final class Scratch {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("cardport-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: file(name), atomically: true, encoding: .utf8)
        return file(name)
    }

    func read(_ name: String) throws -> String { try String(contentsOfFile: file(name), encoding: .utf8) }

    var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}

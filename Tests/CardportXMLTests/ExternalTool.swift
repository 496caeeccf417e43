import Foundation
import Testing

/// Runs a program the tests need (xmllint, buku); a missing program fails the test with a message
/// that says how to install it, rather than skipping silently.
enum ExternalTool {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The program's path on `PATH`, or a recorded failure naming the Debian package to install.
    static func find(_ name: String, package: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in paths {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        Issue.record("'\(name)' is not installed; install it with: apt-get install -y \(package)", sourceLocation: sourceLocation)
        return nil
    }

    /// Runs `program` with `arguments` and an environment of `environment` added to the current one.
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                      errors: String(decoding: errData, as: UTF8.self))
    }

    /// Whether `xmllint --noout` accepts `text` as well-formed XML; records its complaint when not.
    static func expectWellFormed(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let xmllint = find("xmllint", package: "libxml2-utils", sourceLocation: sourceLocation) else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cardport-xmllint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("written.xml").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run(xmllint, ["--noout", "--nonet", file])
        #expect(result.status == 0, "xmllint rejects the output: \(result.errors)", sourceLocation: sourceLocation)
    }
}

import CardportTestSupport
import Foundation
import Testing

/// What a person at a terminal sees: errors in colour, unless `NO_COLOR` is set or `TERM` is `dumb`.
/// The binary runs under `script`, which gives it a pseudo-terminal.
@Suite(.timeLimit(.minutes(1))) struct TerminalCLITests {
    /// Standard output and error of `cardport ARGS` run on a terminal, with `environment`.
    private func onTerminal(_ arguments: [String], environment: String) throws -> String {
        guard let script = ExternalProgram.find("script", package: "bsdutils") else { return "" }
        let command = ([CLIRunner.binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
        // `env -u NO_COLOR` first: the runner sets it for every other test.
        let result = try CLIRunner.runProgram("/usr/bin/env", ["-u", "NO_COLOR"] + environment.split(separator: " ").map(String.init)
                                              + [script, "-qec", command, "/dev/null"], environment: [:], directory: PackagePaths.root)
        return result.stdout
    }

    private static let error = "cannot read 'Samples/nope.json': no such file or directory"

    @Test func anErrorIsInColourOnATerminal() throws {
        let shown = try onTerminal(["convert", "Samples/nope.json", "-o", "/dev/null"], environment: "TERM=xterm")
        #expect(shown == "\u{1B}[1;31merror:\u{1B}[0m \u{1B}[1m\(Self.error)\u{1B}[0m\r\n"
                + "  hint: check the path; use '-' for standard input\r\n")
    }

    @Test(arguments: ["TERM=xterm NO_COLOR=1", "TERM=dumb"])
    func noColourWhenAskedOrOnADumbTerminal(_ environment: String) throws {
        let shown = try onTerminal(["convert", "Samples/nope.json", "-o", "/dev/null"], environment: environment)
        #expect(shown == "error: \(Self.error)\r\n  hint: check the path; use '-' for standard input\r\n")
    }
}

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

    @Test func aProgressBarIsDrawnOnATerminalAndClearedBeforeTheSummary() throws {
        let scratch = try TemporaryDirectory()
        let input = scratch.file("cards.jsonl")
        let lines = (0..<20_000).map { "{\"kind\":\"citation\",\"text\":\"Card \($0)\"}\n" }.joined()
        try lines.write(toFile: input, atomically: true, encoding: .utf8)
        let output = scratch.file("cards.csv")
        // CARDPORT_PROGRESS_AFTER=0: the bar from the first record on, rather than after a second.
        let shown = try onTerminal(["convert", input, "-o", output], environment: "TERM=xterm CARDPORT_PROGRESS_AFTER=0")
        let clear = "\r\u{1B}[2K"
        let summary = "read 20,000 records from \(input) (jsonl): 20,000 citations\r\nwrote 20,000 records to \(output) (csv)\r\n"
        #expect(shown.hasPrefix(clear) && shown.hasSuffix(clear + summary), "\(shown.debugDescription)")
        let bars = shown.dropLast(summary.count).components(separatedBy: clear).filter { !$0.isEmpty }
        #expect(!bars.isEmpty)
        for bar in bars {
            // 30 cells, the percentage of the input read, the records so far.
            let cells = bar.prefix(30)
            #expect(cells.allSatisfy { $0 == "█" || $0 == "░" } && cells.count == 30, "\(bar)")
            let rest = bar.dropFirst(30).split(separator: " ", omittingEmptySubsequences: true)
            #expect(rest.count == 3 && rest[0].hasSuffix("%") && Int(rest[1]) != nil && rest[2] == "records", "\(bar)")
        }
    }

    @Test func aQuickConversionShowsNoProgressBar() throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.file("quotes.jsonl")
        let shown = try onTerminal(["convert", "Samples/quotes.csv", "-o", output], environment: "TERM=xterm")
        #expect(!shown.contains("\u{1B}[2K") && shown.hasPrefix("read "), "\(shown.debugDescription)")
    }
}

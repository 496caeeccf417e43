import CardportTestSupport
import Foundation
import Testing

/// Golden transcripts: every documented command and flag, run by the built binary, with its exact
/// standard output, standard error and exit status, kept in `Transcripts/*.transcript`.
///
/// A transcript is a shell run: its commands run in order in one scratch folder (`$TMP`), with
/// `CARDPORT_STORE=$TMP/store.sqlite`, so an import is seen by the export after it. Each command is
/// written `$ cardport ARGS` (or `$ cat FILE`, to show a file a command wrote; `$ write FILE TEXT`, to
/// make an input from the rest of the line, `\n` for a line break; `$ env NAME=VALUE`, to set a variable
/// for the commands after it, `$ROOT` for the package root), followed by its
/// `exit N`, `--- stdout` and `--- stderr` sections. What changes from run to run is written in a
/// fixed form: the scratch path as `$TMP`, the package root as `$ROOT`, an import time of today as `<now>`, a SHA-256 as `<sha256>`.
///
/// When a message changes on purpose, regenerate the transcripts and review the diff:
///
///     CARDPORT_UPDATE_TRANSCRIPTS=1 swift test --filter TranscriptTests
///     git diff Tests/CardportCLITests/Transcripts
///
/// With the variable set the tests rewrite every transcript from what the binary prints and pass.
@Suite struct TranscriptTests {
    static let folder = PackagePaths.root + "/Tests/CardportCLITests/Transcripts"

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".transcript") }.sorted()
    }

    static var isUpdating: Bool { ProcessInfo.processInfo.environment["CARDPORT_UPDATE_TRANSCRIPTS"] == "1" }

    /// The command lines of a transcript, `cardport` left out.
    static func commands(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            line.hasPrefix("$ ") ? String(line.dropFirst(2)) : nil
        }
    }

    /// Words of a command line: split at spaces, double quotes keep spaces.
    static func words(_ line: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, started = false
        for character in line {
            if character == "\"" { quoted.toggle(); started = true; continue }
            if character == " " && !quoted {
                if started { words.append(word) }
                word = ""
                started = false
                continue
            }
            word.append(character)
            started = true
        }
        if started { words.append(word) }
        return words
    }

    static func normalised(_ text: String, scratch: String) -> String {
        var text = text.replacingOccurrences(of: scratch, with: "$TMP").replacingOccurrences(of: PackagePaths.root, with: "$ROOT")
        text = text.replacing(/[0-9a-f]{64}/, with: "<sha256>")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let today = formatter.string(from: Date())
        text = text.replacing(try! Regex("\(today)[T ][0-9:.]+Z?"), with: "<now>")
        return text
    }

    /// Runs the commands of a transcript and gives the transcript they make.
    static func run(_ commands: [String]) throws -> String {
        let scratch = try TemporaryDirectory()
        var out = ""
        var environment = ["CARDPORT_STORE": scratch.file("store.sqlite")]
        for line in commands {
            let arguments = words(line).map { $0.replacingOccurrences(of: "$TMP", with: scratch.path) }
            let result: CLIRunner.Result
            if arguments.first == "write", arguments.count >= 2 {
                // The rest of the line after the path, as it is: quotes included.
                let text = line.drop { $0 != " " }.dropFirst().drop { $0 != " " }.dropFirst()
                try text.replacingOccurrences(of: "\\n", with: "\n").write(toFile: arguments[1], atomically: true, encoding: .utf8)
                result = CLIRunner.Result(status: 0, stdout: "", stderr: "")
            } else if arguments.first == "env", arguments.count == 2, let equals = arguments[1].firstIndex(of: "=") {
                environment[String(arguments[1][..<equals])] = arguments[1][arguments[1].index(after: equals)...]
                    .replacingOccurrences(of: "$ROOT", with: PackagePaths.root)
                result = CLIRunner.Result(status: 0, stdout: "", stderr: "")
            } else if arguments.first == "cat" {
                let text = (try? String(contentsOfFile: arguments[1], encoding: .utf8)) ?? "(no such file)\n"
                result = CLIRunner.Result(status: 0, stdout: text, stderr: "")
            } else {
                result = try CLIRunner.runWithEnvironment(Array(arguments.dropFirst()), environment: environment)
            }
            out += "$ \(line)\nexit \(result.status)\n"
            for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] where !text.isEmpty {
                let shown = normalised(text, scratch: scratch.path)
                out += "--- \(name)\n" + shown + (shown.hasSuffix("\n") ? "" : "\n--- (no final line break)\n")
            }
            out += "\n"
        }
        return out
    }

    @Test(.timeLimit(.minutes(5)), arguments: files)
    func printsWhatTheTranscriptSays(_ name: String) throws {
        let path = Self.folder + "/" + name
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        let actual = try Self.run(Self.commands(expected))
        if Self.isUpdating {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
        } else {
            #expect(actual == expected, "\(name) differs; if the change is intended, regenerate (see TranscriptTests)")
        }
    }

    /// Every flag the usage blocks of README.md give a command, `FILTERS` and `LIMIT FLAGS` spelled out.
    static func documentedFlags() throws -> Set<String> {
        let readme = try String(contentsOfFile: PackagePaths.root + "/README.md", encoding: .utf8)
        let filters = "--tag --any-tag --favourites --author --source"
        let limits = "--max-input-size --max-field-size --max-depth --max-records --max-expansion"
        var found = Set<String>()
        var command: String?
        var inBlock = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock.toggle(); command = nil; continue }
            guard inBlock else { continue }
            if line.hasPrefix("cardport ") {
                let parts = line.split(separator: " ")
                guard parts.count > 1, !parts[1].hasPrefix("-"), parts[1].first?.isLowercase == true else { continue }
                // A usage line is followed by `[` or `(` words; an example names files.
                guard line.contains("[") || line.contains("(-o") else { command = nil; continue }
                command = String(parts[1])
            } else if !line.hasPrefix(" ") {
                command = nil
            }
            guard let command else { continue }
            let text = String(line).replacingOccurrences(of: "FILTERS", with: filters)
                .replacingOccurrences(of: "LIMIT FLAGS", with: limits)
            for match in text.matches(of: /(?:^|[^\w-])(--[a-z][a-z-]*|-[oq])\b/) {
                found.insert("\(command) \(match.output.1)")
            }
        }
        return found
    }

    @Test func everyFlagReadmeDocumentsIsRunByATranscript() throws {
        var run = Set<String>()
        for name in Self.files {
            for line in Self.commands(try String(contentsOfFile: Self.folder + "/" + name, encoding: .utf8)) {
                let words = Self.words(line)
                guard words.first == "cardport", words.count > 1 else { continue }
                for word in words.dropFirst(2) where word.hasPrefix("-") {
                    run.insert("\(words[1]) \(word.split(separator: "=").first ?? "")")
                }
            }
        }
        let documented = try Self.documentedFlags()
        #expect(documented.count > 100, "README's usage blocks were not found")
        let missing = documented.subtracting(run).sorted()
        #expect(missing.isEmpty, "README documents flags no transcript runs: \(missing.joined(separator: ", "))")
    }
}

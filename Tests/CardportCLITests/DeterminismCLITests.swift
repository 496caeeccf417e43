import CardportTestSupport
import Foundation
import Testing

/// The same inputs give the same bytes in every process. Swift seeds the hash of `Set` and
/// `Dictionary` afresh in each process (unless SWIFT_DETERMINISTIC_HASHING is set), so an order that
/// leaks from one into an output or a report differs from run to run: the built binary is run several
/// times, once with the fixed seed and the others with fresh ones, and every output must be the same.
@Suite struct DeterminismCLITests {
    static let inputs = ["Samples/duplicates.jsonl", "Samples/mixed.jsonl", "Samples/kindle-clippings.txt",
                         "Samples/favourites.json", "Samples/backup.json", "Samples/firefox-bookmarks.html",
                         "Samples/study-topics.opml", "Samples/todo.txt"]

    static let commands: [[String]] = [
        ["merge"] + inputs + ["-o", "-", "--to", "jsonl", "--near", "--report", "json"],
        ["merge"] + inputs + ["-o", "-", "--to", "markdown", "--policy", "incoming"],
        ["merge", "Samples/duplicates.jsonl", "Samples/kindle-clippings.txt", "Samples/quotes.csv", "-o", "-", "--to", "csv"],
        ["dedupe", "Samples/duplicates.jsonl", "-o", "-", "--to", "jsonl", "--near", "--report", "json"],
        ["convert", "Samples/backup.json", "-o", "-", "--to", "yaml"],
    ]

    @Test(.timeLimit(.minutes(2)), arguments: commands)
    func theSameInputsGiveTheSameBytesInEveryProcess(_ arguments: [String]) throws {
        let fixed = try CLIRunner.runWithEnvironment(arguments, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(!fixed.stdout.isEmpty)
        for _ in 0..<3 {
            let seeded = try CLIRunner.runWithEnvironment(arguments, environment: ["SWIFT_DETERMINISTIC_HASHING": "0"])
            #expect(seeded == fixed)
        }
    }
}

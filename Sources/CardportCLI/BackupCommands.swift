import ArgumentParser
import Cardport
import CardportCore
import CardportStore

extension CardportCommand {
    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write everything the store holds to one checksummed Cardport document.",
            discussion: """
                The backup is the native document (Formats.md): every card with its id, archived
                citations, tags, settings and where each import came from, ending with the SHA-256 of
                its content. 'cardport verify' checks it; 'cardport restore' brings it back.

                Example:
                  cardport backup -o cards-backup.json
                """
        )

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The backup file ('-' for standard output).", valueName: "file"))
        var output: String

        @OptionGroup var store: StoreOptions

        func run() throws {
            var summary: BackupSummary?
            try Terminal.run { () throws(CardportError) in
                summary = try Cardport.Backup(store: try store.open()).write(to: output)
            }
            if let summary { Terminal.printError(summary.summary) }
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a backup: its checksum, then every record.",
            discussion: """
                Exits 0 and says what the backup holds when it is intact; exits 65 when it was changed
                or damaged.

                Example:
                  cardport verify cards-backup.json
                """
        )

        @Argument(help: ArgumentHelp("The backup file.", valueName: "file"))
        var file: String

        func run() throws {
            var summary: BackupSummary?
            try Terminal.run { () throws(CardportError) in summary = try BackupVerification.verify(file) }
            if let summary { Terminal.printOutput("ok " + summary.summary) }
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Restore a backup into the store, after verifying it.",
            discussion: """
                The checksum is verified first; then the backup is restored in one transaction, so on any
                error the store is as before. Into a store that holds cards, say --replace (the store
                becomes the backup) or --merge (the backup's cards are merged in under --policy).

                Examples:
                  cardport restore cards-backup.json --replace
                  cardport restore cards-backup.json --merge --policy newest
                """
        )

        @Argument(help: ArgumentHelp("The backup file.", valueName: "file"))
        var file: String

        @Flag(help: "Replace everything in the store with the backup.")
        var replace = false

        @Flag(help: "Merge the backup's cards into the store's.")
        var merge = false

        @Option(help: ArgumentHelp("With --merge, which copy wins a field conflict: newest, existing or incoming.",
                                   valueName: "policy"), transform: parsePolicy)
        var policy: MergePolicy = .newest

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if replace && merge { throw ValidationError("--replace and --merge exclude each other.") }
        }

        func run() throws {
            var outcome = MergeOutcome(report: MergeReport())
            var path = ""
            try Terminal.run { () throws(CardportError) in
                let opened = try store.open()
                path = opened.path
                outcome = try Restoring(store: opened).run(file, mode: replace ? .replace : (merge ? .merge : nil),
                                                           policy: policy)
            }
            Terminal.printError(outcome.importSummary(store: path, dryRun: false))
        }
    }

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say what the store holds and where its cards came from.",
            discussion: """
                Example:
                  cardport stats
                """
        )

        @OptionGroup var store: StoreOptions

        @Option(help: ArgumentHelp("How to print: text or json.", valueName: "style"))
        var report: ReportStyle = .text

        func run() throws {
            var text = ""
            try Terminal.run { () throws(CardportError) in
                let opened = try store.open()
                let statistics = try opened.read { (reader) in try reader.statistics() }
                text = report == .json ? Terminal.json(statistics) : statistics.summary(store: opened.path)
            }
            Terminal.printOutput(text)
        }
    }
}

import ArgumentParser
import Cardport
import CardportCore

extension CardportCommand {
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Restore a backup into the store, after verifying it.",
            discussion: HelpText.reflowed("""
                The checksum is verified first; then the backup is restored in one transaction, so on any
                error the store is as before. Into a store that holds cards, say --replace (the store
                becomes the backup) or --merge (the backup's cards are merged in under --policy).

                Examples:
                  cardport restore cards-backup.json --replace
                  cardport restore cards-backup.json --merge --policy newest
                  cardport restore cleaned.jsonl --replace --unverified
                """)
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

        @Flag(help: "Restore a document without a checksum (an edited backup, or any file Cardport reads), saying so.")
        var unverified = false

        @OptionGroup var store: StoreOptions

        @OptionGroup var reporting: ReportOptions

        func validate() throws {
            if replace && merge { throw ValidationError("--replace and --merge exclude each other.") }
        }

        func run() throws {
            var outcome = MergeOutcome(report: MergeReport())
            var path = ""
            try Terminal.run { () throws(CardportError) in
                path = try store.file.path
                let verification: Restoring.Verification
                (outcome, verification) = try Restoring.run(file, storePath: path, mode: replace ? .replace : (merge ? .merge : nil),
                                                            policy: policy, unverified: unverified)
                if case .unverified(let reason) = verification {
                    Terminal.printError("warning: \(reason); restored unverified, with no checksum to check\n")
                }
            }
            try reporting.finish(outcome, text: outcome.importSummary(store: path, dryRun: false))
        }
    }
}

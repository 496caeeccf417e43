import ArgumentParser
import Cardport
import CardportCore
import Foundation

extension CardportCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change one card: by field flags, or in $EDITOR as YAML.",
            discussion: HelpText.reflowed("""
                With flags, each changes one field (an empty value clears an optional one); a flag for a
                field the card's kind does not have is an error. With none, the card opens in $EDITOR (else
                $VISUAL, else vi) as the YAML 'cardport show' prints; what you save is applied in one
                transaction. A document that does not read opens again with the error above it, and nothing
                is changed until it reads; save it unchanged to give up. Every edit sets the card's
                updated_at, so a later import keeps it.

                Examples:
                  cardport edit 1174c3 --add-tag classics --favourite
                  cardport edit 85d869 --question 2 --done --answer "What he lacks is not what he craves."
                  cardport edit a20226 --progress 60
                  cardport edit 1174c3
                """)
        )

        @Argument(help: ArgumentHelp("The card's id, or a unique prefix of it.", valueName: "id"))
        var id: String

        @Option(help: ArgumentHelp("A citation's or bookmark's text, a task's description, a topic's title.", valueName: "text"))
        var text: String?

        @Option(help: ArgumentHelp("A citation's note, a topic's notes.", valueName: "text"))
        var note: String?

        @Option(help: ArgumentHelp("A citation's author.", valueName: "name"))
        var author: String?

        @Option(help: ArgumentHelp("A citation's source (the book).", valueName: "title"))
        var source: String?

        @Option(name: .customLong("add-tag"), help: ArgumentHelp("Add a tag (repeatable).", valueName: "tag"))
        var addTags: [String] = []

        @Option(name: .customLong("remove-tag"), help: ArgumentHelp("Remove a tag (repeatable).", valueName: "tag"))
        var removeTags: [String] = []

        @Flag(inversion: .prefixedNo, help: "Mark or clear a citation's favourite.")
        var favourite: Bool?

        @Option(help: ArgumentHelp("A topic's status: unstarted, on-hold, in-progress or done.", valueName: "status"),
                transform: parseStatus)
        var status: Topic.Status?

        @Option(help: ArgumentHelp("A topic's due date (YYYY-MM-DD; empty clears).", valueName: "date"))
        var due: String?

        @Option(help: ArgumentHelp("A task's progress in percent (0, 5, … 100).", valueName: "percent"))
        var progress: Int?

        @Option(help: ArgumentHelp("The topic question (from 1) that --done, --not-done and --answer change.", valueName: "n"))
        var question: Int?

        @Flag(help: "Tick the question.")
        var done = false

        @Flag(name: .customLong("not-done"), help: "Untick the question.")
        var notDone = false

        @Option(help: ArgumentHelp("The question's answer (empty clears).", valueName: "text"))
        var answer: String?

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if done && notDone { throw ValidationError("--done and --not-done exclude each other.") }
        }

        /// The edit the flags describe.
        func edit() throws(CardportError) -> CardEdit {
            var edit = CardEdit()
            edit.text = text
            edit.note = note
            edit.author = author
            edit.source = source
            edit.addTags = addTags
            edit.removeTags = removeTags
            edit.favourite = favourite
            edit.status = status
            if let due {
                if due.isEmpty {
                    edit.due = .some(nil)
                } else {
                    guard let date = Timestamp(parsing: due) else {
                        throw CardportError(.usage, "'\(due)' is not a date", hint: "write it as YYYY-MM-DD")
                    }
                    edit.due = date
                }
            }
            if let progress { edit.progress = try TaskProgress(percent: progress) }
            edit.question = question
            edit.questionDone = done ? true : (notDone ? false : nil)
            edit.answer = answer
            return edit
        }

        func run() throws {
            var message = ""
            try Terminal.run { () throws(CardportError) in
                let edit = try edit()
                let editing = try Editing(opening: try store.file)
                if edit.isEmpty {
                    message = try EditorSession.run(editing, id: id)
                } else {
                    let card = try editing.run(id: id, edit: edit)
                    message = "edited \(card.kind.rawValue) \(card.id)\n"
                }
            }
            Terminal.printError(message)
        }
    }
}

/// The `$EDITOR` round of `cardport edit`: the card as YAML in a temporary file, opened until what
/// is saved reads, or is saved unchanged.
enum EditorSession {
    static func run(_ editing: Editing, id: String) throws(CardportError) -> String {
        let (whole, document) = try editing.document(id: id)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cardport-edit-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CardportError(.io, "cannot make a temporary file to edit in: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(whole.prefix(12)).yaml").path
        var shown = document
        while true {
            guard FileManager.default.createFile(atPath: file, contents: Data(shown.utf8)) else {
                throw CardportError(.io, "cannot write '\(file)'")
            }
            try openEditor(file)
            guard let saved = FileManager.default.contents(atPath: file).map({ String(decoding: $0, as: UTF8.self) }) else {
                throw CardportError(.io, "cannot read '\(file)' back")
            }
            if saved == shown {
                return shown == document ? "nothing changed\n" : "the edit was given up; nothing changed\n"
            }
            let body = saved.split(separator: "\n", omittingEmptySubsequences: false)
                .drop { $0.hasPrefix("# error:") || $0.hasPrefix("#   ") }.joined(separator: "\n")
            do {
                // Read as saved: the error comments are YAML comments, and line numbers then match the file.
                guard let card = try editing.apply(document: saved, id: whole, name: "edit of \(whole)") else {
                    return "nothing changed\n"
                }
                return "edited \(card.kind.rawValue) \(card.id)\n"
            } catch {
                // Shown again with the error above it; the store is untouched until a document reads.
                Terminal.printError(error.rendered(colour: false))
                let comment = error.rendered(colour: false).split(separator: "\n").enumerated()
                    .map { $0.offset == 0 ? "# error: " + $0.element.replacingOccurrences(of: "error: ", with: "") : "#   " + $0.element }
                shown = comment.joined(separator: "\n") + "\n" + body
            }
        }
    }

    /// Runs `$VISUAL`, else `$EDITOR`, else `vi`, on `file` through the shell, on this terminal.
    private static func openEditor(_ file: String) throws(CardportError) {
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " \"$1\"", "sh", file]
        do {
            try process.run()
        } catch {
            throw CardportError(.io, "cannot run the editor '\(editor)': \(error.localizedDescription)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CardportError(.io, "the editor '\(editor)' failed (exit \(process.terminationStatus)); nothing changed",
                                hint: "set EDITOR to an editor that exits 0 when you save")
        }
    }
}

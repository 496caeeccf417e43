import CardportCore
import Foundation

/// The conformance check `cardport plugins check` runs on one plugin: the checks the built-in formats pass.
///
/// It asks for the description, reads an empty input, sends generated cards (with text in several
/// scripts) through every format that writes and, for one that also reads, back again, reads input
/// that is not the format to see that problems carry a line, and reads the files given.
public struct PluginCheck: Sendable {
    /// One check and how it went.
    public struct Step: Sendable, Hashable, Codable {
        /// What was checked.
        public var name: String
        /// Whether it passed.
        public var passed: Bool
        /// Why it failed, or what it found.
        public var detail: String
    }

    /// The steps, in the order they ran.
    public private(set) var steps: [Step] = []

    /// Whether every step passed.
    public var passed: Bool { !steps.isEmpty && steps.allSatisfy(\.passed) }

    /// Cards with text in several scripts, for the round trip.
    static let cards: [Record] = [
        .citation(Citation(text: "Ἓν οἶδα ὅτι οὐδὲν οἶδα", author: "Σωκράτης", source: "Apology", tags: ["greek"])),
        .citation(Citation(text: "千里之行，始於足下", author: "老子", tags: ["道"])),
        .citation(Citation(text: "“Quotes”, émoji 🎉 and ümlauts", author: "Ada", source: "Notes")),
    ]

    /// Runs every check on `plugin`, reading `files` with its formats too.
    public init(plugin: PluginIdentity, files: [String] = [], timeout: Double = PluginSearch.defaultTimeout) {
        let description: PluginDescription
        switch PluginSet.describe(plugin, timeout: timeout) {
        case .success(let found):
            description = found
            steps.append(Step(name: "describe", passed: true,
                              detail: "protocol \(found.protocol), version \(found.version), formats \(found.formats.map(\.id).joined(separator: ", "))"))
        case .failure(let error):
            steps.append(Step(name: "describe", passed: false, detail: error.message))
            return
        }
        for described in description.formats {
            let format = PluginFormat(plugin: plugin, version: description.version, format: described, timeout: timeout)
            if format.canRead { checkEmptyInput(format) }
            if format.canWrite { checkRoundTrip(format) }
            // A binary input has no lines for a problem to carry.
            if format.canRead && !format.isBinary { checkErrorsCarryLines(format) }
        }
        for file in files { checkFile(file, formats: description.formats.map {
            PluginFormat(plugin: plugin, version: description.version, format: $0, timeout: timeout) }) }
    }

    private mutating func record(_ name: String, _ body: () throws(CardportError) -> String) {
        do {
            steps.append(Step(name: name, passed: true, detail: try body()))
        } catch {
            var detail = error.message
            if let hint = error.hint { detail += "\n" + hint }
            steps.append(Step(name: name, passed: false, detail: detail))
        }
    }

    private mutating func checkEmptyInput(_ format: PluginFormat) {
        record("\(format.id): empty input") { () throws(CardportError) in
            let records = try Self.withInput(of: format, [], name: "<empty>") { input throws(CardportError) in
                try format.makeReader(input, options: ReadOptions()).readAll()
            }
            guard records.isEmpty else {
                throw CardportError(.invalidValue, "an empty input gave \(records.count) records, not none")
            }
            return "no records"
        }
    }

    private mutating func checkRoundTrip(_ format: PluginFormat) {
        let cards = Self.cards.filter { format.descriptor.writes.contains($0.kind) }
        guard !cards.isEmpty else { return }
        record("\(format.id): \(format.canRead ? "round trip" : "write") of \(cards.count) cards with Unicode") { () throws(CardportError) in
            let output = ByteOutput(name: "<check>")
            let writer = try format.makeWriter(output, options: WriteOptions())
            for card in cards { try writer.write(card) }
            try writer.finish()
            let bytes = output.bytes
            let text: String
            if format.isBinary {
                text = String(decoding: bytes, as: UTF8.self)
            } else {
                guard let valid = String(validating: bytes, as: UTF8.self) else {
                    throw CardportError(.invalidValue, "the output is not valid UTF-8")
                }
                text = valid
            }
            guard format.canRead else {
                // A binary file may hold its texts compressed: its bytes are all there is to check.
                if format.isBinary {
                    guard !bytes.isEmpty else { throw CardportError(.invalidValue, "the output is empty") }
                    return "\(bytes.count) bytes (binary)"
                }
                let missing = cards.compactMap(Self.text).filter { !text.contains($0) }
                guard missing.isEmpty else {
                    throw CardportError(.invalidValue, "the output lacks the text '\(missing[0])'")
                }
                return "\(bytes.count) bytes, every text in them"
            }
            let back = try Self.withInput(of: format, bytes, name: "<round trip>") { input throws(CardportError) in
                try format.makeReader(input, options: ReadOptions()).readAll()
            }
            let sent = cards.compactMap(Self.text)
            let read = back.compactMap(Self.text)
            guard sent == read else {
                throw CardportError(.invalidValue, "the texts read back differ: sent \(sent), read \(read)")
            }
            return "\(back.count) cards back, texts equal"
        }
    }

    private mutating func checkErrorsCarryLines(_ format: PluginFormat) {
        record("\(format.id): problems carry a line") { () throws(CardportError) in
            let input = try ByteInput(string: "this line is not a \(format.id) file\n{ nor this one\n", name: "<not the format>")
            let reader = try format.makeReader(input, options: ReadOptions())
            var problems = 0
            while true {
                do throws(CardportError) {
                    guard try reader.next() != nil else { break }
                } catch where error.isRecoverable {
                    guard error.location != nil else {
                        throw CardportError(.invalidValue, "a problem has no line: \(error.message)")
                    }
                    problems += 1
                }
            }
            let unlocated = reader.notes.warnings.filter { $0.location == nil }
            guard unlocated.isEmpty else {
                throw CardportError(.invalidValue, "a warning has no line: \(unlocated[0].message)")
            }
            return problems == 0 ? "input that is not the format gave no error (lenient)" : "\(problems) problems, each with a line"
        }
    }

    private mutating func checkFile(_ file: String, formats: [PluginFormat]) {
        record("read \(file)") { () throws(CardportError) in
            // The first bytes as they are: the file may be a binary format's, which text input refuses.
            guard let handle = FileHandle(forReadingAtPath: file) else {
                throw CardportError(.fileNotFound, "cannot read '\(file)'", hint: "check that the file exists and can be read")
            }
            let prefix = [UInt8]((try? handle.read(upToCount: 4096)) ?? Data())
            try? handle.close()
            let readable = formats.filter(\.canRead)
            let ext = FormatRegistry.pathExtension(file)
            guard let format = readable.first(where: { $0.sniff(prefix) != .no })
                ?? readable.first(where: { ext.map($0.descriptor.extensions.contains) ?? false }) else {
                throw CardportError(.unknownFormat, "no format of the plugin recognises this file")
            }
            // A binary format's reader opens the file by the name of an empty input, as commands do.
            let input = format.isBinary ? try ByteInput(bytes: [UInt8](), name: file) : try ByteInput(path: file)
            let records = try format.makeReader(input, options: ReadOptions()).readAll()
            return "\(records.count) records as \(format.id)"
        }
    }

    /// Runs `body` on an input holding `bytes`: in memory for a text format, and for a binary one
    /// in a temporary file its reader opens by name, as commands hand it one.
    private static func withInput<T>(of format: PluginFormat, _ bytes: [UInt8], name: String,
                                     _ body: (ByteInput) throws(CardportError) -> T) throws(CardportError) -> T {
        guard format.isBinary else { return try body(try ByteInput(bytes: bytes, name: name)) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cardport-check-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CardportError(.io, "cannot write a temporary file for the check at '\(path)'",
                                hint: "set TMPDIR to a folder that can be written")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(try ByteInput(bytes: [UInt8](), name: path))
    }

    private static func text(_ record: Record) -> String? {
        if case .citation(let citation) = record { return citation.text }
        return nil
    }
}

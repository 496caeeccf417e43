public import CardportCore

/// CSV and TSV (RFC 4180) with Cardport's columns per kind, and the Readwise and Todoist dialects.
///
/// Each dialect is a format of its own, named by its ``CSVDialect``: `csv` (also `.tsv`),
/// `readwise` (Readwise's export, read only), `readwise-import` (the CSV Readwise imports) and
/// `todoist`. They share the `.csv` extension: reading a `.csv` file sniffs its header, and the
/// `csv` reader also recognises the dialects' headers, so `--from csv` reads any of them.
///
/// ```swift
/// var registry = FormatRegistry()
/// try registry.register(CSVFormat())
/// try registry.register(CSVFormat(dialect: .readwise))
/// ```
public struct CSVFormat: CardFormat {
    /// The layout this format reads and writes.
    public let dialect: CSVDialect
    /// The largest record the reader accepts, in bytes, when it is not
    /// ``ReadLimits/maximumFieldSize`` (`--max-field-size`), which it is when `nil`.
    public let recordLimit: Int?

    /// The default record limit: ``ReadLimits/defaultFieldSize``, 16 MiB.
    public static let defaultRecordLimit = ReadLimits.defaultFieldSize

    /// When readers hand rows to worker threads: `nil` for as the threads they are given allow
    /// (``CSVWorkerPlan/standard(threads:)``).
    let workerPlan: CSVWorkerPlan?

    /// A CSV format for a dialect, refusing records larger than `recordLimit` bytes (by default, the
    /// reader's ``ReadLimits/maximumFieldSize``).
    public init(dialect: CSVDialect = .generic, recordLimit: Int? = nil) {
        self.init(dialect: dialect, recordLimit: recordLimit, workerPlan: nil)
    }

    /// A CSV format whose readers hand rows to the threads they are given as `workerPlan` says,
    /// whatever the number of those threads (`nil`: as many workers as they allow).
    init(dialect: CSVDialect, recordLimit: Int?, workerPlan: CSVWorkerPlan?) {
        self.dialect = dialect
        self.recordLimit = recordLimit
        self.workerPlan = workerPlan
    }

    public var descriptor: FormatDescriptor {
        let kinds: Set<RecordKind> = [.citation, .bookmark, .task, .topic]
        switch dialect {
        case .generic:
            return FormatDescriptor(id: "csv", extensions: ["csv", "tsv"], mediaType: "text/csv",
                                    reads: kinds, writes: kinds,
                                    summary: "CSV/TSV with a header row: citations, bookmarks, tasks or topics")
        case .readwise:
            return FormatDescriptor(id: "readwise", aliases: ["readwise-export"], extensions: ["csv"], mediaType: "text/csv",
                                    reads: [.citation], writes: [],
                                    summary: "Readwise's highlight export (CSV)")
        case .readwiseImport:
            return FormatDescriptor(id: "readwise-import", extensions: ["csv"], mediaType: "text/csv",
                                    reads: [.citation], writes: [.citation],
                                    summary: "the CSV Readwise imports highlights from")
        case .todoist:
            return FormatDescriptor(id: "todoist", extensions: ["csv"], mediaType: "text/csv",
                                    reads: [.task, .topic], writes: [.task, .topic],
                                    summary: "Todoist's project CSV: sections as topics, tasks as tasks")
        }
    }

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        guard let names = CSVFormat.firstLine(prefix) else { return .no }
        let recognised = CSVDialect.recognise(names)
        switch dialect {
        case .generic:
            if recognised != nil { return .possible }
            let normalised = names.map(CSVColumn.normalise)
            guard let kind = CSVColumn.kind(ofHeader: normalised) else { return .no }
            // Excel's "Unicode text" (`.txt`, UTF-16) is tab-separated: a tab-separated header of two
            // columns or more of one kind is certain, so that it is read as a table whatever its extension.
            let named = Set(normalised.compactMap { CSVColumn.named($0, for: kind) })
            return CSVDelimiter.guess(prefix) == 0x09 && named.count >= 2 ? .certain : .possible
        default:
            return recognised == dialect ? .certain : .no
        }
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        CSVReader(input: input, dialect: dialect, options: options, recordLimit: recordLimit ?? options.limits.maximumFieldSize,
                  workerPlan: workerPlan)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        switch dialect {
        case .readwiseImport: return ReadwiseImportWriter(output: output, options: options)
        case .todoist: return TodoistWriter(output: output, options: options)
        default: return CSVWriter(output: output, options: options)
        }
    }

    /// The cells of the first line of `prefix` when it looks like a header row: split at its
    /// delimiter (``CSVDelimiter``), unquoted; `nil` when the line does not end within the prefix or
    /// looks like JSON.
    static func firstLine(_ prefix: [UInt8]) -> [String]? {
        guard let end = prefix.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? (prefix.isEmpty ? nil : prefix.count) else {
            return nil
        }
        let line = prefix[..<end]
        guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }), first != 0x7B, first != 0x5B else { return nil }
        let delimiter = CSVDelimiter.guess(prefix)
        return line.split(separator: delimiter, omittingEmptySubsequences: false).map { cell in
            var text = String(decoding: cell, as: UTF8.self).trimmingSpaces
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
            return text
        }
    }
}

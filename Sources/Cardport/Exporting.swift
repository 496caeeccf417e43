public import CardportCore
public import CardportStore
import CardportMarkdown

/// Writes a store's cards, filtered, to a file of any registered format.
///
/// Cards stream from the store's cursor to the writer one at a time; the output appears only when
/// complete. Kinds the target format cannot hold are counted, not written.
///
/// ```swift
/// let filter = CardFilter(favouritesOnly: true)
/// let summary = try Exporting(registry: .standard, opening: StoreFile(path: "cards.sqlite")).run(output: "favourites.md", filter: filter)
/// summary.output.records
/// ```
public struct Exporting: Sendable {
    /// The formats the output is resolved against.
    public let registry: FormatRegistry
    /// The store cards come from.
    public let store: Store

    /// Creates an export from `store` to the formats in `registry`.
    public init(registry: FormatRegistry, store: Store) {
        self.registry = registry
        self.store = store
    }

    /// Opens the store in `file` to read it (``StoreFile/Access/reading``), for an export to the
    /// formats in `registry`.
    public init(registry: FormatRegistry, opening file: StoreFile) throws(CardportError) {
        self.init(registry: registry, store: try file.open(.reading))
    }

    /// Writes the cards `filter` selects to `output` (`-` for standard output), as `to` or as the
    /// output's extension says.
    public func run(output: String, to: String? = nil, filter: CardFilter,
                    writeOptions: WriteOptions = WriteOptions()) throws(CardportError) -> ExportSummary {
        let format = try registry.writeFormat(named: to, path: output)
        if let kinds = filter.kinds, kinds.isDisjoint(with: format.descriptor.writes) {
            let able = registry.formats.filter { !$0.descriptor.writes.isDisjoint(with: kinds) }.map(\.id)
            throw CardportError(.unsupportedKind,
                                "format '\(format.id)' cannot hold \(Conversion.kindList(kinds))",
                                hint: able.isEmpty ? nil : "formats that can: \(able.joined(separator: ", "))")
        }
        let file = try OutputFile(path: output)
        do throws(CardportError) {
            let writer = try format.makeWriter(file.output, options: writeOptions)
            var summary = try ExportSummary.write(from: store, filter: filter, to: writer,
                                                  writable: KindSet(format.descriptor.writes))
            try writer.finish()
            try file.commit()
            summary.output = ConversionReport.OutputSummary(path: output, format: format.id, records: summary.output.records,
                                                           droppedFields: writer.losses.fields)
            for (kind, count) in writer.losses.records { summary.droppedRecords[kind.pluralName, default: 0] += count }
            return summary
        } catch {
            file.discard()
            throw error
        }
    }

    /// Writes the cards `filter` selects into the folder `directory`, one file per book or per
    /// citation (`writeOptions.split`), as `to` says.
    ///
    /// For Markdown the folder is a vault kept in step: notes Cardport wrote before are updated in
    /// place, and the summary's ``ExportSummary/notes`` counts what happened to them.
    public func run(directory: String, to: String, filter: CardFilter,
                    writeOptions: WriteOptions) throws(CardportError) -> ExportSummary {
        let format = try registry.format(named: to)
        let created = try Conversion.makeDirectory(directory)
        let staged = try OutputDirectory(path: directory)
        do throws(CardportError) {
            // A vault's notes lose the blocks of citations archived since the last export: the
            // writer is given those too, to remove them, and they are not counted as written.
            var options = writeOptions
            var wider = filter
            if filter.archived == .exclude, format.descriptor.writes.contains(.citation) {
                options.archivedAreRemovals = true
                wider.archived = .include
            }
            guard let writer = try format.makeDirectoryWriter(staged, options: options) else {
                throw CardportError(.usage, "format '\(format.id)' writes single files and cannot --split",
                                    hint: "drop --split and give -o FILE, or --to a format that splits (see Formats.md)")
            }
            var summary = try ExportSummary.write(from: store, filter: wider, to: writer,
                                                  writable: KindSet(format.descriptor.writes),
                                                  uncountedArchived: options.archivedAreRemovals)
            try writer.finish()
            try staged.commit()
            summary.output = ConversionReport.OutputSummary(path: directory, format: format.id, records: summary.output.records,
                                                           droppedFields: writer.losses.fields)
            for (kind, count) in writer.losses.records { summary.droppedRecords[kind.pluralName, default: 0] += count }
            summary.notes = (writer as? any NoteFolderWriter)?.noteSummary
            return summary
        } catch {
            staged.discard()
            for path in created.reversed() { Conversion.removeEmptyDirectory(path) }
            throw error
        }
    }
}

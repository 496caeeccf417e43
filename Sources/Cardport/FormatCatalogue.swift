public import CardportCore

/// The registry described for people and scripts: what `cardport formats` prints.
public struct FormatCatalogue: Sendable {
    /// One format's facts.
    public struct Entry: Sendable, Hashable, Codable {
        /// The name for `--from`/`--to`.
        public var id: String
        /// Other names for the format.
        public var aliases: [String]
        /// File extensions, without the dot.
        public var extensions: [String]
        /// The media (MIME) type.
        public var mediaType: String
        /// Plural kind names the format reads, in kind order.
        public var reads: [String]
        /// Plural kind names the format writes, in kind order.
        public var writes: [String]
        /// One line on what the format is.
        public var summary: String
        /// Where the format comes from: `built-in`, or `plugin` (then ``plugin`` says which).
        public var origin: String
        /// The plugin that provides the format; absent for a built-in format.
        public var plugin: PluginSource?
    }

    /// The plugin a format comes from, as `cardport formats` shows it.
    public struct PluginSource: Sendable, Hashable, Codable {
        /// The plugin's name.
        public var name: String
        /// The plugin's own version.
        public var version: String
        /// The executable's path.
        public var path: String
    }

    /// One entry per format, in registry order.
    public let entries: [Entry]

    /// Describes every format in `registry`.
    public init(registry: FormatRegistry) {
        entries = registry.formats.map { format in
            let d = format.descriptor
            let plugin = (format as? PluginFormat).map {
                PluginSource(name: $0.plugin.name, version: $0.version, path: $0.plugin.path)
            }
            return Entry(id: d.id, aliases: d.aliases, extensions: d.extensions, mediaType: d.mediaType,
                         reads: d.reads.sorted().map(\.pluralName), writes: d.writes.sorted().map(\.pluralName),
                         summary: d.summary, origin: plugin == nil ? "built-in" : "plugin", plugin: plugin)
        }
    }

    /// The formats as an aligned table with a header, one format per line.
    ///
    /// ```text
    /// ID         ALIASES           EXTENSIONS     READS      WRITES     DESCRIPTION
    /// cardport   json, native      .json          all kinds  all kinds  Cardport's own document…
    /// ```
    public var table: String {
        func kinds(_ names: [String]) -> String {
            if names.isEmpty { return "-" }
            return names.count == RecordKind.allCases.count ? "all kinds" : names.joined(separator: ", ")
        }
        let header = ["ID", "ALIASES", "EXTENSIONS", "READS", "WRITES", "DESCRIPTION"]
        let rows = entries.map { entry in
            [entry.id, entry.aliases.isEmpty ? "-" : entry.aliases.joined(separator: ", "),
             entry.extensions.map { "." + $0 }.joined(separator: ", "),
             kinds(entry.reads), kinds(entry.writes), entry.summary]
        }
        let all = [header] + rows
        let widths = (0..<header.count - 1).map { column in all.map { $0[column].count }.max()! }
        return all.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                if column < widths.count {
                    line += cell + String(repeating: " ", count: widths[column] - cell.count + 2)
                } else {
                    line += cell
                }
            }
            return line
        }.joined(separator: "\n") + "\n"
    }
}

public import CardportCore
import Foundation

/// What a plugin's `describe` answers: the protocol it speaks, its version, and its formats.
///
/// Plugins.md documents every member. Decoding checks what the protocol requires, so that a
/// description Cardport accepts can be registered as it is.
public struct PluginDescription: Sendable, Hashable, Codable {
    /// The protocol version this Cardport speaks; a plugin that speaks a newer one is refused.
    public static let protocolVersion = 1

    /// One format a plugin provides.
    public struct Format: Sendable, Hashable, Codable {
        /// The format's id (lower-case letters, digits and `-`).
        public var id: String
        /// Other names `--from`/`--to` accept.
        public var aliases: [String]?
        /// File extensions without the dot.
        public var extensions: [String]?
        /// The media type of its files.
        public var mediaType: String?
        /// Kinds it reads, as plural names (`citations`).
        public var reads: [String]?
        /// Kinds it writes, as plural names.
        public var writes: [String]?
        /// One line about the format.
        public var summary: String?
        /// Text its files start with.
        public var magic: [String]?
        /// A regular expression matched against the first bytes of a file.
        public var pattern: String?
        /// Whether `PLUGIN sniff FORMAT` rates a file.
        public var sniff: Bool?
        /// Whether the format's files are binary (a database, an archive): Cardport then hands the
        /// plugin the file's bytes as they are, without the text checks, and chooses the format by
        /// its extension, its `magic` or `--from`.
        public var binary: Bool?

        enum CodingKeys: String, CodingKey {
            case id, aliases, extensions, mediaType = "media_type", reads, writes, summary, magic, pattern, sniff, binary
        }
    }

    /// The protocol version the plugin speaks.
    public var `protocol`: Int
    /// The plugin's own version.
    public var version: String
    /// The formats it provides.
    public var formats: [Format]

    /// Decodes and checks a `describe` answer; the error says what is wrong, for `cardport formats`.
    public static func decode(_ data: [UInt8]) throws(CardportError) -> PluginDescription {
        let description: PluginDescription
        do {
            description = try JSONDecoder().decode(PluginDescription.self, from: Data(data))
        } catch {
            let text = String(decoding: data.prefix(200), as: UTF8.self)
            throw CardportError(.malformedInput, "its description is not valid: \(Self.reason(error)) (it printed '\(text)')")
        }
        try description.validate()
        return description
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "'\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case DecodingError.dataCorrupted: return "it is not one JSON object"
        default: return "\(error)"
        }
    }

    private func validate() throws(CardportError) {
        guard `protocol` <= PluginDescription.protocolVersion else {
            throw CardportError(.usage, "it speaks protocol \(`protocol`), this Cardport speaks \(PluginDescription.protocolVersion)",
                                hint: "upgrade Cardport, or use a version of the plugin for protocol \(PluginDescription.protocolVersion)")
        }
        guard `protocol` >= 1 else { throw CardportError(.malformedInput, "its protocol \(`protocol`) is not a version") }
        guard !formats.isEmpty else { throw CardportError(.malformedInput, "it describes no format") }
        for format in formats {
            guard !format.id.isEmpty, format.id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw CardportError(.malformedInput, "format id '\(format.id)' is not a name (letters, digits, '-')")
            }
            for name in (format.reads ?? []) + (format.writes ?? []) where RecordKind(name: name) == nil {
                throw CardportError(.malformedInput, "format '\(format.id)' names '\(name)', which is not a kind")
            }
            if (format.reads ?? []).isEmpty && (format.writes ?? []).isEmpty {
                throw CardportError(.malformedInput, "format '\(format.id)' neither reads nor writes any kind")
            }
            if let pattern = format.pattern, (try? Regex(pattern)) == nil {
                throw CardportError(.malformedInput, "format '\(format.id)' has a pattern that is not a regular expression")
            }
        }
    }

    /// The descriptor Cardport registers for `format`.
    ///
    /// A binary format is one whose reader opens its input by path (``FormatDescriptor/readsFromPath``):
    /// commands then neither open the file as text nor refuse it as binary, and ``PluginReader`` hands
    /// the plugin the file's bytes itself.
    static func descriptor(of format: Format) -> FormatDescriptor {
        FormatDescriptor(id: format.id, aliases: format.aliases ?? [],
                         extensions: (format.extensions ?? []).map { $0.lowercased().trimmingPrefix(".") }.map(String.init),
                         mediaType: format.mediaType ?? "application/octet-stream",
                         reads: Set((format.reads ?? []).compactMap(RecordKind.init(name:))),
                         writes: Set((format.writes ?? []).compactMap(RecordKind.init(name:))),
                         summary: format.summary ?? "", readsFromPath: format.binary == true)
    }
}

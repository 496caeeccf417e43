import CardportCore
import Foundation

/// Writes a property list (``PlistFormat``) as the citation app keeps its domain: the settings'
/// keys, `tags` and `cards` as JSON data; with `--plist-key favourites`, the quotes app's
/// `favourites` instead of `cards`; with another key, the cards under that key.
///
/// The list is made whole at ``finish()`` (Foundation writes a property list in one piece), in
/// XML unless `--plist-format binary`; with `--plist-base FILE` it starts from every key of FILE,
/// and the keys written replace theirs.
final class PlistWriter: RecordWriter {
    private let output: ByteOutput
    private let key: String
    private let binary: Bool
    private let base: String?
    private let cards = JSONWriter()
    private let tags = JSONWriter()
    private var cardCount = 0
    private var tagCount = 0
    private let favourites = ByteOutput()
    private let favouritesWriter: QuoteListWriter?
    private var settings: Settings?
    private var dropped = LossReport()

    init(output: ByteOutput, options: WriteOptions) {
        self.output = output
        self.key = options.plistKey ?? PlistDomain.cards
        self.binary = options.plistBinary
        self.base = options.plistBase
        favouritesWriter = key == PlistDomain.favourites ? FavouritesFormat.makeQuoteWriter(favourites) : nil
    }

    var losses: LossReport {
        var all = dropped
        if let favouritesWriter { all.merge(favouritesWriter.losses) }
        return all
    }

    func write(_ record: Record) throws(CardportError) {
        switch record {
        case .settings(let value):
            if settings != nil { dropped.dropRecord(of: .settings) }
            settings = value
        case .tag:
            tags.raw(tagCount == 0 ? "[" : ",")
            RecordJSONEncoder.encode(record, kind: false, into: tags)
            tagCount += 1
        case .citation:
            if let favouritesWriter {
                try favouritesWriter.write(record)
            } else {
                cards.raw(cardCount == 0 ? "[" : ",")
                RecordJSONEncoder.encode(record, kind: false, into: cards)
                cardCount += 1
            }
        case .bookmark, .task, .topic:
            dropped.dropRecord(of: record.kind)
        }
    }

    func finish() throws(CardportError) {
        var domain = try base.map(PlistWriter.domain(of:)) ?? [:]
        if let settings {
            domain[PlistDomain.showFavouriteOnTop] = settings.showFavouriteOnTop
            domain[PlistDomain.widgetTags] = settings.widgetTags
            domain[PlistDomain.appearance] = settings.appearance.rawValue
            if let language = settings.language { domain[PlistDomain.language] = language }
        }
        if tagCount > 0 {
            tags.byte(0x5D)
            domain[PlistDomain.tags] = Data(tags.bytes)
        }
        if let favouritesWriter {
            try favouritesWriter.finish()
            domain[PlistDomain.favourites] = Data(favourites.bytes)
        } else {
            if cardCount > 0 { cards.byte(0x5D) } else { cards.raw("[]") }
            domain[key] = Data(cards.bytes)
        }
        let data: Data
        do {
            data = try PropertyListSerialization.data(fromPropertyList: domain, format: binary ? .binary : .xml, options: 0)
        } catch {
            throw CardportError(.io, "cannot make the property list: \(error.localizedDescription)")
        }
        try output.write([UInt8](data))
        try output.flush()
    }

    /// The keys and values of the property list at `path`, whose root must be a dictionary (an
    /// app's domain), for `--plist-base`.
    static func domain(of path: String) throws(CardportError) -> [String: Any] {
        let data: Data
        do {
            guard let contents = try PlistFile.contents(of: path, limit: ReadLimits.defaultInputSize) else {
                throw CardportError(.limitExceeded, "the --plist-base '\(path)' is more than \(ReadLimits.defaultInputSize) bytes",
                                    hint: "name the app's domain, not a whole backup")
            }
            data = contents
        } catch let error as CardportError {
            throw error
        } catch {
            throw CardportError(.fileNotFound, "cannot read the --plist-base '\(path)': \(error.localizedDescription)",
                                hint: "name an existing property list (an app's domain, e.g. from a device backup)")
        }
        try PlistShape.check(data, limits: ReadLimits(), name: "the --plist-base '\(path)'", location: nil)
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw CardportError(.malformedInput, "the --plist-base '\(path)' is not a property list: \(PlistReader.describe(error))",
                                hint: "name an XML or binary property list (plutil -lint FILE checks one)")
        }
        guard let domain = root as? [String: Any] else {
            let held = root is [Any] ? "an array" : "a single value"
            throw CardportError(.malformedInput, "the --plist-base '\(path)' holds \(held), not a dictionary of keys",
                                hint: "name an app's domain: a property list whose root is a dictionary")
        }
        return domain
    }
}

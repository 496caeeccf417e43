import CardportCore
import Foundation

/// Reads a property list (``PlistFormat``): the file whole, through Foundation's parser, then the
/// records its keys hold, in the order settings, tags, cards, favourites.
///
/// A list's JSON payload is read by the JSON readers, each under a name that says where it is
/// (`Defaults.plist › cards`), so an error in it points at its line and column there.
final class PlistReader: RecordReader {
    private var records: [Record] = []
    private var position = 0
    private(set) var notes = ReaderNotes()

    init(path: String, options: ReadOptions) throws(CardportError) {
        let data: Data
        do {
            let limit = options.limits.maximumInputSize
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= limit, let contents = try PlistFile.contents(of: path, limit: limit) else {
                let measure = size > limit ? "is \(size) bytes, more than --max-input-size (\(limit))"
                                           : "holds more than --max-input-size (\(limit)) bytes"
                throw CardportError(.limitExceeded, "'\(path)' \(measure)",
                                    hint: "raise --max-input-size if the file is what you meant")
            }
            data = contents
        } catch let error as CardportError {
            throw error
        } catch {
            throw CardportError(.fileNotFound, "cannot read '\(path)': \(error.localizedDescription)",
                                hint: "a property list is read from a file or a pipe it names, not from standard input")
        }
        if data.isEmpty {
            throw CardportError(.malformedInput, "'\(path)' is empty, not a property list",
                                location: SourceLocation(file: path, line: 1, column: 1, offset: 0),
                                hint: "check that the file was copied whole")
        }
        try PlistShape.check(data, limits: options.limits, name: "'\(path)'", location: SourceLocation(file: path, line: 1, column: 1, offset: 0))
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw CardportError(.malformedInput, "'\(path)' is not a property list Cardport can read: \(PlistReader.describe(error))",
                                location: SourceLocation(file: path, line: PlistReader.line(of: error) ?? 1, column: 1, offset: 0),
                                hint: "check that the file is a whole XML or binary property list (plutil -lint on a Mac)")
        }
        try read(root, path: path, options: options)
    }

    func next() throws(CardportError) -> Record? {
        guard position < records.count else { return nil }
        defer { position += 1 }
        return records[position]
    }

    private func read(_ root: Any, path: String, options: ReadOptions) throws(CardportError) {
        if let list = root as? [Any] {
            try readPayload(list, key: nil, path: path, options: options)
            return
        }
        guard let domain = root as? [String: Any] else {
            throw CardportError(.malformedInput, "'\(path)' holds \(PlistReader.typeName(root)), not a dictionary of keys or a list of cards",
                                location: SourceLocation(file: path, line: 1, column: 1, offset: 0))
        }
        if let settings = try PlistReader.settings(domain, path: path) { records.append(.settings(settings)) }
        if let tags = domain[PlistDomain.tags] { try readPayload(tags, key: PlistDomain.tags, path: path, options: options) }
        let cardsKey = options.plistKey ?? PlistDomain.cards
        if let cards = domain[cardsKey] { try readPayload(cards, key: cardsKey, path: path, options: options) }
        if cardsKey != PlistDomain.favourites, let favourites = domain[PlistDomain.favourites] {
            try readPayload(favourites, key: PlistDomain.favourites, path: path, options: options)
        }
        if let key = options.plistKey, domain[key] == nil {
            throw CardportError(.malformedInput, "'\(path)' has no key '\(key)'",
                                hint: "its keys are \(domain.keys.sorted().map { "'\($0)'" }.joined(separator: ", "))")
        }
        let read = PlistDomain.settingsKeys.union([PlistDomain.tags, cardsKey, PlistDomain.favourites])
        for key in domain.keys.sorted() where !read.contains(key) {
            notes.count("property list keys not read")
            notes.warn(CardportError(.malformedInput, "key '\(key)' (\(PlistReader.typeName(domain[key]!))) is not one Cardport reads",
                                     location: SourceLocation(file: path, line: 1, column: 1, offset: 0),
                                     hint: "if it holds cards as JSON, read it with --plist-key \(key)"))
        }
    }

    /// Reads the cards, tags or favourites a key holds: JSON text (as data or a string), or a list.
    private func readPayload(_ value: Any, key: String?, path: String, options: ReadOptions) throws(CardportError) {
        let name = key.map { "\(path) › \($0)" } ?? path
        let bytes: [UInt8]
        switch value {
        case let data as Data: bytes = [UInt8](data)
        case let text as String: bytes = Array(text.utf8)
        case let list as [Any]:
            guard JSONSerialization.isValidJSONObject(list),
                  let data = try? JSONSerialization.data(withJSONObject: list, options: [.sortedKeys]) else {
                throw CardportError(.invalidValue, "the list under '\(key ?? "the root")' holds values JSON cannot (dates or data)",
                                    location: SourceLocation(file: path, line: 1, column: 1, offset: 0))
            }
            bytes = [UInt8](data)
        default:
            throw CardportError(.invalidValue, "'\(key ?? "the root")' holds \(PlistReader.typeName(value)), not cards as JSON data or a list",
                                location: SourceLocation(file: path, line: 1, column: 1, offset: 0),
                                hint: "name the key that holds the cards with --plist-key")
        }
        let input = try ByteInput(bytes: bytes, name: name)
        let reader: any RecordReader
        if key == PlistDomain.favourites {
            reader = try FavouritesFormat().makeReader(input, options: options)
        } else {
            let kind: RecordKind = key == PlistDomain.tags ? .tag : .citation
            reader = JSONObjectListReader(input: input, limits: options.limits, what: kind == .tag ? "a tag" : "a card") {
                (object, decoder, _) throws(CardportError) in try decoder.record(from: object, kind: kind)
            }
        }
        while let record = try reader.next() { records.append(record) }
    }

    /// The citation app's settings, when the domain holds any of their keys.
    private static func settings(_ domain: [String: Any], path: String) throws(CardportError) -> Settings? {
        guard !PlistDomain.settingsKeys.isDisjoint(with: domain.keys) else { return nil }
        func wrong(_ key: String, _ expected: String) -> CardportError {
            CardportError(.invalidValue, "'\(key)' must be \(expected), not \(typeName(domain[key]!))",
                          location: SourceLocation(file: path, line: 1, column: 1, offset: 0))
        }
        var settings = Settings()
        if let value = domain[PlistDomain.showFavouriteOnTop] {
            guard let flag = value as? Bool else { throw wrong(PlistDomain.showFavouriteOnTop, "a boolean") }
            settings.showFavouriteOnTop = flag
        }
        if let value = domain[PlistDomain.widgetTags] {
            guard let tags = value as? [String] else { throw wrong(PlistDomain.widgetTags, "a list of strings") }
            settings.widgetTags = tags
        }
        if let value = domain[PlistDomain.appearance] {
            guard let name = value as? String, let appearance = Settings.Appearance(rawValue: name) else {
                throw wrong(PlistDomain.appearance, "one of light, dark, automatic")
            }
            settings.appearance = appearance
        }
        if let value = domain[PlistDomain.language] {
            guard let code = value as? String else { throw wrong(PlistDomain.language, "a string") }
            settings.language = code.isEmpty ? nil : code
        }
        return settings
    }

    static func typeName(_ value: Any) -> String {
        switch value {
        case is Bool: return "a boolean"
        case is String: return "a string"
        case is Data: return "data"
        case is Date: return "a date"
        case is [Any]: return "a list"
        case is [String: Any]: return "a dictionary"
        case is Int, is Double, is NSNumber: return "a number"
        default: return "a value"
        }
    }

    /// Foundation's message without its boilerplate.
    static func describe(_ error: any Error) -> String {
        let info = (error as NSError).userInfo
        return (info[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
    }

    /// The line Foundation's message names, when it names one (`… on line 3`).
    private static func line(of error: any Error) -> Int? {
        let text = describe(error)
        guard let range = text.range(of: #"line (\d+)"#, options: .regularExpression) else { return nil }
        return Int(text[range].dropFirst(5))
    }
}

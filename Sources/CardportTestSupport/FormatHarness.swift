public import CardportCore

/// Runs a format's reader and writer on strings and bytes, so tests say what they mean in one line.
public enum FormatHarness {
    /// Every record `format` reads from `text`.
    public static func read(_ format: any CardFormat, _ text: String, name: String = "test.input",
                            options: ReadOptions = ReadOptions()) throws(CardportError) -> [Record] {
        try read(format, bytes: Array(text.utf8), name: name, options: options)
    }

    /// Every record `format` reads from `bytes`.
    public static func read(_ format: any CardFormat, bytes: [UInt8], name: String = "test.input",
                            options: ReadOptions = ReadOptions()) throws(CardportError) -> [Record] {
        let input = try ByteInput(bytes: bytes, name: name)
        return try format.makeReader(input, options: options).readAll()
    }

    /// The text `format` writes for `records`, and what it reported lost.
    public static func write(_ format: any CardFormat, _ records: [Record],
                             options: WriteOptions = WriteOptions()) throws(CardportError) -> (text: String, losses: LossReport) {
        let output = ByteOutput()
        let writer = try format.makeWriter(output, options: options)
        for record in records where format.descriptor.writes.contains(record.kind) {
            try writer.write(record)
        }
        try writer.finish()
        return (String(decoding: output.bytes, as: UTF8.self), writer.losses)
    }

    /// `read(write(library))` as a library.
    public static func roundTrip(_ format: any CardFormat, _ library: Library) throws(CardportError) -> Library {
        Library(try read(format, try write(format, library.records).text))
    }

    /// The error reading `text` throws, or `nil` when it reads cleanly.
    public static func error(reading text: String, as format: any CardFormat, name: String = "test.input") -> CardportError? {
        do {
            _ = try read(format, text, name: name)
            return nil
        } catch {
            return error
        }
    }
}

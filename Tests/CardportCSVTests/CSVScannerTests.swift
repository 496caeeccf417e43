@testable import CardportCSV
import Testing

@Suite struct CSVScannerTests {
    /// The first delimiter, CR or LF, byte by byte.
    func reference(_ bytes: [UInt8], from: Int, delimiter: UInt8) -> Int {
        bytes[from...].firstIndex { $0 == delimiter || $0 == 0x0A || $0 == 0x0D } ?? bytes.count
    }

    @Test(arguments: [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|"), 0xA7])
    func findsTheEndOfAnUnquotedFieldAtEveryPlace(_ delimiter: UInt8) {
        // Non-ASCII bytes (é, and 0xA7 when it is not the delimiter) around the end, at every offset.
        let filler = Array("aé b\"c".utf8) + [0xA7]
        for length in 0...40 {
            let plain = (0..<length).map { filler[$0 % filler.count] == delimiter ? 0x41 : filler[$0 % filler.count] }
            for end in [delimiter, 0x0A, 0x0D] {
                for place in 0..<max(length, 1) where length > 0 {
                    var bytes = plain
                    bytes[place] = end
                    // A second end after the first must not hide it.
                    if place + 3 < length { bytes[place + 3] = delimiter }
                    for from in [0, min(1, place), place] {
                        let found = bytes.withUnsafeBytes {
                            CSVScanner.fieldEnd($0.baseAddress!, from: from, count: length, delimiter: delimiter)
                        }
                        #expect(found == reference(bytes, from: from, delimiter: delimiter),
                                "delimiter \(delimiter), length \(length), place \(place), from \(from)")
                    }
                }
                if length > 0 {
                    let found = plain.withUnsafeBytes {
                        CSVScanner.fieldEnd($0.baseAddress!, from: 0, count: length, delimiter: delimiter)
                    }
                    #expect(found == length, "no end, length \(length)")
                }
            }
        }
    }
}

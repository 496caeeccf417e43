@testable import CardportJSON
import CardportTestSupport
import Foundation
import Testing

/// The shape of a property list, measured before Foundation decodes it. Binary lists are made by
/// Python's plistlib (which names an equal value once and refers to it again) or byte by byte.
@Suite struct PlistShapeTests {
    private func binary(_ python: String) throws -> [UInt8] {
        let directory = try TemporaryDirectory()
        let path = directory.file("made.plist")
        let python3 = try #require(ExternalProgram.find("python3", package: "python3"))
        let result = try ExternalProgram.run(python3, ["-c", "import plistlib,sys; plistlib.dump(\(python), open(sys.argv[1],'wb'), fmt=plistlib.FMT_BINARY)", path])
        #expect(result.status == 0, "python3 failed: \(result.errors)")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// `bplist00`, the values as given, an offset table of one byte per value, and the trailer.
    private func handMade(_ values: [[UInt8]], top: Int = 0, header: String = "bplist00") -> [UInt8] {
        var bytes = Array(header.utf8)
        var offsets: [UInt8] = []
        for value in values {
            offsets.append(UInt8(bytes.count))
            bytes += value
        }
        let table = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for number in [values.count, top, table] { bytes += withUnsafeBytes(of: UInt64(number).bigEndian, Array.init) }
        return bytes
    }

    @Test func aValueReferredToTwiceCountsTwice() throws {
        let shape = try PlistShape(measuring: try binary("{'a': ['x', 'x'], 'b': 'x'}"), upTo: 1000)
        // The dictionary, its two keys, the array, 'x' in it twice and 'x' under 'b'.
        #expect(shape.values == 7)
        #expect(shape.depth == 2)
    }

    @Test func valuesThatDoubleAtEachLevelStopAtTheLimit() {
        // Value i is an array naming value i + 1 twice; the last is an empty string.
        let levels = 40
        var values: [[UInt8]] = (0..<levels).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        values.append([0x50])
        let shape = try? PlistShape(measuring: handMade(values), upTo: 1_000_000)
        #expect(shape?.values == 1_000_001)
        #expect(shape?.depth == levels)
    }

    @Test func aSetIsMalformed() {
        #expect(throws: PlistShape.Malformed.self) { try PlistShape(measuring: handMade([[0xC1, 0x01], [0x50]]), upTo: 1000) }
        // Foundation reads any `bplist0?` as binary, so it is measured as binary.
        #expect(throws: PlistShape.Malformed.self) {
            try PlistShape(measuring: handMade([[0xC1, 0x01], [0x50]], header: "bplist01"), upTo: 1000)
        }
    }

    /// Many entries of the offset table naming one large array: reading every entry's references
    /// would hold billions of them. The walk stops at the limit instead.
    @Test func anOffsetTableThatNamesOneLargeArrayOftenStopsAtTheLimit() throws {
        let members = 60_000
        var bytes = Array("bplist00".utf8)
        bytes += [0xAF, 0x12] + withUnsafeBytes(of: UInt32(members).bigEndian, Array.init)
        for _ in 0..<members { bytes += [0x00, 0x01] }       // every member names value 1
        let table = bytes.count
        for _ in 0..<members { bytes += withUnsafeBytes(of: UInt32(8).bigEndian, Array.init) }   // every value is that array
        bytes += [0, 0, 0, 0, 0, 0, 4, 2]
        for number in [members, 0, table] { bytes += withUnsafeBytes(of: UInt64(number).bigEndian, Array.init) }
        let shape = try PlistShape(measuring: bytes, upTo: 1000)
        #expect(shape.values == 1001)
    }

    @Test func aListThatContainsItselfIsMalformed() {
        #expect(throws: PlistShape.Malformed.self) { try PlistShape(measuring: handMade([[0xA1, 0x00]]), upTo: 1000) }
        // Through another value, too.
        #expect(throws: PlistShape.Malformed.self) { try PlistShape(measuring: handMade([[0xA1, 0x01], [0xA1, 0x00]]), upTo: 1000) }
    }

    @Test func referencesAndOffsetsOutsideTheFileAreMalformed() {
        #expect(throws: PlistShape.Malformed.self) { try PlistShape(measuring: handMade([[0xA1, 0x07]]), upTo: 1000) }
        #expect(throws: PlistShape.Malformed.self) { try PlistShape(measuring: handMade([[0xAF, 0x10, 0xFF]]), upTo: 1000) }
        #expect(throws: PlistShape.Malformed.self) { try PlistShape(measuring: Array(handMade([[0x50]]).dropLast(3)), upTo: 1000) }
    }

    @Test func anXMLListsDepthIsItsDeepestArrayOrDictionary() throws {
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><array><array/><dict></dict></array></dict></plist>"
        #expect(try PlistShape(measuring: Array(xml.utf8), upTo: 1000).depth == 3)
        // A space or a line break after the name still opens a level; an empty element does not,
        // and neither does a tag in a comment or a CDATA section.
        let spaced = "<plist><dict ><key>a</key><array\n><array /><string><![CDATA[<array><array>]]></string></array></dict><!-- <dict><dict> --></plist>"
        #expect(try PlistShape(measuring: Array(spaced.utf8), upTo: 1000).depth == 2)
    }
}

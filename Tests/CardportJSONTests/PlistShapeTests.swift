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
    private func handMade(_ values: [[UInt8]], top: Int = 0) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
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
        let shape = try PlistShape(measuring: Array(xml.utf8), upTo: 1000)
        #expect(shape.depth == 3)
    }
}

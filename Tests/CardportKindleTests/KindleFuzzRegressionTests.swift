@testable import CardportKindle
import CardportCore
import CardportTestSupport
import Foundation
import Testing

/// Inputs the fuzzer found (Fuzz/Findings), kept so that what they broke stays fixed.
@Suite struct KindleFuzzRegressionTests {
    private func line(_ text: String) -> KindleMetadataLine? {
        Array(text.utf8).withUnsafeBytes { KindleMetadataLine.parse($0) }
    }

    @Test func aRangeEndTooLongToBeAnAbbreviationIsKeptAsWritten() throws {
        // The end has 34 digits: read as an abbreviation of the start, its scale overflowed `Int`.
        let parsed = try #require(line("- Your Highlight on Location 12-0000000000000000000000000007378920 | Added on Sunday, March 5, 2023 10:15:42 PM"))
        #expect(parsed.location.start == 12)
        #expect(parsed.location.end == 7_378_920)
    }

    @Test func rangeSumsNearTheLargestIntegerDoNotOverflow() {
        #expect(KindleRange.expand(first: Int.max - 5, last: 3, lastDigits: 1) == Int.max - 4)
        #expect(KindleRange.expand(first: Int.max - 1, last: 3, lastDigits: 1) == 3)
        #expect(KindleRange.expand(first: Int.max - 1, last: 999_999_999_999_999_998, lastDigits: 18) == 999_999_999_999_999_998)
        #expect(KindleRange.expand(first: 4536, last: 37, lastDigits: 2) == 4537)
        #expect(KindleRange.expand(first: 4598, last: 2, lastDigits: 1) == 4602)
    }

    @Test func theSavedInputReadsWithoutTrapping() throws {
        let url = URL(fileURLWithPath: PackagePaths.root).appendingPathComponent("Fuzz/Findings/kindle-expanded-last-overflow")
        let bytes = try [UInt8](Data(contentsOf: url))
        // The file holds a NUL byte, which a file input refuses; the parser itself must still read it.
        let result = KindleParser.parse(bytes, name: "finding.txt")
        #expect(result.clippings.map(\.kind) == [.note])
        #expect(result.clippings.first?.location.page == "5555555555555555555")
        // No line is exactly the separator: this is no clippings file.
        #expect(KindleFormat().sniff(Array(bytes.prefix(4096))) == .no)
    }
}

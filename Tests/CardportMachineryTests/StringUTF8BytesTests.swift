import CardportMachinery
import Foundation
import Testing

@Suite struct StringUTF8BytesTests {
    @Test(arguments: ["", "a", "Zoë", "small and ascii", String(repeating: "long text, “quoted” — ", count: 20), "🦀 emoji 🦀"])
    func givesTheStringsUTF8(text: String) {
        #expect(text.withUTF8Bytes { Array($0) } == Array(text.utf8))
    }

    @Test func readsAStringMadeFromFoundationsString() {
        let text = String(NSString(string: "Ein Mädchen, “quoted”, and more than fifteen bytes"))
        #expect(text.withUTF8Bytes { Array($0) } == Array(text.utf8))
    }
}

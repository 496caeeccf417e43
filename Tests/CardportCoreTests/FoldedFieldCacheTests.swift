@testable import CardportCore
import PropertyBased
import Testing

@Suite struct FoldedFieldCacheTests {
    @Test func aCachedFoldIsTheFold() async {
        await propertyCheck(count: 200, input: FoldingSamples.text) { text in
            var cache = FoldedFieldCache()
            let long = String(repeating: text + " ", count: 40)
            for value in [text, text.uppercased(), text, long, long] {
                let folded = cache.withFolded(value) { String(decoding: $0, as: UTF8.self) }
                #expect(folded == TextFolding.fold(value))
            }
        }
    }
}

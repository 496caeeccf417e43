@testable import Cardport
import CardportCore
import CardportJSON
import CardportTestSupport
import Foundation
import Testing

@Suite struct ParallelLineEncoderTests {
    private let cores = ProcessInfo.processInfo.activeProcessorCount

    @Test func aFormatWhoseRecordsEncodeIndependentlyIsEncodedInChunks() {
        #expect(JSONLinesFormat().descriptor.writesRecordsIndependently)
        #expect(ParallelLineEncoder.applies(to: JSONLinesFormat(), count: 100_000) == (cores > 1))
        #expect(!ParallelLineEncoder.applies(to: JSONLinesFormat(), count: ParallelLineEncoder.minimumCount - 1))
    }

    @Test func aFormatThatSaysNothingIsWrittenByOneWriter() {
        #expect(!NativeJSONFormat().descriptor.writesRecordsIndependently)
        #expect(!ParallelLineEncoder.applies(to: NativeJSONFormat(), count: 100_000))
        #expect(!ParallelLineEncoder.applies(to: StubFormat("lines", extensions: ["lines"]), count: 100_000))
    }
}

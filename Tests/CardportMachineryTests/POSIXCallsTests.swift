import CardportMachinery
import Foundation
import Testing

@Suite struct POSIXCallsTests {
    @Test func aFileStampChangesWithItsContent() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        let first = try #require(POSIXCalls.stamp(of: path))
        #expect(first.size == 3)
        try Data("three".utf8).write(to: URL(fileURLWithPath: path))
        let second = try #require(POSIXCalls.stamp(of: path))
        #expect(second.size == 5)
        #expect(POSIXCalls.stamp(of: path + ".missing") == nil)
    }

    @Test func aWriteToAPipeWhoseReaderIsGoneIsAnErrorNotASignal() throws {
        ProcessCalls.ignoreBrokenPipes()
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let written = [UInt8]("x".utf8).withUnsafeBytes { POSIXCalls.write(pipe.fileHandleForWriting.fileDescriptor, $0) }
        #expect(written == -1)
        #expect(POSIXCalls.errorNumber == EPIPE)
    }
}

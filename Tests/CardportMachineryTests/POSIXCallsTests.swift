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

    @Test func aWriteGivesTheCountThatOneCallTook() throws {
        // (A write after the reader is gone is not tried here: ignoring SIGPIPE would change how
        // every process the test run starts afterwards ends.)
        let pipe = Pipe()
        let written = [UInt8]("card".utf8).withUnsafeBytes { POSIXCalls.write(pipe.fileHandleForWriting.fileDescriptor, $0) }
        #expect(written == 4)
        try pipe.fileHandleForWriting.close()
        #expect(try pipe.fileHandleForReading.readToEnd() == Data("card".utf8))
    }
}

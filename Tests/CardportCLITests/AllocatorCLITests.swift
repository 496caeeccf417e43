import CardportTestSupport
import Testing

/// The tool runs with mimalloc as its allocator (Sources/CardportCLI/Allocator.swift).
@Suite struct AllocatorCLITests {
    @Test func theBinaryAllocatesThroughMimalloc() throws {
        // mimalloc prints its heap statistics at exit when asked to; glibc's malloc knows nothing of it.
        let result = try ExternalProgram.run(CLIRunner.binary, ["formats"], environment: ["MIMALLOC_SHOW_STATS": "1"])
        #expect(result.status == 0)
        #expect(result.errors.contains("heap stats:"))
    }

    @Test func theStatisticsAreOnlyPrintedWhenAsked() throws {
        let result = try ExternalProgram.run(CLIRunner.binary, ["formats"], environment: ["MIMALLOC_SHOW_STATS": "0"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
    }
}

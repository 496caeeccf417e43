import CFuzzerDriver
import Glibc
import FuzzSupport

/// libFuzzer target for CSV and its dialects, with the delimiter picked by the selector; the first input byte picks the format and options
/// (see `FuzzHarness`).
@main
enum FuzzCSV {
    /// Runs libFuzzer with the command line, as `main` in a C fuzzer would.
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }

    static let harness = FuzzHarness(formatIDs: ["csv", "readwise", "readwise-import", "todoist"], picksDelimiter: true)
}

/// The libFuzzer entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    FuzzCSV.harness.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

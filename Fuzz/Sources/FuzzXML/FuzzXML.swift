import CFuzzerDriver
import Glibc
import FuzzSupport

/// libFuzzer target for the XML and HTML bookmark formats; the first input byte picks the format and options
/// (see `FuzzHarness`).
@main
enum FuzzXML {
    /// Runs libFuzzer with the command line, as `main` in a C fuzzer would.
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }

    static let harness = FuzzHarness(formatIDs: ["opml", "xbel", "netscape"])
}

/// The libFuzzer entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    FuzzXML.harness.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

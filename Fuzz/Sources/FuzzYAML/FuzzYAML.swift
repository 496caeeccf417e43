import CFuzzerDriver
import Glibc
import FuzzSupport

/// libFuzzer target for YAML; the first input byte picks the format and options
/// (see `FuzzHarness`).
@main
enum FuzzYAML {
    /// Runs libFuzzer with the command line, as `main` in a C fuzzer would.
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }

    static let harness = FuzzHarness(formatIDs: ["yaml"])
}

/// The libFuzzer entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    FuzzYAML.harness.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

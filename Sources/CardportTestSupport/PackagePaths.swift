/// Paths inside the package, for tests that read `Samples/` or run the built `cardport`.
public enum PackagePaths {
    /// The package's root directory.
    public static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)   // Sources/CardportTestSupport/PackagePaths.swift
        return parts.joined(separator: "/")
    }()

    /// A file in `Samples/`.
    public static func sample(_ name: String) -> String { root + "/Samples/" + name }
}

import Foundation

/// The bytes of a property-list file, read whole through a file handle.
///
/// Not through Foundation's `Data(contentsOf:)`: it leaks the page-sized buffer it allocates for
/// an empty file (the `FuzzPlist` finding in Fuzz/README.md), and refuses a pipe
/// (`<(plutil -convert xml1 -o - Defaults.plist)`), which a handle reads to its end.
///
/// `nil` when the file holds more than `limit` bytes (a pipe has no size to check first).
///
/// ```swift
/// let data = try PlistFile.contents(of: "Defaults.plist", limit: 1 << 30)
/// ```
enum PlistFile {
    static func contents(of path: String, limit: Int) throws -> Data? {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let data = try handle.read(upToCount: limit == .max ? limit : limit + 1) ?? Data()
        return data.count > limit ? nil : data
    }
}

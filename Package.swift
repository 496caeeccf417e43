// swift-tools-version: 6.0
import PackageDescription

/// Language features every target builds with, so the modules read alike.
let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Cardport",
    products: [
        .library(name: "Cardport", targets: ["Cardport"]),
        .library(name: "CardportCore", targets: ["CardportCore"]),
        .executable(name: "cardport", targets: ["CardportCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/stencilproject/Stencil.git", from: "0.15.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // One compiler intrinsic, a prefetch, which Swift has no spelling for; a header, no library.
        .systemLibrary(name: "CPrefetch"),
        // The machinery floor: byte scans, UTF-8 and UTF-16, hashes, hash tables, threads, the
        // system calls of files; and, in a module of its own so that the core never links
        // libcrypto, the digests. Not products: their API is `package`, for the modules above only.
        .target(name: "CardportMachinery"),
        .target(name: "CardportDigests", dependencies: ["CLibCrypto"]),
        .target(name: "CardportCore", dependencies: ["CardportMachinery"]),
        .target(name: "CardportJSON", dependencies: ["CardportCore", "CardportMachinery", "CardportDigests"]),
        .target(name: "CardportCSV", dependencies: ["CardportCore", "CardportMachinery"]),
        .target(name: "CardportKindle", dependencies: ["CardportCore", "CardportMachinery"]),
        .target(name: "CardportTodoTxt", dependencies: ["CardportCore"]),
        .target(name: "CardportKOReader", dependencies: ["CardportCore"]),
        .target(name: "CardportBoox", dependencies: ["CardportCore"]),
        .target(name: "CardportCalibre", dependencies: ["CardportCore"]),
        .target(name: "CardportAppleBooks", dependencies: ["CardportCore", .product(name: "GRDBSQLite", package: "GRDB.swift")]),
        // GRDB's SQLite, to read a Kobo's database strictly read-only; never the store.
        .target(name: "CardportKobo", dependencies: ["CardportCore", .product(name: "GRDBSQLite", package: "GRDB.swift")]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "CardportYAML", dependencies: ["CardportCore", "CardportMachinery", "CardportJSON", "CYAML"]),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "CardportXML", dependencies: ["CardportCore", "CardportMachinery", "CLibXML2"]),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Stencil renders the notes of a vault from a user's template (`--template`).
        .target(
            name: "CardportMarkdown",
            dependencies: [
                "CardportCore", "CardportMachinery", "CardportYAML", "CCmarkGFM",
                .product(name: "Stencil", package: "Stencil"),
            ]
        ),
        .target(
            name: "CardportStore",
            dependencies: [
                "CardportCore", "CardportMachinery",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "Cardport",
            dependencies: [
                "CardportCore", "CardportMachinery", "CardportDigests", "CPrefetch", "CardportJSON", "CardportCSV", "CardportKindle", "CardportYAML", "CardportXML",
                "CardportMarkdown", "CardportTodoTxt", "CardportStore",
                "CardportKOReader", "CardportKobo", "CardportBoox", "CardportCalibre", "CardportAppleBooks",
            ]
        ),
        // mimalloc replaces the C library's malloc in the command-line tool: records made on one
        // thread and freed on another made glibc's arenas contend (Documentation/Internals.md, "The
        // allocator"). Debian ships no mimalloc.pc; the header and library are on the default paths.
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        .executableTarget(
            name: "CardportCLI",
            dependencies: [
                "Cardport", "CMimalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "CardportTestSupport",
            dependencies: [
                "CardportCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardportMachineryTests",
            dependencies: [
                "CardportMachinery", "CardportTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardportDigestsTests",
            dependencies: ["CardportDigests", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "CardportCoreTests",
            dependencies: [
                "CardportCore", "CardportMachinery", "CardportTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardportJSONTests",
            dependencies: [
                "CardportJSON", "CardportTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardportCSVTests",
            dependencies: [
                "CardportCSV", "Cardport", "CardportTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardportKindleTests",
            dependencies: [
                "CardportKindle", "Cardport", "CardportTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardportKOReaderTests",
            dependencies: ["CardportKOReader", "CardportTestSupport"]
        ),
        .testTarget(
            name: "CardportKoboTests",
            dependencies: ["CardportKobo", "CardportTestSupport"]
        ),
        .testTarget(
            name: "CardportBooxTests",
            dependencies: ["CardportBoox", "CardportTestSupport"]
        ),
        .testTarget(
            name: "CardportCalibreTests",
            dependencies: ["CardportCalibre", "CardportTestSupport"]
        ),
        .testTarget(
            name: "CardportAppleBooksTests",
            dependencies: ["CardportAppleBooks", "CardportTestSupport"]
        ),
        .testTarget(
            name: "CardportYAMLTests",
            dependencies: [
                "CardportYAML", "CardportJSON", "CardportTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardportXMLTests",
            dependencies: [
                "CardportXML", "CardportTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardportMarkdownTests",
            dependencies: [
                "CardportMarkdown", "CardportTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardportTodoTxtTests",
            dependencies: [
                "CardportTodoTxt", "CardportTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardportStoreTests",
            dependencies: [
                "CardportStore", "CardportTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CardportTests",
            dependencies: ["Cardport", "CardportMachinery", "CardportDigests", "CardportTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "CardportCLITests",
            dependencies: ["CardportCLI", "CardportStore", "CardportTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            // Read from the source tree by TranscriptTests, which rewrites them on request.
            exclude: ["Transcripts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}

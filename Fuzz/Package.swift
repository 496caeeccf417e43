// swift-tools-version: 6.0
import PackageDescription

/// One libFuzzer executable per reader module. Build with the sanitizers on the command line, so
/// the readers themselves carry the coverage instrumentation:
///
///     swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address
///
/// `Fuzz/run` does this; see Fuzz/README.md.
let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Each executable's `@main` hands its command line to libFuzzer's driver: SwiftPM renames an
/// executable's entry point, so libFuzzer's own `main` would never be linked.
let fuzzerSettings: [SwiftSetting] = upcomingFeatures + [.unsafeFlags(["-parse-as-library"])]

/// Target name and the reader modules it exercises.
let fuzzers: [(name: String, module: String)] = [
    ("FuzzJSON", "CardportJSON"),
    ("FuzzCSV", "CardportCSV"),
    ("FuzzYAML", "CardportYAML"),
    ("FuzzXML", "CardportXML"),
    ("FuzzMarkdown", "CardportMarkdown"),
    ("FuzzKindle", "CardportKindle"),
    ("FuzzTodoTxt", "CardportTodoTxt"),
    ("FuzzEReaders", "CardportKOReader, CardportBoox, CardportCalibre"),
    ("FuzzPlist", "CardportJSON"),
    ("FuzzResolution", "Cardport"),
]

let package = Package(
    name: "CardportFuzz",
    dependencies: [.package(name: "Cardport", path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: ["CFuzzerDriver", .product(name: "Cardport", package: "Cardport")],
            swiftSettings: upcomingFeatures
        ),
    ] + fuzzers.map { fuzzer in
        .executableTarget(
            name: fuzzer.name,
            dependencies: ["FuzzSupport"],
            swiftSettings: fuzzerSettings
        )
    },
    swiftLanguageModes: [.v6]
)

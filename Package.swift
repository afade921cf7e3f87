// swift-tools-version:6.0
import Foundation
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// SQLite, ncurses and the C++ library linked in from Debian's archives too, when `StaticLibraries/` (links to them)
/// resolves: the linker searches that directory first and takes the `.a` it finds for `-lsqlite3`, `-lncursesw` and
/// `-lstdc++`, so the loader no longer opens, maps and binds four more libraries (about 3,800 symbols) on every start.
/// libcurl, libcrypto and libz stay shared: libcurl itself needs them. Without the archives, all of them are shared.
let staticLibraries: [String] = {
    let directory = Context.packageDirectory + "/StaticLibraries"
    let archives = ["libsqlite3.a", "libncursesw.a", "libtinfo.a", "libstdc++.a"]
    guard archives.allSatisfy({ FileManager.default.fileExists(atPath: directory + "/" + $0) }) else { return [] }
    // libtinfo is named (the shared ncursesw lists it itself); libstdc++ again after Foundation's ICU, which needs it.
    return ["-L" + directory, "-ltinfo", "-lstdc++"]
}()

/// The Swift runtime and Foundation linked into the release binary (as `swift build --static-swift-stdlib` does, for
/// this one executable): the static Foundation's own C parts are named because the modules were compiled against the
/// shared Foundation, whose link entries do not list them. The binary is not position-independent (`-no-pie`): the
/// loader then has no ~86,000 relative relocations to apply and no pages to copy for them on every start.
let staticRuntime = [
    "-static-stdlib", "-Xclang-linker", "-no-pie", "-Xlinker", "--start-group", "-lFoundation",
    "-lFoundationEssentials", "-lFoundationInternationalization", "-lCoreFoundation", "-l_FoundationICU",
    "-l_FoundationCShims", "-l_FoundationCollections", "-Xlinker", "--end-group",
] + staticLibraries

let package = Package(
    name: "Offstage",
    products: [
        .executable(name: "offstage", targets: ["offstage"]),
        .executable(name: "offstage-bench", targets: ["offstage-bench"]),
    ],
    targets: [
        // System libraries from Debian, wrapped with a shim header (no pkg-config).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CNCurses", providers: [.apt(["libncursesw5-dev"])]),
        .systemLibrary(name: "CCrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),

        // The pure domain: no I/O.
        .target(name: "OffstageCore", swiftSettings: strict),
        // The shells' one reader of the real clocks (wall and monotonic), behind the core's `TimeSource`.
        .target(name: "OffstageClock", dependencies: ["OffstageCore"], swiftSettings: strict),
        // The stop signals (INT, TERM, HUP) on one thread for the whole process: C for the forwarding handler.
        .target(name: "COffstageSignals"),
        .target(name: "OffstageSignals", dependencies: ["COffstageSignals"], swiftSettings: strict),
        .target(name: "OffstageStore", dependencies: ["OffstageCore", "CSQLite"], swiftSettings: strict),
        .target(name: "OffstageHTTP", dependencies: ["OffstageCore", "OffstageClock", "CCurl"], swiftSettings: strict),
        .target(name: "OffstageOrigin", dependencies: ["CCrypto", "CZlib"], swiftSettings: strict),
        .target(
            name: "OffstageRuntime",
            dependencies: [
                "OffstageCore", "OffstageClock", "OffstageStore", "OffstageHTTP", "OffstageSignals", "CCrypto",
            ],
            swiftSettings: strict
        ),
        .target(name: "OffstageUI", dependencies: ["OffstageCore"], swiftSettings: strict),
        // The terminal's signal trap: C, so the process has one copy of its state.
        .target(name: "COffstageTrap"),
        .target(
            name: "OffstageTerminal", dependencies: ["OffstageUI", "CNCurses", "COffstageTrap", "OffstageSignals"],
            swiftSettings: strict),
        .target(
            name: "OffstageDashboard",
            dependencies: ["OffstageCore", "OffstageClock", "OffstageUI", "OffstageRuntime"],
            swiftSettings: strict
        ),
        .target(
            name: "OffstageTestSupport",
            dependencies: [
                "OffstageCore", "OffstageStore", "OffstageOrigin", "OffstageUI", "OffstageRuntime", "OffstageDashboard",
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "offstage",
            dependencies: [
                "OffstageCore", "OffstageClock", "OffstageStore", "OffstageHTTP", "OffstageOrigin", "OffstageRuntime",
                "OffstageUI", "OffstageTerminal", "OffstageDashboard", "OffstageSignals",
            ],
            swiftSettings: strict,
            // Release builds carry the Swift runtime and Foundation inside the binary: every command starts in about
            // half the time (the dynamic loader resolved ~20 Swift libraries' symbols on each start).
            linkerSettings: [.unsafeFlags(staticRuntime, .when(configuration: .release))]
        ),
        .executableTarget(
            name: "offstage-bench",
            dependencies: ["OffstageCore", "OffstageClock", "OffstageOrigin", "OffstageStore", "OffstageUI"],
            swiftSettings: strict),

        .testTarget(
            name: "OffstageCoreTests", dependencies: ["OffstageCore", "OffstageTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "OffstageStoreTests",
            dependencies: ["OffstageStore", "OffstageTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "OffstageHTTPTests",
            dependencies: ["OffstageHTTP", "OffstageOrigin", "OffstageTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "OffstageUITests",
            dependencies: ["OffstageUI", "OffstageTestSupport"],
            resources: [.copy("Golden")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "OffstageDashboardTests",
            dependencies: ["OffstageDashboard", "OffstageUI", "OffstageTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "OffstageTerminalTests",
            dependencies: ["OffstageTerminal", "OffstageUI", "OffstageDashboard", "CNCurses", "OffstageTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "OffstageSignalsTests", dependencies: ["OffstageSignals"], swiftSettings: strict),
        .testTarget(
            name: "OffstageOriginTests",
            dependencies: ["OffstageOrigin"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "OffstageRuntimeTests",
            dependencies: ["OffstageRuntime", "OffstageClock", "OffstageTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "OffstageEndToEndTests",
            dependencies: [
                "offstage", "OffstageCore", "OffstageStore", "OffstageOrigin", "OffstageRuntime", "OffstageUI",
                "OffstageTestSupport",
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

// `EMBEDDED_WASM=1 swift build --triple wasm32-unknown-none-wasm --product VeilWasm` builds the core
// in Embedded Swift for the browser (see mk/wasm.mk and docs/ARCHITECTURE.md). The gate is an
// environment variable because `.when(platforms:)` cannot match the `none` OS of that triple.
let embeddedWasm = Context.environment["EMBEDDED_WASM"] != nil

// VEIL_WASM_SWIFTFLAGS adds compiler flags to that build, for size experiments (tools/wasm/size-report.py).
let embeddedSwiftSettings: [SwiftSetting] = embeddedWasm ? [
    .enableExperimentalFeature("Embedded"),
    .enableExperimentalFeature("Extern"),
    // No closure specialization: a copy of a function per closure passed to it (Node.update(at:_:) ×7)
    // costs 4 KB of veil.wasm (docs/EMBED.md, the size figures).
    .unsafeFlags(["-wmo", "-Osize", "-Xfrontend", "-disable-stack-protector",
                  "-Xllvm", "-sil-disable-pass=closure-specialize"]
        + (Context.environment["VEIL_WASM_SWIFTFLAGS"] ?? "").split(separator: " ").map(String.init)),
] : []

var products: [Product] = [
    .library(name: "VeilCore", targets: ["VeilCore"]),
]
var targets: [Target] = [
    .target(name: "VeilCore", swiftSettings: embeddedSwiftSettings),
]

if embeddedWasm {
    // The wasm module: only the core and its C-ABI exports; linked by wasm-ld without any SDK.
    products.append(.executable(name: "VeilWasm", targets: ["VeilWasm"]))
    targets.append(.executableTarget(
        name: "VeilWasm",
        dependencies: ["VeilCore"],
        swiftSettings: embeddedSwiftSettings + [.unsafeFlags(["-parse-as-library"])],
        linkerSettings: [.unsafeFlags(wasmLinkerFlags())]
    ))
} else {
    products += [
        .executable(name: "veil", targets: ["veil"]),
        // Patch-stream tests for Swift Testing and XCTest: `expectPatchStream(scene:events:matches:)`.
        .library(name: "VeilTesting", targets: ["VeilTesting"]),
        .library(name: "Veil", targets: ["Veil"]),
    ]
    targets += [
        // The same exports, built natively so the C ABI is tested by `swift test`.
        .target(name: "VeilWasm", dependencies: ["VeilCore"]),
        .systemLibrary(name: "CLibWebSockets", pkgConfig: "libwebsockets",
                       providers: [.apt(["libwebsockets-dev"])]),
        .target(name: "VeilServer", dependencies: [
            "VeilCore", "VeilStreamTools", "CLibWebSockets",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Recorded streams: reading, replaying, describing and comparing them in words (docs/TESTING.md).
        .target(name: "VeilStreamTools", dependencies: ["VeilCore"]),
        .target(name: "VeilTesting", dependencies: ["VeilCore", "VeilStreamTools"]),
        // The core for Swift code: String ids, host events from each tick, one error type.
        .target(name: "Veil", dependencies: ["VeilCore"]),
        .executableTarget(name: "veil", dependencies: [
            "VeilCore", "VeilServer", "VeilStreamTools",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "VeilCoreTests", dependencies: [
            "VeilCore", "VeilWasm",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ], resources: [.copy("../Vectors")]),
        .testTarget(name: "VeilTestingTests", dependencies: ["VeilCore", "VeilStreamTools", "VeilTesting"]),
        .testTarget(name: "VeilTests", dependencies: ["Veil", "VeilCore"]),
        // The server's rules, without sockets: admission, the host check, parked sessions.
        .testTarget(name: "VeilServerTests", dependencies: ["VeilServer", "VeilCore"]),
    ]
}

func wasmLinkerFlags() -> [String] {
    let exports = [
        "veil_alloc", "veil_free", "veil_session_new", "veil_session_free", "veil_perform",
        "veil_input", "veil_tick", "veil_keyframe", "veil_output", "veil_error", "veil_next_change",
        "veil_describe",
    ]
    let wasmLibs = Context.environment["VEIL_WASM_LIBS"] ?? ""
    // VEIL_WASM_NAMES=1 keeps the name section (for tools/wasm/size-report.sh); the shipped module is stripped.
    let strip = Context.environment["VEIL_WASM_NAMES"] != nil ? [] : ["--strip-all"]
    return ["-Xclang-linker", "-nostdlib"]
        + (["--no-entry", "--gc-sections"] + strip + ["--stack-first", "-z", "stack-size=262144"]
            + exports.map { "--export=\($0)" }).flatMap { ["-Xlinker", $0] }
        + wasmLibs.split(separator: " ").flatMap { ["-Xlinker", String($0)] }
}

let package = Package(
    name: "Veil",
    products: products,
    dependencies: embeddedWasm ? [] : [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: targets
)

// swift-tools-version: 6.1
import PackageDescription

// veil.wasm (the core in Embedded Swift for the browser) is built by `make wasm` with swiftc and
// wasm-ld (mk/wasm.mk: both modules linked as bitcode, which SwiftPM cannot do); here VeilWasm's
// exports are built natively, so `swift test` tests the C ABI.

let package = Package(
    name: "Veil",
    products: [
        .library(name: "VeilCore", targets: ["VeilCore"]),
        .executable(name: "veil", targets: ["veil"]),
        // Patch-stream tests for Swift Testing and XCTest: `expectPatchStream(scene:events:matches:)`.
        .library(name: "VeilTesting", targets: ["VeilTesting"]),
        .library(name: "Veil", targets: ["Veil"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(name: "VeilCore"),
        // The wasm module's C-ABI exports, built natively so the C ABI is tested by `swift test`.
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
)

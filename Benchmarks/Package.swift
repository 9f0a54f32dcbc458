// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in their own package so the main package's build and tests do not pull in
// package-benchmark. Run with `swift package benchmark` from this directory (or `make bench`).
let package = Package(
    name: "VeilBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Veil", path: ".."),
        // The MallocInterposer trait alone: the default traits would also ask for the Linux runtime
        // interposer package, which the package mirror does not carry.
        .package(url: "https://github.com/ordo-one/benchmark.git", exact: "1.38.1",
                 traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SessionTicks",
            dependencies: [
                .product(name: "VeilCore", package: "Veil"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SessionTicks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

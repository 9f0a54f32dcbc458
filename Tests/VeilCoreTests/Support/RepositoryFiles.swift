import Foundation

/// The repository's root, for tests that read examples/ (the golden streams themselves are checked
/// by `veil test examples` in `make test-cli` and by Tests/VeilTestingTests).
enum RepositoryFiles {
    /// This file is Tests/VeilCoreTests/Support/RepositoryFiles.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
}

import ArgumentParser
import Foundation
import VeilStreamTools

/// (A `Failure` thrown as is would be printed by ArgumentParser with an "Error: " prefix; the
/// `file:line:column: message` form is meant for editors and scripts, so it is printed bare.)
extension Failure {
    /// Prints the lines on standard error and gives the exit code to throw (status 1).
    func report() -> ExitCode {
        for line in lines { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        return ExitCode.failure
    }
}

/// Runs `body`, turning a `Failure` into its message and exit status 1.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let failure as Failure {
        throw failure.report()
    }
}

import Foundation

// The start-up floor for BENCHMARKS.md: a Foundation hello-world, built the
// same way as `booking`, so the cold-start figure of the offline trip viewer
// is measured against what any Foundation program pays to start.
FileHandle.standardOutput.write(Data("hello\n".utf8))

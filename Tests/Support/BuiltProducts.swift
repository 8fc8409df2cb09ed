import Foundation

/// Finds executables this package builds, next to the running test bundle.
public enum BuiltProducts {
    /// The package's root directory.
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/Support/BuiltProducts.swift
        return url.path
    }()

    /// The path of the built executable `name`, or nil when it is not built.
    public static func executable(_ name: String) -> String? {
        var candidates: [String] = []
        if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
            candidates.append(bundle.appendingPathComponent(name).path)
            // On Apple platforms the test bundle is a directory inside the products.
            candidates.append(
                bundle.deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent(name).path)
        }
        let argument0 = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        candidates.append(argument0.appendingPathComponent(name).path)
        candidates.append((packageRoot as NSString).appendingPathComponent(".build/debug/\(name)"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

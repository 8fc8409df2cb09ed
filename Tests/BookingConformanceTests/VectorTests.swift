import BookingCore
import BookingKit
import Foundation
import TestSupport
import Testing

/// `Vectors/`: the transition tables and scenario traces of every flow,
/// generated from the reducers. Fails when the committed files and the
/// reducers disagree; `BOOKINGKIT_UPDATE_VECTORS=1` writes them anew.
@Suite struct VectorTests {
    static let updateVariable = "BOOKINGKIT_UPDATE_VECTORS"

    static func caseName(_ value: some Any) -> String {
        Mirror(reflecting: value).children.first?.label ?? String(describing: value)
    }

    static func vectors(_ flow: String) throws -> FlowVectors {
        switch flow {
        case "booking":
            return try FlowVectors.make(BookingFlow.self, maxDepth: 6, maxStates: 300) { $0.logName }
        case "payment":
            return try FlowVectors.make(PaymentFlow.self, maxDepth: 8, maxStates: 600) { caseName($0) }
        case "cancel":
            return try FlowVectors.make(CancelFlow.self, maxDepth: 10, maxStates: 600) { caseName($0) }
        default:
            return try FlowVectors.make(ModifyFlow.self, maxDepth: 10, maxStates: 600) { caseName($0) }
        }
    }

    @Test(arguments: ["booking", "payment", "cancel", "modify"])
    func theCommittedVectorsAreTheReducers(_ flow: String) throws {
        let vectors = try Self.vectors(flow)
        let root = (BuiltProducts.packageRoot as NSString).appendingPathComponent("Vectors")
        for (folder, text) in [("tables", vectors.table), ("traces", vectors.traces)] {
            let path = "\(root)/\(folder)/\(flow).json"
            if ProcessInfo.processInfo.environment[Self.updateVariable] == "1" {
                try FileManager.default.createDirectory(
                    atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                continue
            }
            let committed = try String(contentsOfFile: path, encoding: .utf8)
            #expect(
                committed == text,
                "Vectors/\(folder)/\(flow).json is not what the reducer answers: \(Self.updateVariable)=1 swift test --filter VectorTests"
            )
        }
    }
}

import Foundation
import Testing

/// `booking diagram --flow payment`: the booking flow's payment
/// sub-machine, drawn from its own reducer like every flow.
@Suite struct DiagramCommandTests {
    /// `booking diagram --flow FLOW --format table --json`'s document,
    /// checked to name `flow`.
    static func table(of flow: String) async throws -> [String: Any] {
        let diagram = try await InProcess(sharing: Booking(label: "cli-\(flow)-diagram")).run([
            "diagram", "--flow", flow, "--format", "table", "--json",
        ])
        #expect(diagram.status == 0, "\(diagram.error)")
        let document = try diagram.json()
        #expect(document["flow"] as? String == flow)
        return document
    }

    @Test func thePaymentSubMachineHasItsOwnDiagram() async throws {
        let document = try await Self.table(of: "payment")
        let stages = Set(document["stages"] as? [String] ?? [])
        #expect(stages.isSuperset(of: ["submitting", "unknown", "actionRequired", "processing"]), "\(stages)")
        // The booking flow's own stages are not in it: it is the payment part only.
        #expect(!stages.contains("held") && !stages.contains("browsing"), "\(stages)")
    }
}

/// Renders figures for a terminal or for BENCHMARKS.md.
struct Report {
    let figures: [Figure]
    let machine: MachineInfo
    let scale: Scale
    /// The 1-minute load average when the run ended.
    let loadAtEnd: Double

    /// What a figure's met column says.
    private func verdict(_ figure: Figure) -> String {
        guard scale == .full else { return "n/a (quick)" }
        switch figure.met {
        case nil: return "(no goal)"
        case true?: return "met"
        case false?: return "NOT MET"
        }
    }

    private func value(_ amount: Int64, _ figure: Figure) -> String {
        switch figure.kind {
        case .latency: return Format.microseconds(amount)
        case .throughput(let items, let unit): return Format.rate(amount, items: items, unit: unit)
        case .peakMemory: return Format.count(Int(amount)) + " KiB"
        case .count(let unit): return Format.count(Int(amount)) + " " + unit
        }
    }

    private var machineLines: [String] {
        [
            "Machine: \(machine.processors) cores, \(machine.cpuModel), Linux \(machine.kernel)",
            "Disk: \(machine.fileSystem); SQLite \(machine.sqliteVersion)",
            "Load average (1 min): \(Format.number(machine.loadAtStart, decimals: 2)) at start, "
                + "\(Format.number(loadAtEnd, decimals: 2)) at end",
        ]
    }

    /// Plain text, one block per figure.
    var text: String {
        var lines = machineLines
        if scale == .quick { lines.append("Quick mode: tiny counts, the times mean nothing.") }
        for figure in figures {
            lines.append("")
            lines.append(figure.name + "  [\(figure.detail)]")
            lines.append("  \(Self.padded(figure.sides.measured))\(value(figure.store, figure))")
            lines.append("  \(Self.padded(figure.sides.baseline))\(value(figure.baseline, figure))")
            let goal = figure.goal.map { "   goal \($0.description)" } ?? ""
            lines.append("  ratio         \(Format.ratio(figure.ratio))\(goal)   \(verdict(figure))")
        }
        return lines.joined(separator: "\n")
    }

    /// `label` and spaces up to the values' column.
    private static func padded(_ label: String) -> String {
        label + String(repeating: " ", count: max(1, 14 - label.count))
    }

    /// The machine lines and the table of BENCHMARKS.md.
    var markdown: String {
        var lines = machineLines.map { "- " + $0 }
        lines.append("")
        lines.append("| figure | measured | baseline | ratio | goal | met |")
        lines.append("| --- | ---: | ---: | ---: | --- | --- |")
        for figure in figures {
            let cells = [
                figure.name, value(figure.store, figure), value(figure.baseline, figure),
                Format.ratio(figure.ratio), figure.goal?.description ?? "", verdict(figure),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        // One line per distinct detail (a suite's p50 and p99 share one).
        var groups: [(names: [String], detail: String)] = []
        for figure in figures where !figure.detail.isEmpty {
            if let last = groups.indices.last, groups[last].detail == figure.detail {
                groups[last].names.append(figure.name)
            } else {
                groups.append(([figure.name], figure.detail))
            }
        }
        for group in groups {
            lines.append("- \(group.names.joined(separator: "; ")): \(group.detail).")
        }
        return lines.joined(separator: "\n")
    }
}

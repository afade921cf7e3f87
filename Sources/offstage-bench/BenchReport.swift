import Foundation

/// The figures of one `transfer` run, the targets they are held to, and their printed forms.
struct BenchReport: Encodable, Sendable {
    static let wallTarget = 0.85
    static let cpuTarget = 0.6
    static let peakTargetMiB = 40.0

    var size: Int64
    var quarterSize: Int64
    var rounds: Int
    var tools: [ToolSummary]
    /// offstage's peak RSS for the quarter-size file (one run).
    var quarterPeakMiB: Double

    private var offstage: ToolSummary? { tools.first { $0.tool == "offstage" } }

    /// Targets: offstage wall ≤ 0.85× and CPU ≤ 0.6× curl (paired), worst peak of the timed runs ≤ 40 MiB.
    var wallMet: Bool { (offstage?.wallRatioVsCurl ?? .infinity) <= Self.wallTarget }
    var cpuMet: Bool { (offstage?.cpuRatioVsCurl ?? .infinity) <= Self.cpuTarget }
    var memoryMet: Bool { (offstage?.maxPeakMiB ?? .infinity) <= Self.peakTargetMiB }
    /// Flat: the full-size median peak is within 2 MiB or 10 % of the quarter-size peak.
    var memoryFlat: Bool {
        let full = offstage?.medianPeakMiB ?? 0
        return abs(full - quarterPeakMiB) <= max(2, 0.1 * quarterPeakMiB)
    }

    private enum CodingKeys: String, CodingKey {
        case size, quarterSize, rounds, tools, quarterPeakMiB, wallMet, cpuMet, memoryMet, memoryFlat
    }

    init(size: Int64, quarterSize: Int64, rounds: Int, tools: [ToolSummary], quarterPeakMiB: Double) {
        self.size = size
        self.quarterSize = quarterSize
        self.rounds = rounds
        self.tools = tools
        self.quarterPeakMiB = quarterPeakMiB
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(quarterSize, forKey: .quarterSize)
        try container.encode(rounds, forKey: .rounds)
        try container.encode(tools, forKey: .tools)
        try container.encode(quarterPeakMiB, forKey: .quarterPeakMiB)
        try container.encode(wallMet, forKey: .wallMet)
        try container.encode(cpuMet, forKey: .cpuMet)
        try container.encode(memoryMet, forKey: .memoryMet)
        try container.encode(memoryFlat, forKey: .memoryFlat)
    }

    /// The human table.
    func table() -> String {
        var lines = [
            "",
            "offstage-bench transfer: \(ByteSize.text(size)) from nginx on 127.0.0.1, \(rounds) timed rounds after 1 warm-up",
            "(medians; x/curl = median of per-round ratios against curl in the same round)",
            "",
            row("tool", "wall s", "CPU s", "peak MiB", "wall/curl", "CPU/curl"),
        ]
        for tool in tools {
            lines.append(
                row(
                    tool.tool, Fixed.text(tool.medianWallSeconds, 3), Fixed.text(tool.medianCPUSeconds, 3),
                    Fixed.text(tool.medianPeakMiB, 1), Fixed.text(tool.wallRatioVsCurl, 2),
                    Fixed.text(tool.cpuRatioVsCurl, 2)))
        }
        guard let offstage else { return lines.joined(separator: "\n") }
        lines += [
            "",
            "targets (offstage):",
            "  wall   \(Fixed.text(offstage.wallRatioVsCurl, 2))x curl (target <= \(Fixed.text(Self.wallTarget, 2))x)   \(verdict(wallMet))",
            "  CPU    \(Fixed.text(offstage.cpuRatioVsCurl, 2))x curl (target <= \(Fixed.text(Self.cpuTarget, 2))x)   \(verdict(cpuMet))",
            "  memory \(Fixed.text(offstage.maxPeakMiB, 1)) MiB worst peak of \(offstage.runs) runs (target <= \(Fixed.text(Self.peakTargetMiB, 0)) MiB)   \(verdict(memoryMet))",
            "  peak vs size: \(ByteSize.text(quarterSize)) -> \(Fixed.text(quarterPeakMiB, 1)) MiB, \(ByteSize.text(size)) -> \(Fixed.text(offstage.medianPeakMiB, 1)) MiB (median)   \(memoryFlat ? "flat" : "GROWS with size")",
        ]
        return lines.joined(separator: "\n")
    }

    /// The same figures as pretty-printed JSON.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    private func verdict(_ met: Bool) -> String { met ? "met" : "NOT MET" }

    private func row(_ columns: String...) -> String {
        let widths = [10, 9, 9, 10, 11, 10]
        return zip(columns, widths).enumerated().map { index, pair in
            let (text, width) = pair
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return index == 0 ? text + padding : padding + text
        }.joined()
    }
}
